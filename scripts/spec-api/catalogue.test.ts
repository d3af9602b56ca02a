import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALLS_JSON, buildCatalogue, serialiseCatalogue } from './catalogue';
import type { SpecDocument } from './spec-documents';

describe('the spec call catalogue', () => {
  it('accounts for every line of the spec call sections and drops no name', () => {
    const { problems } = buildCatalogue();
    expect(problems).toEqual([]);
  });

  it('is what calls.json holds', () => {
    const { catalogue } = buildCatalogue();
    expect(fs.readFileSync(CALLS_JSON, 'utf8')).toBe(serialiseCatalogue(catalogue));
    expect(catalogue.calls.length).toBeGreaterThan(600);
  });
});

describe('the catalogue checks', () => {
  const documents: SpecDocument[] = [
    {
      doc: '000',
      file: '000_x.txt',
      lines: [
        '## 7. The calls it makes',
        '- dept: GET list, lazy-tree(parentId); POST remove',
        '- tenant: GET info(domain)',
        '## 8. Errors',
      ],
    },
    { doc: '001', file: '001_x.txt', lines: ['## 7. Calls'] },
    { doc: '002', file: '002_x.txt', lines: ['## 7. Calls'] },
  ];
  const good =
    '@000:2 blade-system\nGET dept/list, dept/lazy-tree(parentId)\nPOST dept/remove\n@000:3 blade-system\nGET tenant/info(domain)\n';

  it('accepts a faithful transcription and resolves paths against the base', () => {
    const { catalogue, problems } = buildCatalogue(good, documents);
    expect(problems).toEqual([]);
    expect(catalogue.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/blade-system/dept/list',
      'GET /api/blade-system/dept/lazy-tree',
      'POST /api/blade-system/dept/remove',
      'GET /api/blade-system/tenant/info',
    ]);
    expect(catalogue.calls[1]).toMatchObject({ params: ['parentId'], section: '§7. The calls it makes', specLine: 2, methodStated: true });
  });

  it('names an uncited line, a dropped name and a call the line does not name', () => {
    const { problems } = buildCatalogue('@000:2 blade-system\nGET dept/list, dept/tree\n', documents);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('000:3 names calls but no @000:3 block cites it'),
        expect.stringContaining('"lazy-tree", which no call'),
        expect.stringContaining('"tree" is not on that line'),
      ]),
    );
  });

  it('refuses a malformed line with its line number', () => {
    const { problems } = buildCatalogue(`${good}PUT dept/x\n`, documents);
    expect(problems).toEqual([expect.stringMatching(/^calls\.txt:6: expected "GET …"/)]);
  });
});
