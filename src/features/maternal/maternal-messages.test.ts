import { describe, expect, it } from 'vitest';
import type { FormDocument } from '../../engine';
import { bundledForm, bundledFormCodes } from '../../form-runtime';
import { maternalTabsFrom, openingTab, tabOfForm, tabShown } from './maternal-tabs';

const BUNDLED = bundledFormCodes().flatMap((code) => bundledForm(code) ?? []);
const TABS = maternalTabsFrom(BUNDLED);
const shownTabs = (params: Record<string, string>) => TABS.filter((t) => tabShown(t, params));
const shown = (params: Record<string, string>) => shownTabs(params).map((t) => t.key);
const formsOf = (tabs: ReturnType<typeof maternalTabsFrom>, key: string) => tabs.find((t) => t.key === key)?.formCodes?.map((f) => f.code);

/** A maternal form placed as a tab, titled `title`, on the first visit's page. */
const placedForm = (formCode: string, title: string, order: number): FormDocument => ({
  formCode,
  formName: title,
  version: 1,
  fields: [],
  placement: { kind: 'maternal', appliesTo: { sex: '2' }, tabs: [{ host: 'maternalfirstvisit', title, order }] },
});

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

describe('which forms a tab hosts: the forms’ placement.tabs', () => {
  it('puts each bundled maternal form in the tab its placement names, the host page first on 产检随访', () => {
    expect(TABS.find((t) => t.key === 'maternalFollowUp')?.formCodes).toEqual([
      { code: 'maternalfirstvisit', label: '第1次产前检查' },
      { code: 'maternalprenatal', label: '第2~5次产前随访' },
    ]);
    expect(formsOf(TABS, 'maternalScreening')).toEqual(['maternalscreening']);
    expect(formsOf(TABS, 'maternalProformation')).toEqual(['maternaldelivery']);
    expect(formsOf(TABS, 'maternalNeonatalvisit')).toEqual(['maternalnewborn']);
    expect(formsOf(TABS, 'maternalVisit')).toEqual(['maternalpostpartum']);
    expect(formsOf(TABS, 'maternalPosExamination')).toEqual(['maternalpostpartum42']);
    expect(formsOf(TABS, 'maternalDeathOfReport')).toEqual(['maternaldeath']);
    // Tabs no form names show screens of their own.
    for (const key of ['maternalArchive', 'maternalBabyVisit', 'maternalfiles']) expect(formsOf(TABS, key)).toBeUndefined();
  });

  it('a new form whose placement names a tab appears in it, after the forms placed before it; an unknown title joins the host page', () => {
    const tabs = maternalTabsFrom([
      ...BUNDLED,
      placedForm('maternalhomecare', '产后访视', 45),
      placedForm('maternalnutrition', '孕期营养', 25),
    ]);
    expect(tabs.find((t) => t.key === 'maternalVisit')?.formCodes).toEqual([
      { code: 'maternalpostpartum', label: '产后访视' },
      { code: 'maternalhomecare', label: '产后访视' },
    ]);
    expect(formsOf(tabs, 'maternalFollowUp')).toEqual(['maternalfirstvisit', 'maternalprenatal', 'maternalnutrition']);
    expect(tabOfForm(tabs, 'maternalhomecare')).toBe('maternalVisit');
  });

  it('ignores forms of other kinds and tabs on pages that are not maternal forms', () => {
    const other = {
      ...placedForm('x', '产后访视', 1),
      placement: { kind: 'followup' as const, tabs: [{ host: 'maternalfirstvisit', title: '产后访视' }] },
    };
    const elsewhere = {
      ...placedForm('y', '产后访视', 1),
      placement: { kind: 'maternal' as const, tabs: [{ host: 'hypertensionfollowup', title: '产后访视' }] },
    };
    expect(formsOf(maternalTabsFrom([...BUNDLED, other, elsewhere]), 'maternalVisit')).toEqual(['maternalpostpartum']);
  });
});

describe('the tab a form is on (the task centre opens the shell with ?form=)', () => {
  it('finds the tab holding the form; a form of no tab (or none) finds nothing', () => {
    expect(tabOfForm(TABS, 'maternalprenatal')).toBe('maternalFollowUp');
    expect(tabOfForm(TABS, 'maternalpostpartum42')).toBe('maternalPosExamination');
    expect(tabOfForm(TABS, 'maternalnewborn')).toBe('maternalNeonatalvisit');
    expect(tabOfForm(TABS, 'hypertensionfollowup')).toBeUndefined();
    expect(tabOfForm(TABS, undefined)).toBeUndefined();
  });

  it('opens the asked form’s tab only when the settings show it, else the first tab shown', () => {
    const newbornOn = shownTabs({ 'mother-newborn-visit': '2' });
    expect(openingTab(newbornOn, TABS, { form: 'maternalnewborn' })).toBe('maternalNeonatalvisit');
    expect(openingTab(shownTabs({}), TABS, { form: 'maternalnewborn' })).toBe('maternalArchive');
    expect(openingTab(shownTabs({ HIDE_PRENATAL_SCREENING: '1' }), TABS, { form: 'maternalscreening' })).toBe('maternalArchive');
    expect(openingTab(shownTabs({}), TABS, { tab: 'maternalBabyVisit' })).toBe('maternalArchive');
    expect(openingTab(shownTabs({}), TABS, { form: 'maternalprenatal' })).toBe('maternalFollowUp');
    expect(openingTab(shownTabs({}), TABS, {})).toBe('maternalArchive');
  });
});
