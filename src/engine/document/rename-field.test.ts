import { describe, expect, it } from 'vitest';
import type { CasesFile } from '../cases/run-case';
import type { FormDocument } from '../types';
import { canRenameField, renameFieldInCases, renameFieldReferences, renameInExpression } from './rename-field';

describe('renameInExpression', () => {
  it('renames the field wherever it is read, and nothing that only looks like it', () => {
    expect(renameInExpression('calcBmi(weight, height) > 24 and weight2 > 0', 'weight', 'mass')).toBe(
      'calcBmi(mass, height) > 24 and weight2 > 0',
    );
    expect(renameInExpression('weight==""', 'weight', 'mass')).toBe('mass==""');
  });

  it('leaves strings, functions of that name and members alone', () => {
    expect(renameInExpression(`contains(symptoms, "weight") or x == 'weight' or a.weight > 1`, 'weight', 'mass')).toBe(
      `contains(symptoms, "weight") or x == 'weight' or a.weight > 1`,
    );
    expect(renameInExpression('today() > visitDate', 'today', 'day')).toBe('today() > visitDate');
    expect(renameInExpression('note == "say \\"weight\\"" and weight > 1', 'weight', 'mass')).toBe(
      'note == "say \\"weight\\"" and mass > 1',
    );
  });
});

const doc: FormDocument = {
  formCode: 'demo',
  formName: '演示',
  version: 1,
  placement: { kind: 'followup', menu: { title: '演示' }, due: { visitField: 'visitDate', field: 'nextDate' } },
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5 },
    {
      fieldProp: 'nextDate',
      fieldLabel: '下次随访',
      fieldType: 5,
      reckons: [{ id: 'next.required', kind: 'required', scontent: 'hasValue(visitDate)' }],
    },
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4 },
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4 },
    { fieldProp: 'bmi', fieldLabel: 'BMI', fieldType: 4, reckons: [{ id: 'bmi.calc', tcontent: 'calcBmi(weight, height)' }] },
  ],
} as FormDocument;

describe('renameFieldReferences', () => {
  it('renames rule references and the due fields, and keeps untouched fields as they were', () => {
    const out = renameFieldReferences(doc, 'weight', 'mass');
    expect(out.fields[4]?.reckons?.[0]?.tcontent).toBe('calcBmi(mass, height)');
    expect(out.fields[1]).toBe(doc.fields[1]);
    const due = renameFieldReferences(doc, 'visitDate', 'seenOn');
    expect(due.placement?.due).toEqual({ visitField: 'seenOn', field: 'nextDate' });
    expect(due.fields[1]?.reckons?.[0]?.scontent).toBe('hasValue(seenOn)');
  });

  it('refuses a name another field has or that is no field name: references are never merged', () => {
    expect(canRenameField(doc, 2, 'weight', 'mass')).toBe(true);
    expect(canRenameField(doc, 2, 'weight', 'height')).toBe(false);
    expect(canRenameField(doc, 2, 'weight', '')).toBe(false);
    expect(canRenameField(doc, 2, 'weight', '2kg')).toBe(false);
    // Typing the new name letter by letter: a name the field itself has is not "another field's".
    const typing = { ...doc, fields: doc.fields.map((f, i) => (i === 2 ? { ...f, fieldProp: 'mas' } : f)) };
    expect(canRenameField(typing, 2, 'weight', 'mass')).toBe(true);
    // References to a name another field owns belong to that field.
    expect(canRenameField(doc, 2, 'height', 'stature')).toBe(false);
    expect(renameFieldReferences(doc, 'weight', '')).toBe(doc);
  });
});

describe('renameFieldInCases', () => {
  it('moves given values and every expectation keyed by the field', () => {
    const cases: CasesFile = {
      formCode: 'demo',
      cases: [
        {
          name: 'bmi',
          given: { weight: 70, height: 175 },
          expect: {
            values: { weight: 70, bmi: 22.9 },
            hidden: ['weight'],
            required: ['height'],
            fieldErrors: { weight: '体重数值异常' },
            messages: ['weight'],
          },
        },
      ],
    };
    const out = renameFieldInCases(cases, 'weight', 'mass').cases[0];
    expect(out?.given).toEqual({ mass: 70, height: 175 });
    expect(out?.expect).toEqual({
      values: { mass: 70, bmi: 22.9 },
      hidden: ['mass'],
      required: ['height'],
      fieldErrors: { mass: '体重数值异常' },
      messages: ['weight'],
    });
  });
});
