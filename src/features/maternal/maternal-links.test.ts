import { describe, expect, it } from 'vitest';
import { caseEditable, navNameOf, readShellQuery, shellHref } from './maternal-links';

describe('the maternal shell’s address', () => {
  it('returns to a #nav_name=<path> only', () => {
    expect(navNameOf('#nav_name=%2Fpublichealthwork%2Fdetail%2Fmaternalcase%3Farch_id%3D7')).toBe(
      '/publichealthwork/detail/maternalcase?arch_id=7',
    );
    expect(navNameOf('#nav_name=/publichealthwork/index')).toBe('/publichealthwork/index');
    // Any other hash is not a place to go back to.
    for (const hash of ['', '#x', '#/publichealthwork/index', '#nav_name=', '#nav=abc', '#nav_name=%E0%A4%A'])
      expect(navNameOf(hash)).toBeNull();
    // Nor a path leading out of the app.
    expect(navNameOf('#nav_name=https%3A%2F%2Fexample.com')).toBeNull();
    expect(navNameOf('#nav_name=%2F%2Fexample.com%2Fx')).toBeNull();
  });

  it('writes arch_id, otherId with its otherType, the LMP, the tab and the nav_name the shell reads', () => {
    const href = shellHref({ archId: '7', otherId: '9', lastMenstrualPeriod: '2026-01-02', tab: 'maternalArchive', navName: '/a?b=1' });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/publichealthwork/maternal/archive');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      arch_id: '7',
      otherId: '9',
      otherType: 'maternal',
      lastMenstrualPeriod: '2026-01-02',
      tab: 'maternalArchive',
    });
    expect(navNameOf(url.hash)).toBe('/a?b=1');
    expect(shellHref({ archId: '7' })).toBe('/publichealthwork/maternal/archive?arch_id=7');
  });
});

describe('the shell’s query', () => {
  const q = (s: string) => readShellQuery(new URLSearchParams(s));
  it('reads the LMP (a real date only) and BARCODE for filing', () => {
    expect(q('arch_id=1&lastMenstrualPeriod=2026-03-04&BARCODE=%20MB-77%20')).toEqual({
      lastMenstrualPeriod: '2026-03-04',
      barcode: 'MB-77',
      caseClosed: false,
    });
    for (const bad of ['2026-02-30', '2026-3-4', 'x', '']) expect(q(`lastMenstrualPeriod=${bad}`).lastMenstrualPeriod).toBeUndefined();
    expect(q(`BARCODE=${'9'.repeat(80)}`).barcode).toHaveLength(50);
  });

  it('keeps a closed case read-only unless editing closed cases is allowed', () => {
    expect(caseEditable('1', q(''), '')).toBe(true);
    expect(caseEditable('2', q(''), '')).toBe(false);
    expect(caseEditable('1', q('caseClosed=1'), '')).toBe(false);
    expect(caseEditable('2', q('ClosedCaseAllowsEditing=1'), '')).toBe(true);
    expect(caseEditable('2', q('ClosedCaseAllowsEditing=true'), '')).toBe(true);
    // The setting allows unless the query says otherwise.
    expect(caseEditable('2', q(''), '1')).toBe(true);
    expect(caseEditable('2', q('ClosedCaseAllowsEditing=0'), '1')).toBe(false);
    expect(caseEditable(undefined, q('caseClosed=true'), '')).toBe(false);
  });
});
