// 上报 (issue 34, decision 0033): the push outbox's calls — 上报管理's list, 重新上报 and 清除错误,
// 随访提交状态's push counts, and the pushes to the other systems.
import { Type, type Static } from 'typebox';
import { envelope, pageOf } from './envelope';
import { DatePrefix, paging, text } from './pieces';

const optional = Type.Optional;

/** One push of one record (or archive) to one system, as 上报管理 lists it. */
export const PushView = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  kindText: Type.String(),
  sourceId: Type.String(),
  archId: Type.String(),
  personName: Type.String(),
  formCode: Type.String(),
  formName: Type.String(),
  visitDate: Type.String(),
  system: Type.String(),
  systemName: Type.String(),
  /** 0 待上报, 1 上报中, 2 已上报, 3 失败, 4 终止, 5 已清除. */
  state: Type.Integer(),
  stateText: Type.String(),
  attempts: Type.Integer(),
  /** The spec's status: '0' 未上报, '1' 已上报, '2' 上报失败. */
  gwStatus: Type.String(),
  gwMsg: Type.String(),
  idempotencyKey: Type.String(),
  externalId: Type.String(),
  nextTryTime: Type.String(),
  lastTryTime: Type.String(),
  pushedTime: Type.String(),
  updateTime: Type.String(),
});
export type PushView = Static<typeof PushView>;

export const PushListQuery = Type.Object({
  ...paging(),
  state: optional(Type.Integer({ minimum: 0, maximum: 5 })),
  system: optional(Type.Union([Type.Literal('GW'), Type.Literal('JW'), Type.Literal('SFY'), Type.Literal('HIS')])),
  kind: optional(
    Type.Union([
      Type.Literal('followup'),
      Type.Literal('archive'),
      Type.Literal('contract'),
      Type.Literal('archive_other'),
      Type.Literal('medication'),
      Type.Literal('habits'),
      Type.Literal('voucher'),
    ]),
  ),
  formCode: optional(text(100)),
  personName: optional(text(50)),
  startDate: optional(DatePrefix),
  endDate: optional(DatePrefix),
});
export type PushListQuery = Static<typeof PushListQuery>;

/** ids as a comma list (query or body) or an array in the body. */
export const IdsBody = Type.Union([
  Type.Object({ ids: optional(Type.Union([text(8000), Type.Array(text(60), { maxItems: 500 })])) }),
  Type.Null(),
]);

export const PushChanged = Type.Object({ changed: Type.Integer(), ids: Type.Array(Type.String()) });
export type PushChanged = Static<typeof PushChanged>;

/** Per form: its pushes to the regional system by state (随访提交状态). */
export const PushCount = Type.Object({
  formCode: Type.String(),
  formName: Type.String(),
  waiting: Type.Integer(),
  running: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  dead: Type.Integer(),
  cleared: Type.Integer(),
  total: Type.Integer(),
});
export type PushCount = Static<typeof PushCount>;

/** A resident's habits not yet reported to the regional system at their current version (userinfohabits/list-need-report-data). */
export const HabitsReportView = Type.Object({
  id: Type.String(),
  archId: Type.String(),
  personName: Type.String(),
  surveyDate: Type.String(),
  rowVersion: Type.Integer(),
  /** The outbox row of its regional push ('' when it never had one). */
  pushId: Type.String(),
  /** The push's state (-1: never pushed). */
  state: Type.Integer(),
  stateText: Type.String(),
  gwStatus: Type.String(),
  gwMsg: Type.String(),
  updateTime: Type.String(),
});
export type HabitsReportView = Static<typeof HabitsReportView>;

/** The review status of archives changed (userarchives/change-sh-status). */
export const ShStatusChanged = Type.Object({ changed: Type.Integer(), ids: Type.Array(Type.String()), shStatus: Type.String() });
export type ShStatusChanged = Static<typeof ShStatusChanged>;

export const pushAnswers = {
  page: envelope(pageOf(PushView)),
  changed: envelope(PushChanged),
  counts: envelope(Type.Array(PushCount)),
  views: envelope(Type.Array(PushView)),
  habitsPage: envelope(pageOf(HabitsReportView)),
  shStatus: envelope(ShStatusChanged),
};
