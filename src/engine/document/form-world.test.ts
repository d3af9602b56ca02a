import { describe, expect, it } from 'vitest';
import { compileDocumentOrThrow } from '../compile/compile';
import type { DictOption, FormDocument } from '../types';
import { formFileTexts } from './form-files';
import { readFormFileTexts } from './import-files';
import { CROWD_LABEL_DICTIONARY, withCarriedDictionaries, worldDictionaryCodes, worldProblems, type FormWorld } from './form-world';

const copd = (extra: Partial<FormDocument> = {}): FormDocument => ({
  formCode: 'copd',
  formName: '慢阻肺随访',
  version: 1,
  placement: { kind: 'followup', appliesTo: { crowdLabels: ['copd'] }, menu: { title: '慢阻肺' } },
  fields: [
    { fieldProp: 'symptoms', fieldLabel: '症状', fieldType: 7, required: 1, bizCode: 'copd_symptom' },
    {
      fieldProp: 'oxygen',
      fieldLabel: '家庭氧疗',
      fieldType: 2,
      bizCode: 'copd_oxygen',
      reckons: [{ id: 'oxygen.warn', kind: 'check', scontent: 'contains(symptoms, "99") and oxygen == "2"', errMsg: '请确认' }],
    },
    {
      fieldProp: 'level',
      fieldLabel: '分级',
      fieldType: 2,
      bizCode: 'copd_level',
      reckons: [
        { id: 'level.calc', kind: 'calc', tcontent: 'len(symptoms) > 2 ? "3" : "1"' },
        // An empty result clears the field: no code to check.
        { id: 'level.clear', kind: 'calc', scontent: 'oxygen == ""', tcontent: '""' },
      ],
    },
  ],
  ...extra,
});

const dicts = (map: Record<string, DictOption[]>): FormWorld => ({ dictionary: (code) => map[code] });
const items = (...values: string[]) => values.map((v) => ({ value: v, label: `项${v}` }));

describe('worldProblems', () => {
  it('names every missing and empty dictionary and the unknown crowd label, as errors', () => {
    const world = dicts({ copd_oxygen: [], [CROWD_LABEL_DICTIONARY]: items('hypertension') });
    const messages = worldProblems(copd(), world).map((p) => p.message);
    expect(messages).toEqual([
      '字段 症状 (symptoms) 的字典 copd_symptom 不存在：请在业务字典中新建，或随表单提供字典',
      '字段 家庭氧疗 (oxygen) 的字典 copd_oxygen 没有字典项：这个字段无法选择',
      '字段 分级 (level) 的字典 copd_level 不存在：请在业务字典中新建，或随表单提供字典',
      '适用人群标签 copd 不在人群标签字典 (crowd_label) 中：这张表单不会出现在任何居民档案里',
    ]);
  });

  it('checks the codes rules compare with and calculate, against each field’s dictionary', () => {
    const doc = copd();
    const world = dicts({
      copd_symptom: items('1', '2', '3'),
      copd_oxygen: items('1'),
      copd_level: items('1', '2'),
      [CROWD_LABEL_DICTIONARY]: items('copd'),
    });
    const problems = worldProblems(doc, world, compileDocumentOrThrow(doc));
    expect(problems.map((p) => [p.ruleId, p.message])).toEqual([
      ['oxygen.warn', '规则 oxygen.warn 使用的编码 "99" 不在字段 症状 (symptoms) 的字典 copd_symptom 中'],
      ['oxygen.warn', '规则 oxygen.warn 使用的编码 "2" 不在字段 家庭氧疗 (oxygen) 的字典 copd_oxygen 中'],
      ['level.calc', '规则 level.calc 使用的编码 "3" 不在字段 分级 (level) 的字典 copd_level 中'],
    ]);
  });

  it('is satisfied by a world that has every code, and by the form’s own dictionaries file laid over an empty tenant', () => {
    const doc = copd();
    const full = {
      copd_symptom: { name: '症状', items: items('1', '2', '3', '99') },
      copd_oxygen: { name: '氧疗', items: items('1', '2') },
      copd_level: { name: '分级', items: items('1', '3') },
      [CROWD_LABEL_DICTIONARY]: { name: '人群标签', items: items('copd') },
    };
    const tenant = dicts({ copd_oxygen: [], [CROWD_LABEL_DICTIONARY]: items('hypertension') });
    expect(worldProblems(doc, withCarriedDictionaries(tenant, full), compileDocumentOrThrow(doc))).toEqual([]);
    expect(worldDictionaryCodes(doc)).toEqual(['copd_symptom', 'copd_oxygen', 'copd_level', CROWD_LABEL_DICTIONARY]);
  });

  it('does not ask the host for a list the form carries, nor for a fieldUrl', () => {
    const doc: FormDocument = {
      formCode: 'own',
      formName: '自带',
      version: 1,
      options: { place: { name: '地点', items: items('1') } },
      fields: [
        { fieldProp: 'p', fieldLabel: '地点', fieldType: 2, bizCode: 'place' },
        { fieldProp: 'u', fieldLabel: '远程', fieldType: 2, fieldUrl: '/api/x' },
      ],
    };
    expect(worldProblems(doc, dicts({}))).toEqual([]);
    expect(worldDictionaryCodes(doc)).toEqual([]);
  });
});

describe('the dictionaries file', () => {
  it('travels with the form: written by formFileTexts, read back by readFormFileTexts', () => {
    const doc = copd();
    const carried = { copd_symptom: { name: '慢阻肺症状', items: [{ value: '1', label: '咳嗽' }] } };
    const files = formFileTexts(doc, null, carried);
    expect(files.map((f) => f.name)).toEqual(['schemas/copd.json', 'rules/copd.rules.json', 'rules/copd.dicts.json']);
    const read = readFormFileTexts(files);
    expect(read.ok && read.dictionaries?.dictionaries).toEqual(carried);
  });

  it('refuses a dictionaries file of another form or with a blank label, naming file and line', () => {
    const doc = copd();
    const [schema] = formFileTexts(doc);
    const bad = JSON.stringify(
      { formCode: 'other', dictionaries: { copd_symptom: { name: '症状', items: [{ value: '1', label: ' ' }] } } },
      null,
      2,
    );
    const read = readFormFileTexts([schema!, { name: 'rules/copd.dicts.json', text: bad }]);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problems.map((p) => p.text).join('\n')).toMatch(
      /rules\/copd\.dicts\.json 第\d+行 \/dictionaries\/copd_symptom\/items\/0\/label/,
    );
  });
});
