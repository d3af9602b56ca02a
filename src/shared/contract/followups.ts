// The follow-up and record-store contract (spec 001 §7 userfollowup, userfollowupdev, formrecord):
// what the server's followups/ routes take and answer, and what src/api/followups.ts reads.
import { Type, type Static } from 'typebox';
import { envelope, openObject, orNull, pageOf } from './envelope';
import { ArchId, DatePrefix, FormCode, Id, intEnum, paging, text, textOrNull } from './pieces';

const optional = Type.Optional;
const positive = Type.Integer({ minimum: 1 });

/** Saved (1) or closed off, 结案 (2). */
export const RECORD_SAVED = 1;
export const RECORD_CLOSED = 2;

/** A record save's body (every form's save call takes it); `followId` is the follow-up calls' name for `id`. */
export const RecordSubmitBody = Type.Object({
  id: optional(Id),
  followId: optional(Id),
  formCode: optional(FormCode),
  formVersion: optional(positive),
  archId: optional(ArchId),
  otherId: optional(textOrNull(40)),
  // The form's values, checked field by field by the engine (server/followups/services/record-submit.ts).
  values: Type.Unsafe<Record<string, unknown>>({ type: 'object', maxProperties: 2000 }),
  /** Ids of the anomalies the user accepted at the 有异常是否保存? prompt. */
  acknowledgements: optional(Type.Array(text(100), { maxItems: 200 })),
  /** The row version the client read; an update over a newer one is refused (409). */
  rowVersion: optional(positive),
  /** One id per save attempt: a retried request creates one record. May come as the Request-Id header. */
  clientRequestId: optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' })),
});
export type RecordSubmitBody = Static<typeof RecordSubmitBody>;

/** A record as every record call answers it; the same object is kept as the answer to its client request id. */
export const RecordView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  formCode: Type.String(),
  /** The form version the record was filled with: it opens with that version. */
  formVersion: Type.Integer(),
  archId: Type.String(),
  otherId: orNull('string'),
  values: openObject(),
  /** What the form's placement made of the values: the visit, and when the next one falls due (yyyy-MM-dd). */
  visitDate: orNull('string'),
  nextVisitDate: orNull('string'),
  status: Type.Integer(),
  acknowledgements: Type.Array(Type.Unknown()),
  rowVersion: Type.Integer(),
  createUser: Type.String(),
  createUserName: Type.String(),
  createTime: Type.String(),
  updateUser: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
});
export type RecordView = Static<typeof RecordView>;

/** A follow-up is a record; the spec's screens call its id followId. */
export const FollowView = Type.Object({ ...RecordView.properties, followId: Type.String() });
export type FollowView = Static<typeof FollowView>;

/** formrecord/detail?withForm=1 adds the document of the record's own version (null when it is gone). */
export const RecordWithForm = Type.Object({ ...RecordView.properties, document: optional(Type.Union([openObject(), Type.Null()])) });

/** A history row in spec 001 §3's shape. */
export const HistoryView = Type.Object({
  id: Type.String(),
  recordId: Type.String(),
  /** create | update | remove | close | restore */
  action: Type.String(),
  rowVersion: Type.Integer(),
  payload: Type.Unknown(),
  requestUri: Type.String(),
  changeSource: Type.String(),
  updateUser: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
});
export type HistoryView = Static<typeof HistoryView>;

export const RecordListQuery = Type.Object({
  ...paging(),
  formCode: optional(FormCode),
  archId: optional(ArchId),
  otherId: optional(ArchId),
  status: optional(intEnum(RECORD_SAVED, RECORD_CLOSED)),
  startDate: optional(DatePrefix),
  endDate: optional(DatePrefix),
});
export type RecordListQuery = Static<typeof RecordListQuery>;

/** One resident's records (the left list of the follow-up page). */
export const ArchRecordsQuery = Type.Object({ ...paging(), archId: ArchId, formCode: optional(FormCode), otherId: optional(ArchId) });

/** The last visit and the next one it planned, for one resident and form. */
export const FollowupDate = Type.Object({
  archId: Type.String(),
  formCode: Type.String(),
  followId: orNull('string'),
  lastVisitDate: orNull('string'),
  nextVisitDate: orNull('string'),
});

/** A resident due for a follow-up form; a quarterly form adds the window it is due in. */
export const DueResident = Type.Object({
  archId: Type.String(),
  personName: orNull('string'),
  sex: orNull('string'),
  birthday: orNull('string'),
  archivesNo: orNull('string'),
  doctorName: orNull('string'),
  teamName: orNull('string'),
  formCode: Type.String(),
  lastFollowId: orNull('string'),
  lastVisitDate: orNull('string'),
  nextVisitDate: orNull('string'),
  quarterStart: optional(Type.String()),
  quarterEnd: optional(Type.String()),
  periodStart: optional(Type.String()),
  periodEnd: optional(Type.String()),
});
export const DueQuery = Type.Object({ ...paging(), date: optional(DatePrefix) });

/** A planned next visit of the task centre. */
export const PlannedVisit = Type.Object({
  followId: Type.String(),
  archId: Type.String(),
  personName: orNull('string'),
  formCode: Type.String(),
  lastVisitDate: orNull('string'),
  nextVisitDate: Type.String(),
  overdue: Type.Boolean(),
});

/** Saved follow-ups of one form in a window: total, closed off, saved with acknowledged anomalies. */
export const SubmitStatusRow = Type.Object({
  formCode: Type.String(),
  formName: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  total: Type.Integer(),
  closed: Type.Integer(),
  withAnomalies: Type.Integer(),
});

/** The answers, as the routes declare them. */
export const followupAnswers = {
  follow: envelope(FollowView),
  followOrNull: envelope(Type.Union([FollowView, Type.Null()])),
  followPage: envelope(pageOf(FollowView)),
  followList: envelope(Type.Array(FollowView)),
  record: envelope(RecordView),
  recordWithForm: envelope(RecordWithForm),
  recordPage: envelope(pageOf(RecordView)),
  history: envelope(Type.Array(HistoryView)),
  done: envelope(Type.Boolean()),
  followupDate: envelope(FollowupDate),
  duePage: envelope(pageOf(DueResident)),
  plannedPage: envelope(pageOf(PlannedVisit)),
  submitStatus: envelope(Type.Array(SubmitStatusRow)),
};
