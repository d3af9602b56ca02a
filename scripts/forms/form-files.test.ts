import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalFileText, formFileTexts, readFormFileTexts, splitRules } from '../../src/engine';

const root = process.cwd(); // vitest runs from the project root
const read = (name: string) => ({ name, text: readFileSync(path.join(root, name), 'utf8') });
const BUNDLED = ['hypertensionfollowup', 'diabetesfollowup', 'healtheducation', 'hypertensionassessment'];

describe('the analysts files written back (splitRules, formFileTexts)', () => {
  it.each(BUNDLED)('split(merge(files)) gives back the files of %s byte for byte', (code) => {
    const files = [`schemas/${code}.json`, `rules/${code}.rules.json`, `rules/${code}.cases.json`].map(read);
    const merged = readFormFileTexts(files);
    if (!merged.ok) throw new Error(merged.problems.map((p) => p.text).join('\n'));
    expect(merged.document.fields.some((f) => f.reckons?.length)).toBe(true);
    expect(formFileTexts(merged.document, merged.cases)).toEqual(files);
  });

  it('a form without reckons has no rules file; a reckon without kind is a calc', () => {
    const doc = { formCode: 'x', formName: 'X', version: 1, fields: [{ fieldProp: 'a', fieldLabel: 'A', fieldType: 1 as const }] };
    expect(formFileTexts(doc).map((f) => f.name)).toEqual(['schemas/x.json']);
    const { rules, document } = splitRules({ ...doc, fields: [{ ...doc.fields[0]!, reckons: [{ id: 'a.calc', tcontent: '1' }] }] });
    expect(rules.rules).toEqual([{ id: 'a.calc', kind: 'calc', field: 'a', tcontent: '1' }]);
    expect(document.fields[0]).not.toHaveProperty('reckons');
    expect(canonicalFileText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });
});
