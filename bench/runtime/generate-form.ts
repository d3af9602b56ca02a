// The benchmark's form: 300 fields, one of them (`hub`) read by 100 rules — 50 calculations,
// 25 display rules and 25 anomaly checks — and the rest a mix of every field type. Deterministic:
// the same document on every run.
import type { FieldDef, FieldType, FormDocument, Reckon } from '../../src/engine';

export const FIELD_COUNT = 300;
export const CALCS = 50;
export const SHOWN = 25;
export const CHECKS = 25;
/** hub above this shows the display-dependent fields; above CHECK_OVER the checks fire. */
export const SHOW_OVER = 5;
export const CHECK_OVER = 10;
export const CHECK_MESSAGE = '数值偏高';

const FILLER_TYPES: FieldType[] = [3, 4, 1, 2, 5, 6, 7, 8];
const DICT = 'fu_method';

export function generateForm(): FormDocument {
  const fields: FieldDef[] = [{ fieldProp: 'hub', fieldLabel: '枢纽', fieldType: 4, section: 's0', required: 1 }];
  for (let i = 1; i <= CALCS; i++) {
    const reckons: Reckon[] = [{ id: `calc${i}`, kind: 'calc', tcontent: `hub * ${i}` }];
    fields.push({ fieldProp: `calc${i}`, fieldLabel: `计算${i}`, fieldType: 4, section: 's0', reckons });
  }
  for (let i = 1; i <= SHOWN; i++) {
    fields.push({
      fieldProp: `shown${i}`,
      fieldLabel: `显示${i}`,
      fieldType: 3,
      section: 's1',
      reckons: [{ id: `shown${i}`, kind: 'display', scontent: `hub > ${SHOW_OVER}` }],
    });
  }
  for (let i = 1; i <= CHECKS; i++) {
    fields.push({
      fieldProp: `checked${i}`,
      fieldLabel: `核查${i}`,
      fieldType: 3,
      section: 's1',
      reckons: [{ id: `checked${i}`, kind: 'check', tcontent: `hub > ${CHECK_OVER}`, errMsg: CHECK_MESSAGE }],
    });
  }
  for (let i = 0; fields.length < FIELD_COUNT; i++) {
    const type = FILLER_TYPES[i % FILLER_TYPES.length] as FieldType;
    const f: FieldDef = { fieldProp: `f${i}`, fieldLabel: `字段${i}`, fieldType: type, section: 's2', required: i % 3 === 0 ? 1 : 0 };
    if ([1, 2, 7, 8].includes(type)) f.bizCode = DICT;
    fields.push(f);
  }
  return {
    formCode: 'bench300',
    formName: '基准表单',
    version: 1,
    sections: [
      { id: 's0', title: '计算', columns: 2 },
      { id: 's1', title: '显示与核查', columns: 2 },
      { id: 's2', title: '其他', columns: 2 },
    ],
    fields,
  };
}
