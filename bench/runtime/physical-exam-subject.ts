// The benchmark's second subject: the real 健康体检表 (schemas/physicalexamination.json with its
// rules), not a generated form. It opens as a doctor would start a new exam — the archive's birth
// date and sex, today's date, the last height — and the keystroke is in 体重, which the BMI reads
// (and through it four anomaly checks). The plain Formily side gets the same fields, the same rows
// shown (the engine's display rules evaluated once, for these values) and the BMI as a function
// x-reaction: what a hand-written Formily form of this document would do for that keystroke.
import type { Field } from '@formily/core';
import type { ISchema } from '@formily/react';
import {
  compileDocumentOrThrow,
  evaluate,
  mergeRules,
  type FieldDef,
  type FormDocument,
  type FormValues,
  type RulesFile,
} from '../../src/engine';
import schemaFile from '../../schemas/physicalexamination.json';
import rulesFile from '../../rules/physicalexamination.rules.json';

export const PE_FIELD = 'weight';
export const PE_RESULT = 'bmi';
export const PE_HEIGHT_CM = 170;

export const PE_VALUES: FormValues = {
  visitDate: '2024-06-10',
  birthDate: '1970-03-02',
  sex: '1',
  responsibleDoctor: '王医生',
  height: PE_HEIGHT_CM,
};

export function physicalExamDocument(): FormDocument {
  return mergeRules(schemaFile as unknown as FormDocument, rulesFile as unknown as RulesFile);
}

/** The BMI the screen must show for a weight (kg), as calcBmi rounds it: 2 decimals. */
export const expectedBmi = (weight: number): number => Math.round((weight / (PE_HEIGHT_CM / 100) ** 2) * 100) / 100;

/** The fields the form shows for PE_VALUES (display rules evaluated by the engine once). */
export function visibleFields(doc: FormDocument): Set<string> {
  const ev = evaluate(compileDocumentOrThrow(doc), PE_VALUES, { now: new Date('2024-06-15T10:00:00') });
  return new Set(doc.fields.filter((f) => ev.fields[f.fieldProp]?.visible !== false).map((f) => f.fieldProp));
}

/** The plain side's only rule: BMI from weight and height, as a function reaction. */
export function peReactionOf(f: FieldDef): ISchema['x-reactions'] {
  if (f.fieldProp !== PE_RESULT) return undefined;
  return (field: Field) => {
    const w = Number(field.query(PE_FIELD).value());
    const h = Number(field.query('height').value());
    field.value = w > 0 && h > 0 ? String(Math.round((w / (h / 100) ** 2) * 100) / 100) : undefined;
  };
}
