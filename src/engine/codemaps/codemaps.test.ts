import { describe, expect, it } from 'vitest';
import { ageStage } from '../helpers/body';
import { validateCodemapFile } from '../document/validate-document';
import { buildCodemaps, isCodemapFileName, loadCodemaps, type CodemapFile } from './codemaps';

// The folder as a host reads it (the engine never does: it takes the files as data). Tests may glob.
const FOLDER = Object.fromEntries(
  Object.entries(import.meta.glob<unknown>('../../../codemaps/*.json', { eager: true, import: 'default' }))
    .map(([p, content]) => [p.split('/').pop() as string, content] as const)
    .filter(([name]) => isCodemapFileName(name)),
);
const MAPS = loadCodemaps(FOLDER);
const { codeLabel, codeLabels, codemapOptions, bandOf } = MAPS;
const CODEMAPS = MAPS.maps;
const CODEMAP_FILES = MAPS.files;
const TCM_QUESTIONS = CODEMAP_FILES['tcm-questionnaire.json']?.questions ?? [];
const withCodemapFallback = MAPS.withFallback;

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

// The spec's own figures (002 §9, 001 §9), map by map. Labels are checked where the spec gives them
// (in Chinese, or in English with one obvious Chinese form); elsewhere the codes are.
const range = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const valuesOf = (code: string): string[] | undefined => CODEMAPS[code]?.items.map((i) => i.value);
const labelsOf = (code: string): string[] | undefined => CODEMAPS[code]?.items.map((i) => i.label);

describe("the spec's code maps (002 §9, 001 §9)", () => {
  it('loads every codemaps/*.json file but the meta-schema, with no problem', () => {
    const files = Object.keys(import.meta.glob('../../../codemaps/*.json'))
      .map((p) => p.split('/').pop() as string)
      .filter((f) => f !== 'codemap.schema.json');
    expect(Object.keys(CODEMAP_FILES).sort()).toEqual(files.sort());
    expect(MAPS.problems).toEqual([]);
  });

  it.each<[string, string, string[], string[]?]>([
    // Physical exam.
    ['physical exam', 'pe_symptom', range(1, 25)],
    ['physical exam', 'exercise_frequency', range(1, 4)],
    ['physical exam', 'diet_habit', range(1, 6)],
    ['physical exam', 'smoking_status', range(1, 3)],
    ['physical exam', 'pe_drug_compliance', range(1, 3), ['规律', '间断', '不服药']],
    ['physical exam', 'self_rated_health', range(1, 5)],
    ['physical exam', 'living_skills', range(1, 4), ['可自理', '轻度依赖', '中度依赖', '不能自理']],
    ['physical exam', 'cognitive_screen', range(1, 2)],
    ['physical exam', 'affective_screen', range(1, 2)],
    // Elderly self-care scale.
    ['self-care', 'selfcare_eating', range(0, 3)],
    ['self-care', 'selfcare_grooming', range(0, 3)],
    ['self-care', 'selfcare_dressing', range(0, 3)],
    ['self-care', 'selfcare_toileting', range(0, 3)],
    ['self-care', 'selfcare_moving', range(0, 3)],
    // TCM questionnaire.
    ['TCM', 'tcm_frequency', range(1, 5)],
    ['TCM', 'tcm_q9_bmi', range(1, 5)],
    ['TCM', 'tcm_q14_colds', range(1, 5)],
    ['TCM', 'tcm_q17_allergy', range(1, 5)],
    ['TCM', 'tcm_q28_waist', range(1, 5)],
    ['TCM', 'tcm_guidance', range(1, 5)],
    // Hypertension and diabetes follow-up.
    ['follow-up', 'fu_method', range(1, 3), ['门诊', '家庭', '电话']],
    ['follow-up', 'fu_outcome', range(1, 3), ['继续随访', '暂时失访', '终止管理']],
    ['follow-up', 'fu_stop_reason', ['1', '2', '4'], ['死亡', '迁出', '拒绝']],
    ['follow-up', 'htn_symptom', range(1, 10)],
    ['follow-up', 'dm_symptom', range(1, 10)],
    ['follow-up', 'salt_intake', range(1, 3)],
    ['follow-up', 'mental_adjustment', range(1, 3)],
    ['follow-up', 'compliance', range(1, 3)],
    ['follow-up', 'drug_compliance', range(0, 2), ['规律', '间断', '不服药']],
    ['follow-up', 'stop_med_reason', range(1, 5)],
    ['follow-up', 'adverse_reaction', range(1, 2), ['无', '有']],
    ['follow-up', 'fu_class', range(1, 4), ['控制满意', '控制不满意', '不良反应', '并发症']],
    [
      'diabetes',
      'dm_case_type',
      range(1, 6),
      ['1型糖尿病', '2型糖尿病', '营养不良相关糖尿病', '糖耐量受损(IGT)', '空腹血糖受损(IFG)', '其他'],
    ],
    ['diabetes', 'dm_dorsal_artery', range(1, 7)],
    ['diabetes', 'hypoglycemia', range(1, 3), ['无', '偶尔', '频繁']],
    // Other maps.
    ['other', 'req_source', ['GW', 'SFY', 'JW', 'SYS'], ['公卫', '省妇幼', '基卫', '本系统']],
    ['other', 'age_stage', ['child', 'adolescent', 'youth', 'middle', 'elderly'], ['儿童', '少年', '青年', '中年', '老年']],
    ['other', 'message_category', ['6', '7'], ['通知', '更新记录']],
    ['other', 'device_type', ['1', '2', '3', '31', '32', '4', '7']],
    [
      'other',
      'measure_item',
      ['300001', '300002', '300004', '300005', '300006', '300007', '300008', '300009'],
      ['体温', '身高体重', '血氧', '血压', '血糖', '尿糖', '尿酸', '总胆固醇'],
    ],
    [
      'other',
      'indicator_unit',
      ['T', 'PR', 'SpO2', 'FBG', 'GLU', 'UA', 'TC', 'L-SBP', 'L-DBP', 'R-SBP', 'R-DBP', 'Ht', 'Wt', 'BMI', 'BFR'],
    ],
    ['001 §9', 'search_operator', range(0, 9), ['模糊', '>=', '<=', '=', '>', '<', '或', '且', '范围', '为空']],
  ])('%s: %s has the codes %j', (_group, code, values, labels) => {
    expect(valuesOf(code)).toEqual(values);
    if (labels) expect(labelsOf(code)).toEqual(labels);
  });

  it.each([
    // Physical exam items the spec names without figures: present, coded 1…n.
    'drinking_frequency',
    'drinking_status',
    'drinking_kind',
    'occupational_exposure',
    'protection',
    'lips',
    'teeth',
    'pharynx',
    'hearing',
    'motor_function',
    'fundus',
    'skin',
    'sclera',
    'lymph_nodes',
    'barrel_chest',
    'breath_sound',
    'rales',
    'heart_rhythm',
    'abdomen_finding',
    'oedema',
    'dorsal_artery',
    'breast',
    'gynaecology',
    'cerebrovascular_disease',
    'kidney_disease',
    'heart_disease',
    'vascular_disease',
    'eye_disease',
    'nervous_disease',
    'health_evaluation',
    'health_guidance',
    'risk_factor_control',
  ])('physical exam: %s is there, coded from 1', (code) => {
    const values = valuesOf(code);
    expect(values?.length).toBeGreaterThanOrEqual(2);
    expect(values).toEqual(range(1, values?.length ?? 0));
    for (const l of labelsOf(code) ?? []) expect(l).toMatch(/[\u4e00-\u9fff]/u);
  });

  it.each([
    ['T', '℃'],
    ['PR', '次/分钟'],
    ['SpO2', '%'],
    ['FBG', 'mmol/L'],
    ['GLU', 'mmol/L'],
    ['UA', 'mmol/L'],
    ['TC', 'mmol/L'],
    ['L-SBP', 'mmHg'],
    ['L-DBP', 'mmHg'],
    ['R-SBP', 'mmHg'],
    ['R-DBP', 'mmHg'],
    ['Ht', 'cm'],
    ['Wt', 'kg'],
    ['BMI', 'kg/m^2'],
    ['BFR', '%'],
  ])('indicator %s is measured in %s', (code, unit) => {
    expect(CODEMAPS.indicator_unit?.items.find((i) => i.value === code)?.unit).toBe(unit);
  });

  it.each([
    ['1', '体温'],
    ['2', '脉搏血氧'],
    ['3', '血压'],
    ['31', '血压(左臂)'],
    ['32', '血压(右臂)'],
    ['4', '血糖类'],
    ['7', '身高体重'],
  ])('device type %s is %s', (code, label) => {
    expect(codeLabel('device_type', code)?.startsWith(label)).toBe(true);
  });

  it.each([
    [0, '儿童'],
    [6, '儿童'],
    [7, '少年'],
    [17, '少年'],
    [18, '青年'],
    [40, '青年'],
    [41, '中年'],
    [64, '中年'],
    [65, '老年'],
    [100, '老年'],
  ])('age %i is in the stage %s', (age, label) => {
    expect(bandOf('age_stage', age)?.label).toBe(label);
  });

  it.each([
    [0, '1'],
    [3, '1'],
    [4, '2'],
    [8, '2'],
    [9, '3'],
    [18, '3'],
    [19, '4'],
    [37, '4'],
  ])('a self-care total of %i is living-skills level %s', (score, level) => {
    expect(bandOf('living_skills', score)?.value).toBe(level);
  });

  it('scores the self-care scale so that the five items add up into the living-skills bands', () => {
    const items = ['selfcare_eating', 'selfcare_grooming', 'selfcare_dressing', 'selfcare_toileting', 'selfcare_moving'];
    const total = (code: string): number =>
      items.reduce((n, m) => n + (CODEMAPS[m]?.items.find((i) => i.value === code)?.score ?? Number.NaN), 0);
    for (const m of items) {
      const scores = CODEMAPS[m]?.items.map((i) => i.score) ?? [];
      expect(scores[0], m).toBe(0);
      expect(
        [...scores].sort((a, b) => (a ?? 0) - (b ?? 0)),
        m,
      ).toEqual(scores);
    }
    expect(bandOf('living_skills', total('0'))?.label).toBe('可自理');
    expect(bandOf('living_skills', total('3'))?.label).toBe('不能自理');
  });

  it.each([
    [23.99, '1'],
    [24, '2'],
    [24.99, '2'],
    [25, '3'],
    [26, '4'],
    [28, '5'],
  ])('TCM question 9 puts BMI %d in answer %s', (bmi, answer) => {
    expect(bandOf('tcm_q9_bmi', bmi)?.value).toBe(answer);
  });

  it.each([
    [79, '1'],
    [80, '2'],
    [85, '2'],
    [86, '3'],
    [90, '3'],
    [91, '4'],
    [105, '4'],
    [106, '5'],
  ])('TCM question 28 puts a waist of %i cm in answer %s', (waist, answer) => {
    expect(bandOf('tcm_q28_waist', waist)?.value).toBe(answer);
  });

  it('answers the TCM questions on a 1-5 frequency scale except 9, 14, 17 and 28', () => {
    const scales = Object.fromEntries(TCM_QUESTIONS.map((q) => [q.no, q.scale]));
    expect([scales[9], scales[14], scales[17], scales[28]]).toEqual(['tcm_q9_bmi', 'tcm_q14_colds', 'tcm_q17_allergy', 'tcm_q28_waist']);
    expect(TCM_QUESTIONS.filter((q) => q.scale === 'tcm_frequency')).toHaveLength(29);
    for (const q of TCM_QUESTIONS) expect(CODEMAP_FILES['tcm-questionnaire.json']?.maps[q.scale], `question ${q.no}`).toBeDefined();
  });

  it('keeps the message-category display rules with their codes', () => {
    const items = CODEMAPS.message_category?.items ?? [];
    expect(items.find((i) => i.value === '6')?.note).toContain('发送人');
    expect(items.find((i) => i.value === '7')?.note).toContain('30');
  });

  it('finds no band in a map without bands', () => {
    expect(bandOf('tcm_frequency', 3)).toBeUndefined();
    expect(bandOf('tcm_q14_colds', 3)).toBeUndefined();
    expect(bandOf('nope', 3)).toBeUndefined();
  });
});

describe('code maps as data (hosts read the folder, the engine builds the queries)', () => {
  const extra: CodemapFile = {
    title: '本院自定',
    source: 'test',
    maps: {
      visit_place: {
        name: '随访地点',
        items: [
          { value: '1', label: '门诊' },
          { value: '2', label: '家中' },
        ],
      },
    },
  };

  it('uses a file it was given under any name, with no list of names to keep', () => {
    const maps = buildCodemaps({ ...CODEMAP_FILES, 'zz-local.json': extra });
    expect(maps.codeLabel('visit_place', '2')).toBe('家中');
    expect(maps.codemapOptions('visit_place')).toEqual([
      { value: '1', label: '门诊' },
      { value: '2', label: '家中' },
    ]);
    expect(maps.codeLabel('fu_method', '1')).toBe('门诊');
    expect(Object.keys(maps.files).at(-1)).toBe('zz-local.json');
  });

  it('keeps the first file’s map of a code defined twice (files in name order) and says so', () => {
    const clash: CodemapFile = { title: 't', source: 's', maps: { fu_method: { name: '冲突', items: [{ value: '9', label: '别的' }] } } };
    const maps = buildCodemaps({ 'zz.json': clash, ...CODEMAP_FILES });
    expect(maps.codeLabel('fu_method', '1')).toBe('门诊');
    expect(maps.codeLabel('fu_method', '9')).toBeUndefined();
    expect(maps.problems).toEqual([{ file: 'zz.json', message: '代码表 fu_method 已在 followup.json 中定义, 此处的被忽略' }]);
  });

  it('leaves out a file that fails the meta-schema, and the meta-schema itself', () => {
    const maps = loadCodemaps({
      'good.json': extra,
      'bad.json': { title: 'x', source: 'y', maps: { BadName: { name: 'n', items: [] } } },
      'codemap.schema.json': {},
    });
    expect(Object.keys(maps.files)).toEqual(['good.json']);
    expect(maps.problems.map((p) => p.file)).toEqual(['bad.json']);
    expect(maps.codemap('BadName')).toBeUndefined();
  });

  it('answers nothing for inherited names', () => {
    expect(MAPS.codemap('constructor')).toBeUndefined();
    expect(MAPS.codemapOptions('toString')).toBeUndefined();
  });
});
