import { describe, expect, it } from 'vitest';
import { MATERNAL_TABS, tabOfForm, tabShown } from './maternal-messages';

const shown = (params: Record<string, string>) => MATERNAL_TABS.filter((t) => tabShown(t, params)).map((t) => t.key);

describe('the maternal shell’s top tabs (spec 001 line 17)', () => {
  it('hides 产前筛查 when HIDE_PRENATAL_SCREENING is 1, shows 新生儿登记 at mother-newborn-visit 2 and 新生儿访视 at isShowBabyVisit 1', () => {
    expect(shown({})).toEqual([
      'maternalArchive',
      'maternalScreening',
      'maternalFollowUp',
      'maternalProformation',
      'maternalVisit',
      'maternalPosExamination',
      'maternalDeathOfReport',
      'maternalfiles',
    ]);
    expect(shown({ HIDE_PRENATAL_SCREENING: '1' })).not.toContain('maternalScreening');
    expect(shown({ 'mother-newborn-visit': '2', isShowBabyVisit: '1' })).toEqual(
      expect.arrayContaining(['maternalNeonatalvisit', 'maternalBabyVisit']),
    );
    expect(shown({ 'mother-newborn-visit': '1', isShowBabyVisit: '0' })).not.toEqual(expect.arrayContaining(['maternalNeonatalvisit']));
  });
});

describe('the tab a form is on (the task centre opens the shell with ?form=)', () => {
  it('finds the tab holding the form; a form of no tab (or none) finds nothing', () => {
    expect(tabOfForm('maternalprenatal')).toBe('maternalFollowUp');
    expect(tabOfForm('maternalpostpartum42')).toBe('maternalPosExamination');
    expect(tabOfForm('maternalnewborn')).toBe('maternalNeonatalvisit');
    expect(tabOfForm('hypertensionfollowup')).toBeUndefined();
    expect(tabOfForm(undefined)).toBeUndefined();
  });
});
