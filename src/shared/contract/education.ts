// 健康教育 and 一键宣教's contract (issue 34 "Work lists"; decision 0036): userpromotion/* —
// education records (form records of 健康教育记录 `propaganda` and 健康教育处方 `healtheducation`),
// the one-key batches, and their pushes. server/education answers them, src/api/education.ts reads them.
import { Type, type Static } from 'typebox';
import { Done, envelope, openObject, orNull, pageOf } from './envelope';
import { ArchId, DatePrefix, Id, IdList, paging, text, textEnum } from './pieces';

const optional = Type.Optional;

/** The two education forms: 健康教育记录 (the list's own) and 健康教育处方 (given at a hypertension or diabetes follow-up). */
export const EducationFormCode = textEnum('propaganda', 'healtheducation');
export type EducationFormCode = Static<typeof EducationFormCode>;

export const EducationListQuery = Type.Object({
  ...paging(),
  formCode: optional(EducationFormCode),
  personName: optional(text(50)),
  personName_like: optional(text(50)),
  method_equal: optional(text(10)),
  archId: optional(ArchId),
  mainId: optional(Id),
  startDate: optional(DatePrefix),
  endDate: optional(DatePrefix),
});
export type EducationListQuery = Static<typeof EducationListQuery>;

/** One education given to one resident, as the 健康教育 list shows it. */
export const EducationRecord = Type.Object({
  id: Type.String(),
  formCode: Type.String(),
  formName: Type.String(),
  archId: Type.String(),
  personName: Type.String(),
  sex: Type.String(),
  doctorName: Type.String(),
  teamName: Type.String(),
  /** 教育日期 (yyyy-MM-dd). */
  eduDate: orNull('string'),
  method: Type.String(),
  methodName: Type.String(),
  title: Type.String(),
  topicNames: Type.String(),
  educator: Type.String(),
  values: openObject(),
  mainId: orNull('string'),
  /** The regional push: '0' 未上报, '1' 已上报, '2' 上报失败, with the last reason. */
  gwStatus: Type.String(),
  gwMsg: Type.String(),
  rowVersion: Type.Integer(),
  createUserName: Type.String(),
  createTime: Type.String(),
});
export type EducationRecord = Static<typeof EducationRecord>;

/** One one-key batch (一键宣教). */
export const EducationBatch = Type.Object({
  id: Type.String(),
  formCode: Type.String(),
  formName: Type.String(),
  title: Type.String(),
  eduDate: Type.String(),
  method: Type.String(),
  methodName: Type.String(),
  educator: Type.String(),
  crowdLabel: Type.String(),
  crowdName: Type.String(),
  teamId: Type.String(),
  residentCount: Type.Integer(),
  createUserName: Type.String(),
  createTime: Type.String(),
});
export type EducationBatch = Static<typeof EducationBatch>;

export const BatchListQuery = Type.Object({
  ...paging(),
  formCode: optional(EducationFormCode),
  title_like: optional(text(50)),
  startDate: optional(DatePrefix),
  endDate: optional(DatePrefix),
});
export type BatchListQuery = Static<typeof BatchListQuery>;

/** One resident's education saved or changed: `id` and `rowVersion` for a change. */
export const EducationSaveBody = Type.Object({
  id: optional(Id),
  archId: optional(ArchId),
  values: Type.Unsafe<Record<string, unknown>>({ type: 'object', maxProperties: 50 }),
  rowVersion: optional(Type.Integer({ minimum: 1 })),
});
export type EducationSaveBody = Static<typeof EducationSaveBody>;

/** One education for many residents (一键宣教): the residents chosen and how they were chosen. */
export const OneKeyBody = Type.Object({
  archIds: Type.Array(ArchId, { maxItems: 500 }),
  crowdLabel: optional(text(40)),
  teamId: optional(text(40)),
  values: Type.Unsafe<Record<string, unknown>>({ type: 'object', maxProperties: 50 }),
});
export type OneKeyBody = Static<typeof OneKeyBody>;

export const OneKeyResult = Type.Object({ mainId: Type.String(), count: Type.Integer(), recordIds: Type.Array(Type.String()) });
export type OneKeyResult = Static<typeof OneKeyResult>;

/** The residents a one-key education may go to: the caller's, narrowed by crowd label, team and name. */
export const CrowdResidentQuery = Type.Object({
  ...paging(500),
  crowdLabel: optional(text(40)),
  teamId: optional(text(40)),
  personName: optional(text(50)),
});
export type CrowdResidentQuery = Static<typeof CrowdResidentQuery>;

export const CrowdResident = Type.Object({
  archId: Type.String(),
  personName: Type.String(),
  sex: Type.String(),
  birthday: Type.String(),
  crowdLabels: Type.String(),
  doctorName: Type.String(),
  teamName: Type.String(),
  lastEduDate: orNull('string'),
});
export type CrowdResident = Static<typeof CrowdResident>;

export const IdsBody = Type.Object({ ids: optional(Type.Union([IdList, Type.Array(Id, { maxItems: 500 })])) });

export const PushResult = Type.Object({ ids: Type.Array(Type.String()) });

export const SubmitStatus = Type.Object({ id: Type.String(), state: Type.Integer(), gwStatus: Type.String(), gwMsg: Type.String() });
export type SubmitStatus = Static<typeof SubmitStatus>;

export const educationAnswers = {
  page: envelope(pageOf(EducationRecord)),
  record: envelope(EducationRecord),
  recordOrNull: envelope(Type.Union([EducationRecord, Type.Null()])),
  batches: envelope(pageOf(EducationBatch)),
  oneKey: envelope(OneKeyResult),
  residents: envelope(pageOf(CrowdResident)),
  pushed: envelope(PushResult),
  status: envelope(Type.Array(SubmitStatus)),
  done: envelope(Done),
};
