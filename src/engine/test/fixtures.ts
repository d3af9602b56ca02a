// A small follow-up-like document used by the engine's unit tests.
import type { DictOption, EvalContext, FormDocument } from '../types';

export const DICTS: Record<string, DictOption[]> = {
  yes_no: [
    { value: '1', label: '否' },
    { value: '2', label: '是' },
  ],
  outcome: [
    { value: '1', label: '继续随访' },
    { value: '2', label: '暂时失访' },
    { value: '3', label: '结案' },
  ],
  end_reason: [
    { value: '1', label: '死亡' },
    { value: '2', label: '迁出' },
    { value: '4', label: '拒绝' },
  ],
  symptoms: [
    { value: '1', label: '无症状' },
    { value: '2', label: '头痛头晕' },
    { value: '3', label: '恶心呕吐' },
  ],
};

export const ctx = (now = '2024-06-15T10:00:00'): EvalContext => ({
  now: new Date(now),
  lookupDictionary: (code) => DICTS[code],
});

export const sampleDoc = (): FormDocument => ({
  formCode: 'sample',
  formName: '样例随访',
  version: 1,
  sections: [{ id: 'main', title: '随访', columns: 2 }],
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, required: 1, section: 'main' },
    { fieldProp: 'birthDate', fieldLabel: '出生日期', fieldType: 5 },
    {
      fieldProp: 'age',
      fieldLabel: '年龄',
      fieldType: 4,
      unit: '岁',
      reckons: [{ id: 'age.calc', scontent: 'hasValue(birthDate) and hasValue(visitDate)', tcontent: 'calcAge(birthDate, visitDate)', errMsg: '由出生日期计算' }],
    },
    {
      fieldProp: 'sbp',
      fieldLabel: '收缩压',
      fieldType: 4,
      required: 1,
      min: 40,
      max: 300,
      unit: 'mmHg',
      reckons: [{ id: 'sbp.gt.dbp', kind: 'check', tcontent: 'sbp <= dbp', errMsg: '收缩压应高于舒张压' }],
    },
    { fieldProp: 'dbp', fieldLabel: '舒张压', fieldType: 4, required: 1, min: 20, max: 200, unit: 'mmHg' },
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4, regExp: '^\\d+(\\.\\d)?$', unit: 'cm' },
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4, unit: 'kg' },
    {
      fieldProp: 'bmi',
      fieldLabel: '体质指数',
      fieldType: 4,
      disabled: true,
      reckons: [
        { id: 'bmi.calc', tcontent: 'calcBmi(weight, height)' },
        { id: 'bmi.high', kind: 'check', tcontent: 'bmi >= 28', errMsg: '体质指数偏高' },
      ],
    },
    {
      fieldProp: 'bpLevel',
      fieldLabel: '血压分级',
      fieldType: 3,
      reckons: [{ id: 'bp.level', tcontent: 'bpGrade(sbp, dbp, ifEmpty(age, 0)) == 3 ? "3" : "0"' }],
    },
    { fieldProp: 'symptoms', fieldLabel: '症状', fieldType: 7, bizCode: 'symptoms' },
    { fieldProp: 'outcome', fieldLabel: '随访结局', fieldType: 2, bizCode: 'outcome', required: 1 },
    {
      fieldProp: 'endReason',
      fieldLabel: '结案原因',
      fieldType: 1,
      bizCode: 'end_reason',
      reckons: [
        { id: 'end.show', kind: 'display', scontent: 'outcome == "3"' },
        { id: 'end.req', kind: 'required', scontent: 'outcome == "3"' },
      ],
    },
    { fieldProp: 'mobile', fieldLabel: '手机号', fieldType: 3, regExp: '^1\\d{10}$' },
  ],
});
