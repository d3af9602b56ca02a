// Contracts of the child health calls (spec 001 §7 userfollowup, issue 32): the month age and a
// child's records across the child health forms.
import { Type, type Static } from 'typebox';
import { envelope, openObject } from './envelope';
import { ArchId, DatePrefix } from './pieces';

/** The forms of 0～6岁儿童健康管理 (schemas/child*.json), in the order of the service. */
export const CHILD_FORM_CODES = [
  'childnewbornvisit',
  'childexam1to8',
  'childexam12to30',
  'childexam3to6',
  'childeyecare',
  'childhighrisk',
  'childtcm',
] as const;

export const MonthsOfAgeQuery = Type.Object({
  startDate: Type.String({ maxLength: 40 }),
  endDate: Type.String({ maxLength: 40 }),
  /** month (default, spec 001 §5 month age), day, week (completed weeks) or year (completed years). */
  unit: Type.Optional(Type.Union([Type.Literal('month'), Type.Literal('day'), Type.Literal('week'), Type.Literal('year')])),
});
export type MonthsOfAgeQuery = Static<typeof MonthsOfAgeQuery>;

export const ChildRecordsQuery = Type.Object({ archId: ArchId, otherId: Type.Optional(ArchId) });

export const ChildRecord = Type.Object({
  id: Type.String(),
  formCode: Type.String(),
  archId: Type.String(),
  otherId: Type.Union([Type.String(), Type.Null()]),
  visitDate: Type.Union([DatePrefix, Type.Null()]),
  values: openObject(),
});
export type ChildRecord = Static<typeof ChildRecord>;

export const childHealthAnswers = {
  monthsOfAge: envelope(Type.Union([Type.Integer(), Type.Null()])),
  records: envelope(Type.Array(ChildRecord)),
};
