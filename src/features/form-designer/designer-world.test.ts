// The designer against the tenant's world (issue 30): analyse() with the world passed in, the
// pickers' lists, the rule editor's code completion from a dictionary field, the export's dicts file.
import { describe, expect, it } from 'vitest';
import type { FormDocument } from '../../engine';
import { codeItems, worldOptionsOf } from './completions';
import type { CarriedDictionaries, WorldDictionary } from './designer-api';
import { analyse, compileTarget, errorTargets, missingDictionary, unknownCrowdLabel } from './diagnostics';
import { designerMessages } from './designer-messages';
import { exportFiles } from './document-utils';
import { fieldPanelDocument, formPanelDocument, formPanelValues, fromFormPanel } from './property-documents';
import { crowdLabelChoices, dictionaryChoices, formWorldOf, previewDocument } from './tenant-world';

const m = designerMessages.zh;

const WORLD: WorldDictionary[] = [
  {
    code: 'crowd_label',
    name: '人群标签',
    source: 'codemap',
    items: [
      { value: 'hypertension', label: '高血压' },
      { value: 'diabetes', label: '糖尿病' },
    ],
  },
  {
    code: 'smoke_status',
    name: '吸烟状况',
    source: 'tenant',
    items: [
      { value: '1', label: '从不吸烟' },
      { value: '2', label: '已戒烟' },
      { value: '3', label: '吸烟' },
    ],
  },
  { code: 'empty_dict', name: '空字典', source: 'platform', items: [] },
];

const copdDoc = (): FormDocument => ({
  formCode: 'copdtest',
  formName: '慢阻肺随访',
  version: 1,
  placement: { kind: 'followup', appliesTo: { crowdLabels: ['hypertension', 'copd'] }, menu: { title: '慢阻肺随访' } },
  fields: [
    { fieldProp: 'smoker', fieldLabel: '吸烟', fieldType: 2, bizCode: 'smoke_status' },
    { fieldProp: 'symptom', fieldLabel: '症状', fieldType: 7, bizCode: 'copd_symptom' },
    { fieldProp: 'severity', fieldLabel: '程度', fieldType: 1, bizCode: 'empty_dict' },
    {
      fieldProp: 'advice',
      fieldLabel: '建议',
      fieldType: 3,
      reckons: [{ id: 'advice.show', kind: 'display', scontent: 'smoker == "9"' }],
    },
  ],
});

const FILLING: CarriedDictionaries = {
  copd_symptom: {
    name: '慢阻肺症状',
    items: [
      { value: '1', label: '咳嗽' },
      { value: '2', label: '咳痰' },
    ],
  },
  empty_dict: { name: '空字典', items: [{ value: '1', label: '轻' }] },
  crowd_label: { name: '人群标签', items: [{ value: 'copd', label: '慢阻肺' }] },
  smoke_status: { name: '吸烟状况', items: [{ value: '9', label: '不详' }] },
};

describe('analyse with the tenant’s world', () => {
  it('without a world nothing is publishable: it is not known yet whether the tenant has what the form names', () => {
    const a = analyse(copdDoc());
    expect(a.compile.filter((e) => e.severity === 'error')).toEqual([]);
    expect(a.worldKnown).toBe(false);
    expect(a.world).toEqual([]);
    expect(a.publishable).toBe(false);
  });

  it('reports a missing dictionary, an empty one, an unknown crowd label and a rule’s code not in its dictionary, each where it belongs', () => {
    const d = copdDoc();
    const a = analyse(d, formWorldOf(WORLD));
    expect(a.worldKnown).toBe(true);
    expect(a.publishable).toBe(false);
    const texts = a.world.map((p) => p.message);
    expect(texts).toHaveLength(4);
    expect(texts.find((t) => t.includes('copd_symptom'))).toContain('症状 (symptom) 的字典 copd_symptom 不存在');
    expect(texts.find((t) => t.includes('empty_dict'))).toContain('没有字典项');
    expect(texts.find((t) => t.includes('适用人群标签'))).toContain('适用人群标签 copd 不在人群标签字典');
    expect(texts.find((t) => t.includes('advice.show'))).toContain('"9" 不在字段 吸烟 (smoker) 的字典 smoke_status 中');
    // Targets: the field for dictionaries and the rule's field, the form for the crowd label.
    const where = a.world.map((p) => compileTarget(d, p));
    expect(where).toEqual(
      expect.arrayContaining([{ kind: 'field', index: 1 }, { kind: 'field', index: 2 }, { kind: 'field', index: 3 }, { kind: 'form' }]),
    );
    expect(errorTargets(d, a)).toHaveLength(4);
    // What 新建字典 / 添加人群标签 offers from a problem.
    expect(a.world.map((p) => missingDictionary(d, p)).filter(Boolean)).toEqual(['copd_symptom', 'empty_dict']);
    expect(a.world.map((p) => unknownCrowdLabel(p)).filter(Boolean)).toEqual(['copd']);
  });

  it('reports nothing once the carried dictionaries fill them', () => {
    const a = analyse(copdDoc(), formWorldOf(WORLD, FILLING));
    expect(a.world).toEqual([]);
    expect(a.publishable).toBe(true);
  });
});

describe('the pickers and completion from the world', () => {
  const tenant = { dictionaries: WORLD, carried: { copd_symptom: FILLING.copd_symptom! } };

  it('the bizCode picker lists the form’s lists, the carried and the tenant’s dictionaries, and a code nobody has', () => {
    const d: FormDocument = { ...copdDoc(), options: { own: { name: '本表', items: [{ value: '1', label: '是' }] } } };
    const words = { own: m.ownList, carried: m.carriedDictionary, missing: m.missingDictionary, source: m.sourceNames };
    const choices = dictionaryChoices(tenant, d, words, 'nobody_has');
    expect(choices.map((c) => c.label)).toEqual([
      'own — 本表 (本表列表)',
      'copd_symptom — 慢阻肺症状 (随表单)',
      'crowd_label — 人群标签 (标准代码)',
      'smoke_status — 吸烟状况 (本租户)',
      'empty_dict — 空字典 (平台)',
      'nobody_has (缺少)',
    ]);
    const panel = fieldPanelDocument(m, d, choices);
    const bizCode = panel.fields.find((f) => f.fieldProp === 'bizCode')!;
    expect(bizCode).toMatchObject({ fieldType: 1, bizCode: 'dictionaries' });
    expect(panel.options?.dictionaries?.items).toEqual(choices);
  });

  it('the crowd-label select lists crowd_label’s items by label, the carried ones and an unknown chosen one', () => {
    const world = { dictionaries: WORLD, carried: { crowd_label: FILLING.crowd_label! } };
    const choices = crowdLabelChoices(world, ['hypertension', 'asthma'], m.unknownLabel);
    expect(choices).toEqual([
      { value: 'hypertension', label: '高血压' },
      { value: 'diabetes', label: '糖尿病' },
      { value: 'copd', label: '慢阻肺' },
      { value: 'asthma', label: 'asthma (未知)' },
    ]);
    const d = copdDoc();
    const panel = formPanelDocument(m, d, choices);
    expect(panel.fields.find((f) => f.fieldProp === 'crowdLabels')).toMatchObject({ fieldType: 8, bizCode: 'crowd_label' });
    expect(panel.options?.crowd_label?.items).toEqual(choices);
    // Codes are stored: the select's list round-trips to the placement.
    expect(formPanelValues(d).crowdLabels).toEqual(['hypertension', 'copd']);
    expect(fromFormPanel({ ...formPanelValues(d), crowdLabels: ['diabetes'] }, d).placement?.appliesTo?.crowdLabels).toEqual(['diabetes']);
  });

  it('completes a dictionary field’s codes with their labels after == ", != " and contains(field, "', () => {
    const d = copdDoc();
    const optionsOf = worldOptionsOf(d, formWorldOf(WORLD, tenant.carried));
    expect(codeItems(d, optionsOf, 'smoker == "').map((i) => [i.label, i.detail])).toEqual([
      ['1', '从不吸烟'],
      ['2', '已戒烟'],
      ['3', '吸烟'],
    ]);
    expect(codeItems(d, optionsOf, 'smoker != "').map((i) => i.label)).toEqual(['1', '2', '3']);
    expect(codeItems(d, optionsOf, 'contains(symptom, "').map((i) => [i.label, i.detail])).toEqual([
      ['1', '咳嗽'],
      ['2', '咳痰'],
    ]);
    // While the world loads, only what the form and the code maps know.
    expect(codeItems(d, worldOptionsOf(d, undefined), 'smoker == "')).toEqual([]);
  });

  it('the preview gets the world’s and the carried dictionaries as the document’s lists', () => {
    const shown = previewDocument(copdDoc(), tenant)!;
    expect(shown.options?.smoke_status?.items.map((i) => i.label)).toEqual(['从不吸烟', '已戒烟', '吸烟']);
    expect(shown.options?.copd_symptom).toEqual(FILLING.copd_symptom);
    expect(shown.options?.empty_dict).toBeUndefined();
  });

  it('导出 writes rules/<code>.dicts.json when the working copy carries dictionaries', () => {
    const files = exportFiles(copdDoc(), undefined, { copd_symptom: FILLING.copd_symptom! });
    const dicts = files.find((f) => f.path === 'rules/copdtest.dicts.json')!;
    expect(dicts.name).toBe('copdtest.dicts.json');
    expect(JSON.parse(dicts.text)).toMatchObject({ formCode: 'copdtest', dictionaries: { copd_symptom: FILLING.copd_symptom } });
    expect(exportFiles(copdDoc(), undefined, null).some((f) => f.path.endsWith('.dicts.json'))).toBe(false);
  });
});
