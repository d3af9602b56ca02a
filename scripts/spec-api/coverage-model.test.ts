import { describe, expect, it } from 'vitest';
import type { CatalogueEntry } from './catalogue';
import { computeCoverage, parseLeftOut, summarise } from './coverage-model';

const entry = (
  doc: CatalogueEntry['doc'],
  method: CatalogueEntry['method'],
  path: string,
  methodStated = true,
  specLine = 1,
): CatalogueEntry => ({
  doc,
  section: '§7',
  specLine,
  method,
  methodStated,
  path,
  params: [],
});

describe('spec coverage', () => {
  const routes = [
    'GET /blade-system/dept/list',
    'POST /blade-system/dept/remove',
    'GET /blade-x/report/get-report-status/:id',
    'POST /blade-iph-business/form/publish',
  ];
  const hits = new Set(['GET /blade-system/dept/list', 'GET /blade-x/report/get-report-status/:id']);

  it('tells tested, untested, missing and left-out calls apart', () => {
    const coverage = computeCoverage(
      [
        entry('002', 'GET', '/api/blade-system/dept/list'),
        entry('002', 'POST', '/api/blade-system/dept/remove', false),
        entry('002', 'GET', '/api/blade-system/dept/tree'),
        entry('002', 'GET', '/api/blade-x/report/get-report-status/{id}'),
        entry('002', 'GET', '/api/blade-develop/code/list'),
      ],
      routes,
      hits,
      parseLeftOut('# comment\n/api/blade-develop/ — not generated here\n'),
    );
    expect(coverage.calls.map((c) => [c.path, c.state])).toEqual([
      ['/api/blade-system/dept/list', 'tested'],
      ['/api/blade-system/dept/remove', 'untested'],
      ['/api/blade-system/dept/tree', 'missing'],
      ['/api/blade-x/report/get-report-status/{id}', 'tested'],
      ['/api/blade-develop/code/list', 'left-out'],
    ]);
    expect(coverage.calls[4]?.reason).toBe('not generated here');
    expect(coverage.ownRoutes).toEqual(['POST /blade-iph-business/form/publish']);
  });

  it('does not let a route of the other method answer a call whose method the spec states', () => {
    const stated = computeCoverage([entry('000', 'GET', '/api/blade-system/dept/remove')], routes, hits, []);
    const unstated = computeCoverage([entry('000', 'GET', '/api/blade-system/dept/remove', false)], routes, hits, []);
    expect(stated.calls[0]?.state).toBe('missing');
    expect(unstated.calls[0]).toMatchObject({ state: 'untested', route: 'POST /blade-system/dept/remove' });
  });

  it('counts a call once per document, and once overall however many documents name it', () => {
    const coverage = computeCoverage(
      [
        entry('000', 'GET', '/api/blade-system/dept/list', true, 5),
        entry('000', 'GET', '/api/blade-system/dept/list', true, 9),
        entry('002', 'GET', '/api/blade-system/dept/list'),
      ],
      routes,
      hits,
      [],
    );
    expect(coverage.calls.find((c) => c.doc === '000')?.specLines).toEqual([5, 9]);
    const rows = summarise(coverage);
    expect(rows.find((r) => r.doc === '000' && r.service === 'all services')).toMatchObject({ total: 1, tested: 1 });
    expect(rows.at(-1)).toMatchObject({ doc: 'all', total: 1, implemented: 1 });
  });
});
