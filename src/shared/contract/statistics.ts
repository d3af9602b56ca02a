// 统计报表's contract (issue 34 "Statistics"; decision 0035): 工作量统计 (archives created, follow-ups
// and exams per doctor, team or month, by form) and 重点人群健康管理 (managed residents per key
// population with the national indicators). server/statistics answers them, src/api/statistics.ts
// reads them.
import { Type, type Static } from 'typebox';
import { envelope, orNull } from './envelope';
import { Id, text, textEnum } from './pieces';

const optional = Type.Optional;

/** The rows of 工作量统计: one per responsible doctor, per team, or per month. */
export const WorkloadGroupSchema = textEnum('doctor', 'team', 'month');
export type WorkloadGroup = Static<typeof WorkloadGroupSchema>;

/** The period and the filters both reports take. Months are yyyy-MM (checked by the server, with its own message). */
export const StatisticsQuery = Type.Object({
  /** First month of the period (default: January of the current year). */
  start: optional(text(20)),
  /** Last month of the period (default: the current month). */
  end: optional(text(20)),
  teamId: optional(Id),
  doctorId: optional(Id),
});
export type StatisticsQuery = Static<typeof StatisticsQuery>;

export const WorkloadQuery = Type.Object({ ...StatisticsQuery.properties, groupBy: optional(WorkloadGroupSchema) });
export type WorkloadQuery = Static<typeof WorkloadQuery>;

/** How a form's records count: 随访 (follow-ups, evaluations, child and maternal visits), 体检 (health exams), 其他 (screenings, registrations, education …). */
export const WorkloadKindSchema = textEnum('followup', 'exam', 'other');
export type WorkloadKind = Static<typeof WorkloadKindSchema>;

export const WorkloadRow = Type.Object({
  /** The row's key: the doctor's or team's id, or the month yyyy-MM. */
  key: Type.String(),
  /** What the row shows: the doctor's or team's name (未分配 when none), or the month. */
  label: Type.String(),
  /** For a doctor's row, the team of their residents (several joined by 、). */
  teamName: Type.String(),
  archives: Type.Integer(),
  followups: Type.Integer(),
  exams: Type.Integer(),
  others: Type.Integer(),
  /** archives + followups + exams + others. */
  total: Type.Integer(),
  /** Records per form code (only forms with records). */
  byForm: Type.Record(Type.String(), Type.Integer()),
});
export type WorkloadRow = Static<typeof WorkloadRow>;

export const WorkloadForm = Type.Object({ formCode: Type.String(), formName: Type.String(), kind: WorkloadKindSchema });
export type WorkloadForm = Static<typeof WorkloadForm>;

export const WorkloadReport = Type.Object({
  start: Type.String(),
  end: Type.String(),
  groupBy: WorkloadGroupSchema,
  /** tenant / teams / doctor: whose residents the numbers cover (the caller's scope). */
  scope: textEnum('tenant', 'teams', 'doctor'),
  rows: Type.Array(WorkloadRow),
  /** The sum of every row. */
  totals: WorkloadRow,
  /** The forms that have records in the period, in the order of their columns. */
  forms: Type.Array(WorkloadForm),
});
export type WorkloadReport = Static<typeof WorkloadReport>;

export const KeyPopulationRow = Type.Object({
  /** hypertension, diabetes, severe_mental_illness, tuberculosis, elderly, children, maternal. */
  code: Type.String(),
  name: Type.String(),
  /** Residents in the population (labelled, or of the age); null when the archive cannot tell (maternal). */
  population: orNull('integer'),
  /** 年内已管理: residents of the population with a record of its forms in the period. */
  managed: Type.Integer(),
  /** managed / population (%, one decimal); null without a population or when it is 0. */
  managementRate: orNull('number'),
  /** 规范管理: managed residents with at least `requiredVisits` follow-ups in the period; null where the service has no such rule here. */
  standard: orNull('integer'),
  standardRate: orNull('number'),
  requiredVisits: orNull('integer'),
  /** 控制: managed residents whose newest follow-up in the period is on target (blood pressure or fasting glucose). */
  controlled: orNull('integer'),
  controlRate: orNull('number'),
  /** The forms whose records count, from the form registry. */
  forms: Type.Array(Type.String()),
});
export type KeyPopulationRow = Static<typeof KeyPopulationRow>;

export const IndicatorDefinition = Type.Object({ name: Type.String(), formula: Type.String() });
export type IndicatorDefinition = Static<typeof IndicatorDefinition>;

export const KeyPopulationReport = Type.Object({
  start: Type.String(),
  end: Type.String(),
  scope: textEnum('tenant', 'teams', 'doctor'),
  rows: Type.Array(KeyPopulationRow),
  /** The indicators' definitions as the page shows them (国家基本公共卫生服务规范（第三版）). */
  definitions: Type.Array(IndicatorDefinition),
});
export type KeyPopulationReport = Static<typeof KeyPopulationReport>;

export const statisticsAnswers = {
  workload: envelope(WorkloadReport),
  keyPopulation: envelope(KeyPopulationReport),
  file: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }),
};
