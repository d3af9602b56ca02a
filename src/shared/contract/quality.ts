// The quality-management contract (spec 002 quality-manage/list, list/{code}; spec 001
// userarchives/do-quality-archives, userfollowup/do-quality-followup,
// userarchivesother/do-quality-arch-other; issue 34, decision 0034): what server/quality takes and
// answers and what the 质量管理 screen (src/features/quality) sends and reads.
import { Type, type Static } from 'typebox';
import { envelope, orNull, pageOf } from './envelope';
import { AnyObject, DatePrefix, Id, paging, text, textEnum } from './pieces';

const optional = Type.Optional;

/** 0 排队中, 1 进行中, 2 已完成, 3 失败, 4 不适用 (the tenant's form version lacks every rule's fields, or is not published). */
export const QUALITY_RUN_STATUS_TEXT = ['排队中', '进行中', '已完成', '失败', '不适用'] as const;

/** A rule a run left out because the tenant's published form version lacks fields it reads (decision 0041). */
export const SkippedRule = Type.Object({
  ruleId: Type.String(),
  message: Type.String(),
  fields: Type.Array(Type.String()),
  /** 规则 x（…）引用了不存在的字段：a（标签）. */
  text: Type.String(),
});

/** A topic's code (quality/<code>.json). */
export const TopicCode = Type.String({ minLength: 1, maxLength: 61, pattern: '^[a-z][a-z0-9_]*$' });

export const QualityTopicListQuery = Type.Object(
  {
    ...paging(),
    quality_type: optional(text(40)),
    query_type: optional(textEnum('completeness', 'logic', 'timeliness', '')),
    name: optional(text(100)),
  },
  { additionalProperties: false },
);

export const QualityRun = Type.Object({
  id: Type.String(),
  topicCode: Type.String(),
  status: Type.Integer(),
  statusText: Type.String(),
  progress: Type.Integer(),
  total: Type.Integer(),
  checked: Type.Integer(),
  failedRecords: Type.Integer(),
  failures: Type.Integer(),
  doctorId: orNull('string'),
  teamId: orNull('string'),
  dateFrom: orNull('string'),
  dateTo: orNull('string'),
  errorMsg: Type.String(),
  createUserName: Type.String(),
  createTime: Type.String(),
  finishTime: Type.String(),
  /** The tenant's form version the run read (null: an archive topic, or none published). */
  formVersion: orNull('integer'),
  skippedRules: Type.Array(SkippedRule),
});
export type QualityRun = Static<typeof QualityRun>;

export const QualityTopic = Type.Object({
  code: Type.String(),
  name: Type.String(),
  qualityType: Type.String(),
  qualityTypeName: Type.String(),
  queryType: Type.String(),
  queryTypeName: Type.String(),
  formCode: Type.String(),
  source: Type.String(),
  rules: Type.Array(Type.Object({ id: Type.String(), when: Type.String(), message: Type.String() })),
  lastRun: Type.Union([QualityRun, Type.Null()]),
  /** Against the tenant's published version of the form now: false is 不适用 (no rule can run). */
  applicable: Type.Boolean(),
  /** Why not, or which rules are left out ('' when every rule runs). */
  notice: Type.String(),
  /** Whose topic this is (decision 0042): the file's, or the tenant's own version. */
  origin: optional(textEnum('file', 'tenant')),
});
export type QualityTopic = Static<typeof QualityTopic>;

export const FailingValue = Type.Object({
  field: Type.String(),
  label: Type.String(),
  value: Type.Unknown(),
  /** A coded value's text in its dictionary (此次随访分类 1 → 控制满意). */
  text: optional(Type.String()),
});

export const QualityFailure = Type.Object({
  id: Type.String(),
  recordId: Type.String(),
  archId: Type.String(),
  otherId: orNull('string'),
  formCode: Type.String(),
  sourceKind: Type.String(),
  personName: Type.String(),
  doctorId: Type.String(),
  doctorName: Type.String(),
  teamName: Type.String(),
  visitDate: orNull('string'),
  ruleId: Type.String(),
  message: Type.String(),
  values: Type.Array(FailingValue),
});
export type QualityFailure = Static<typeof QualityFailure>;

export const QualityFailureQuery = Type.Object(
  {
    ...paging(),
    runId: optional(Id),
    ruleId: optional(text(80)),
    personName: optional(text(50)),
    doctorId: optional(Id),
  },
  { additionalProperties: false },
);

export const QualityRunBody = Type.Object(
  {
    code: TopicCode,
    doctorId: optional(Type.Union([Id, Type.Literal('')])),
    teamId: optional(Type.Union([Id, Type.Literal('')])),
    dateFrom: optional(Type.Union([DatePrefix, Type.Literal('')])),
    dateTo: optional(Type.Union([DatePrefix, Type.Literal('')])),
  },
  { additionalProperties: false },
);
export type QualityRunBody = Static<typeof QualityRunBody>;

/** The ids to check now: `?ids=1,2` or a body `{ids}` (archives, follow-up records), `otherIds` for the cases. */
export const QualityIdsQuery = Type.Object({ ids: optional(text(4000)), otherIds: optional(text(4000)) }, { additionalProperties: false });
export const QualityIdsBody = Type.Union([
  Type.Object({
    ids: optional(Type.Union([text(4000), Type.Array(Id, { maxItems: 500 })])),
    otherIds: optional(Type.Union([text(4000), Type.Array(Id, { maxItems: 500 })])),
  }),
  Type.Null(),
]);

export const CheckedFailure = Type.Object({
  recordId: Type.String(),
  archId: Type.String(),
  otherId: orNull('string'),
  formCode: Type.String(),
  personName: Type.String(),
  visitDate: orNull('string'),
  topicCode: Type.String(),
  topicName: Type.String(),
  ruleId: Type.String(),
  message: Type.String(),
  values: Type.Array(FailingValue),
});
export type CheckedFailure = Static<typeof CheckedFailure>;

export const qualityAnswers = {
  topics: envelope(pageOf(QualityTopic)),
  failures: envelope(
    Type.Object({
      topic: QualityTopic,
      run: Type.Union([QualityRun, Type.Null()]),
      records: Type.Array(QualityFailure),
      total: Type.Integer(),
      size: Type.Integer(),
      current: Type.Integer(),
      pages: Type.Integer(),
    }),
  ),
  run: envelope(QualityRun),
  checked: envelope(Type.Array(CheckedFailure)),
};
export type QualityFailurePage = Static<typeof qualityAnswers.failures>['data'];

// The topic editor (decision 0042): a tenant's own version of a topic, in the file's JSON shape.

/** A rule of a topic: `when` is true when the record fails. */
export const TopicRuleDoc = Type.Object({ id: Type.String(), when: Type.String(), message: Type.String() });
/** A rule case: a record's values and the rule ids they must fail (no more, no fewer). */
export const TopicCaseDoc = Type.Object({
  name: Type.String(),
  values: Type.Record(Type.String(), Type.Unknown()),
  fails: Type.Array(Type.String()),
  today: optional(Type.String()),
});

/** A topic document as quality/<code>.json holds it. */
export const TopicDocument = Type.Object({
  code: Type.String(),
  name: Type.String(),
  qualityType: Type.String(),
  queryType: Type.String(),
  form: Type.String(),
  source: optional(Type.String()),
  rules: Type.Array(TopicRuleDoc),
  cases: optional(Type.Array(TopicCaseDoc)),
});
export type TopicDocument = Static<typeof TopicDocument>;

/**
 * What topic/check and topic/submit take: the document, loosely shaped here (the topic compiler says
 * what is wrong in its own words, by rule and case), and the version the editor read (null or absent:
 * the file's topic, or a new one).
 */
export const TopicSubmitBody = Type.Object(
  {
    code: TopicCode,
    name: text(200),
    qualityType: text(40),
    queryType: text(40),
    form: text(100),
    source: optional(text(2000)),
    rules: Type.Array(AnyObject, { maxItems: 200 }),
    cases: optional(Type.Array(AnyObject, { maxItems: 200 })),
    version: optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type TopicSubmitBody = Static<typeof TopicSubmitBody>;

/** A field a topic's rules may read (the form's, and recordDate), for the editor's completions. */
export const TopicField = Type.Object({ fieldProp: Type.String(), fieldLabel: Type.String(), fieldType: Type.Integer() });
export type TopicField = Static<typeof TopicField>;

/** The effective document of a topic for the caller's tenant, and whose it is. */
export const TopicDetail = Type.Object({
  document: TopicDocument,
  /** 'tenant': the tenant's own version; 'file': quality/<code>.json. */
  origin: textEnum('file', 'tenant'),
  /** A file topic of this code exists (removing the tenant's version reverts to it). */
  hasFile: Type.Boolean(),
  /** The tenant's row version (null: the file's topic). */
  version: orNull('integer'),
  updateUserName: Type.String(),
  updateTime: Type.String(),
});
export type TopicDetail = Static<typeof TopicDetail>;

/** A problem of a topic: about one rule, one case, or the topic as a whole. */
export const TopicProblemView = Type.Object({ ruleId: orNull('string'), caseIndex: orNull('integer'), message: Type.String() });
export type TopicProblemView = Static<typeof TopicProblemView>;

export const TopicCaseResult = Type.Object({
  name: Type.String(),
  expected: Type.Array(Type.String()),
  got: Type.Array(Type.String()),
  passed: Type.Boolean(),
});
export type TopicCaseResult = Static<typeof TopicCaseResult>;

/** topic/check's answer (and a refused submit's data): the problems and each case's result. */
export const TopicCheck = Type.Object({ ok: Type.Boolean(), problems: Type.Array(TopicProblemView), cases: Type.Array(TopicCaseResult) });
export type TopicCheck = Static<typeof TopicCheck>;

/** A form a topic may check, for the editor's select, with the fields its rules may read. */
export const TopicForm = Type.Object({ code: Type.String(), name: Type.String(), fields: Type.Array(TopicField) });
export type TopicForm = Static<typeof TopicForm>;

export const qualityTopicAnswers = {
  detail: envelope(TopicDetail),
  check: envelope(TopicCheck),
  forms: envelope(Type.Array(TopicForm)),
  removed: envelope(Type.Array(Type.String())),
};
