// Documents used by the engine's unit tests: a small follow-up-like form and a rule-chain form.
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
  bmi_class: [
    { value: '1', label: '正常' },
    { value: '2', label: '超重' },
    { value: '3', label: '肥胖' },
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
      reckons: [
        {
          id: 'age.calc',
          scontent: 'hasValue(birthDate) and hasValue(visitDate)',
          tcontent: 'calcAge(birthDate, visitDate)',
          errMsg: '由出生日期计算',
        },
      ],
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

/**
 * A document built to exercise incremental evaluation: calc chains three deep (birthDate → age →
 * elderly → …, weight/height → bmi → bmiClass → …), a calc group whose first firing rule wins, calc
 * targets the user may also type into, a clock-reading calc, display / required / disabled / options
 * rules that read calc results, check and error rules, and a statically hidden field with a check.
 */
export const chainDoc = (): FormDocument => ({
  formCode: 'chain',
  formName: '增量计算样例',
  version: 1,
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, required: 1 },
    { fieldProp: 'birthDate', fieldLabel: '出生日期', fieldType: 5, required: 1 },
    {
      fieldProp: 'age',
      fieldLabel: '年龄',
      fieldType: 4,
      reckons: [
        { id: 'age.atVisit', scontent: 'hasValue(birthDate) and hasValue(visitDate)', tcontent: 'calcAge(birthDate, visitDate)' },
        { id: 'age.today', scontent: 'hasValue(birthDate)', tcontent: 'calcAge(birthDate)' },
      ],
    },
    {
      fieldProp: 'elderly',
      fieldLabel: '老年人',
      fieldType: 2,
      bizCode: 'yes_no',
      reckons: [{ id: 'elderly.calc', tcontent: 'age >= 65 ? "2" : "1"' }],
    },
    {
      fieldProp: 'sbp',
      fieldLabel: '收缩压',
      fieldType: 4,
      required: 1,
      reckons: [
        { id: 'sbp.gt.dbp', kind: 'check', tcontent: 'sbp <= dbp', errMsg: '收缩压应高于舒张压' },
        { id: 'sbp.lost', kind: 'disabled', scontent: 'outcome == "2"' },
      ],
    },
    { fieldProp: 'dbp', fieldLabel: '舒张压', fieldType: 4, reckons: [{ id: 'dbp.req', kind: 'required', scontent: 'hasValue(sbp)' }] },
    {
      fieldProp: 'bpLevel',
      fieldLabel: '血压分级',
      fieldType: 4,
      reckons: [
        { id: 'bp.level', tcontent: 'bpSeverity(sbp, dbp, ifEmpty(age, 0))' },
        { id: 'bp.severe', kind: 'check', tcontent: 'bpLevel >= 5', errMsg: '血压很高, 请复测' },
      ],
    },
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4 },
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4 },
    { fieldProp: 'bmi', fieldLabel: '体质指数', fieldType: 4, reckons: [{ id: 'bmi.calc', tcontent: 'calcBmi(weight, height)' }] },
    {
      fieldProp: 'bmiClass',
      fieldLabel: '体重分类',
      fieldType: 1,
      bizCode: 'bmi_class',
      reckons: [{ id: 'bmi.class', scontent: 'hasValue(bmi)', tcontent: 'bmi >= 28 ? "3" : bmi >= 24 ? "2" : "1"' }],
    },
    {
      fieldProp: 'advice',
      fieldLabel: '减重建议',
      fieldType: 6,
      reckons: [
        { id: 'advice.show', kind: 'display', scontent: 'bmiClass == "3" or bmiClass == "2"' },
        { id: 'advice.req', kind: 'required', scontent: 'bmiClass == "3" and elderly == "2"', errMsg: '老年肥胖者须填写减重建议' },
      ],
    },
    {
      fieldProp: 'symptoms',
      fieldLabel: '症状',
      fieldType: 7,
      bizCode: 'symptoms',
      reckons: [
        { id: 'sym.options', kind: 'options', scontent: 'hasValue(elderly)', tcontent: 'elderly == "2" ? codes("1,2,3") : codes("1,2")' },
        {
          id: 'sym.none.alone',
          kind: 'error',
          tcontent: 'contains(symptoms, "1") and len(symptoms) > 1',
          errMsg: '无症状不能与其他症状同选',
        },
      ],
    },
    { fieldProp: 'symptomCount', fieldLabel: '症状数', fieldType: 4, reckons: [{ id: 'sym.count', tcontent: 'len(symptoms)' }] },
    { fieldProp: 'outcome', fieldLabel: '随访结局', fieldType: 2, bizCode: 'outcome', required: 1, default: '1' },
    {
      fieldProp: 'endReason',
      fieldLabel: '结案原因',
      fieldType: 1,
      bizCode: 'end_reason',
      reckons: [
        { id: 'end.show', kind: 'display', scontent: 'outcome == "3"' },
        { id: 'end.req', kind: 'required', scontent: 'outcome == "3"', errMsg: '请选择结案原因' },
      ],
    },
    {
      fieldProp: 'endDate',
      fieldLabel: '结案日期',
      fieldType: 5,
      reckons: [
        { id: 'endDate.show', kind: 'display', scontent: 'outcome == "3"' },
        { id: 'endDate.lock', kind: 'disabled', scontent: 'isEmpty(endReason)' },
        { id: 'endDate.order', kind: 'error', tcontent: 'daysBetween(visitDate, endDate) < 0', errMsg: '结案日期不能早于随访日期' },
      ],
    },
    {
      fieldProp: 'remark',
      fieldLabel: '备注',
      fieldType: 3,
      reckons: [{ id: 'remark.end', scontent: 'outcome == "3" and endReason == "1"', tcontent: '"死亡结案"' }],
    },
    {
      fieldProp: 'mobile',
      fieldLabel: '手机号',
      fieldType: 3,
      reckons: [
        { id: 'mobile.ok', kind: 'error', scontent: 'hasValue(mobile)', tcontent: 'not isMobile(mobile)', errMsg: '手机号格式不对' },
      ],
    },
    {
      fieldProp: 'internalScore',
      fieldLabel: '内部评分',
      fieldType: 4,
      hidden: true,
      reckons: [
        { id: 'score.calc', tcontent: 'ifEmpty(bpLevel, 0) + ifEmpty(symptomCount, 0)' },
        { id: 'score.high', kind: 'check', tcontent: 'internalScore >= 6', errMsg: '评分偏高' },
      ],
    },
  ],
});
