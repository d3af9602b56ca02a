import { describe, expect, it } from 'vitest';
import { ageStage } from '../helpers/body';
import { validateCodemapFile } from '../document/validate-document';
import { bandOf, CODEMAP_FILES, CODEMAPS, codeLabel, codeLabels, codemapOptions, TCM_QUESTIONS, withCodemapFallback } from './codemaps';

describe('codemaps', () => {
  it.each(Object.entries(CODEMAP_FILES))('%s satisfies the meta-schema', (_name, file) => {
    expect(validateCodemapFile(file).issues).toEqual([]);
  });

  it('has no code defined twice across files, nor a value twice in a map', () => {
    const count = Object.values(CODEMAP_FILES).reduce((n, f) => n + Object.keys(f.maps).length, 0);
    expect(Object.keys(CODEMAPS)).toHaveLength(count);
    for (const [code, map] of Object.entries(CODEMAPS)) {
      expect(new Set(map.items.map((i) => i.value)).size, code).toBe(map.items.length);
    }
  });

  it('holds the spec figures', () => {
    expect(codemapOptions('fu_method')?.map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(codemapOptions('fu_stop_reason')?.map((o) => o.value)).toEqual(['1', '2', '4']);
    expect(codemapOptions('drug_compliance')?.map((o) => o.value)).toEqual(['0', '1', '2']);
    expect(codemapOptions('pe_symptom')).toHaveLength(25);
    expect(codemapOptions('dm_case_type')).toHaveLength(6);
    expect(codemapOptions('dm_dorsal_artery')).toHaveLength(7);
    expect(codemapOptions('htn_symptom')).toHaveLength(10);
    expect(codemapOptions('stop_med_reason')).toHaveLength(5);
    expect(codeLabel('req_source', 'SFY')).toBe('省妇幼');
    expect(codeLabel('measure_item', 300005)).toBe('血压');
    expect(codemapOptions('search_operator')?.map((o) => o.value)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(CODEMAPS.indicator_unit?.items.find((i) => i.value === 'PR')?.unit).toBe('次/分钟');
    expect(CODEMAPS.selfcare_moving?.items.map((i) => i.value)).toEqual(['0', '1', '2', '3']);
  });

  it('has the 33 TCM questions with 9, 14, 17 and 28 banded', () => {
    expect(TCM_QUESTIONS).toHaveLength(33);
    expect(TCM_QUESTIONS.map((q) => q.no)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
    expect(TCM_QUESTIONS.filter((q) => q.band !== undefined).map((q) => q.no)).toEqual([9, 14, 17, 28]);
    for (const q of TCM_QUESTIONS) expect(CODEMAPS[q.scale]?.items).toHaveLength(5);
    expect(bandOf('tcm_q9_bmi', 23.9)?.value).toBe('1');
    expect(bandOf('tcm_q9_bmi', 24)?.value).toBe('2');
    expect(bandOf('tcm_q9_bmi', 27.99)?.value).toBe('4');
    expect(bandOf('tcm_q28_waist', 80)?.value).toBe('2');
    expect(bandOf('tcm_q28_waist', 106)?.value).toBe('5');
    expect(bandOf('tcm_q9_bmi', 30)?.value).toBe('5');
  });

  it('agrees with the age-stage helper and the living-skills bands', () => {
    for (const age of [0, 6, 7, 17, 18, 40, 41, 64, 65, 99]) {
      expect(bandOf('age_stage', age)?.label).toBe(ageStage(age)?.label);
      expect(codeLabel('age_stage', ageStage(age)?.code)).toBe(ageStage(age)?.label);
    }
    expect(bandOf('living_skills', 3)?.label).toBe('可自理');
    expect(bandOf('living_skills', 19)?.label).toBe('不能自理');
  });

  it('joins labels and falls back to code maps behind a lookup', () => {
    expect(codeLabels('htn_symptom', '2,9')).toBe('头痛头晕，下肢水肿');
    const lookup = withCodemapFallback((code) => (code === 'sex' ? [{ value: 'x', label: 'server' }] : undefined));
    const field = { fieldProp: 'f', fieldLabel: 'f', fieldType: 1 as const };
    expect(lookup('sex', field)).toEqual([{ value: 'x', label: 'server' }]);
    expect(lookup('fu_method', field)?.[0]).toEqual({ value: '1', label: '门诊' });
    expect(lookup('nope', field)).toBeUndefined();
  });
});
