// The task centre's contract (issue 34 "Work lists"; decision 0032): the due list and its counts,
// the spec's statistics and home totals (userfollowup/statistical-task-by-types,
// statistical-task-by-user, userinfomain/get-home-page-total, home-show-page) and the doctor tasks'
// calls beyond CRUD (doctortask/assign-doctor-task, finishedDoctorTask). server/task-centre answers
// them, src/api/task-centre.ts reads them.
import { Type, type Static } from 'typebox';
import { envelope, orNull, pageOf } from './envelope';
import { DatePrefix, FormCode, Id, paging, text, textEnum } from './pieces';

const optional = Type.Optional;

/** 已逾期 / 即将到期 / 本期应随访. */
export const DueTabSchema = textEnum('overdue', 'soon', 'period');
export type DueTabName = Static<typeof DueTabSchema>;

export const DueTaskQuery = Type.Object({
  ...paging(),
  tab: optional(DueTabSchema),
  formCode: optional(FormCode),
  doctorId: optional(Id),
  teamId: optional(Id),
  personName: optional(text(50)),
  /** The day the list is read for (default today): yyyy-MM-dd. */
  date: optional(DatePrefix),
});
export type DueTaskQuery = Static<typeof DueTaskQuery>;

export const DueTask = Type.Object({
  archId: Type.String(),
  personName: Type.String(),
  sex: Type.String(),
  birthday: orNull('string'),
  archivesNo: Type.String(),
  doctorId: orNull('string'),
  doctorName: orNull('string'),
  teamId: orNull('string'),
  teamName: orNull('string'),
  formCode: Type.String(),
  formName: Type.String(),
  lastFollowId: orNull('string'),
  /** The case (a pregnancy, a child) the last record belongs to; its page is where the next one is made. */
  otherId: orNull('string'),
  caseKind: Type.Union([Type.Literal('maternal'), Type.Literal('child'), Type.Null()]),
  lastVisitDate: orNull('string'),
  nextVisitDate: orNull('string'),
  dueDate: Type.String(),
  /** overdue: before today; soon: within the horizon; later: after it (still due this period). */
  dueState: textEnum('overdue', 'soon', 'later'),
  /** Days past the due date (overdue), else 0. */
  overdueDays: Type.Integer(),
});
export type DueTask = Static<typeof DueTask>;

export const DueCounts = Type.Object({ overdue: Type.Integer(), soon: Type.Integer(), period: Type.Integer() });
export type DueCounts = Static<typeof DueCounts>;

/** The page of one tab, the counts of all three, the dates that split them and the forms that take part. */
export const DueTaskPage = Type.Object({
  ...pageOf(DueTask).properties,
  counts: DueCounts,
  today: Type.String(),
  soonEnd: Type.String(),
  periodEnd: Type.String(),
  soonDays: Type.Integer(),
  forms: Type.Array(Type.Object({ formCode: Type.String(), formName: Type.String() })),
});
export type DueTaskPage = Static<typeof DueTaskPage>;

export const TaskByType = Type.Object({ formCode: Type.String(), formName: Type.String(), ...DueCounts.properties });
export type TaskByType = Static<typeof TaskByType>;

export const TaskByUserQuery = Type.Object({
  start: optional(DatePrefix),
  end: optional(DatePrefix),
  /** Days from today when start/end are not given (spec: default 7). */
  task_type: optional(Type.Integer({ minimum: 1, maximum: 366 })),
});
export const TaskByUser = Type.Object({
  doctorId: Type.String(),
  doctorName: Type.String(),
  /** Tasks falling due in [start, end]. */
  due: Type.Integer(),
  /** Tasks overdue today. */
  overdue: Type.Integer(),
  /** Follow-ups of the taking-part forms saved with a visit date in [start, end]. */
  done: Type.Integer(),
});
export type TaskByUser = Static<typeof TaskByUser>;

export const HomeTotal = Type.Object({
  overdue: Type.Integer(),
  soon: Type.Integer(),
  period: Type.Integer(),
  /** Open doctor tasks assigned to the caller. */
  doctorTasks: Type.Integer(),
});
export type HomeTotal = Static<typeof HomeTotal>;

/** A card of the home page: what it counts, the number and where it leads. */
export const HomeShowItem = Type.Object({ code: Type.String(), name: Type.String(), count: Type.Integer(), path: Type.String() });
export type HomeShowItem = Static<typeof HomeShowItem>;

export const AssignTaskBody = Type.Object({ doctorId: Id });
export const FinishTaskBody = Type.Object({ busiKey: optional(text(64)), taskCode: optional(text(64)) });

export const taskCentreAnswers = {
  duePage: envelope(DueTaskPage),
  byTypes: envelope(Type.Array(TaskByType)),
  byUser: envelope(Type.Array(TaskByUser)),
  homeTotal: envelope(HomeTotal),
  homeShow: envelope(Type.Array(HomeShowItem)),
};
