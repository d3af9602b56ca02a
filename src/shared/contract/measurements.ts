// 测量 / 检验 / 检查报告 and 体检申请's contract (issue 33; decision 0037): usermeasureproject/*,
// usermeasure/*, userapplyphysical/*, userapplyproject/listBarCodeData. A report's own fields keep the
// spec's wire names (spec 001 line 54: jyid, bar_code, uname, proj_type, …; results jyzb_*, ehr_*;
// reports check_find, check_result, file_url); the query parameters are the spec's (archId, projType,
// startDate, endDate). server/measurements answers them, src/api/measurements.ts reads them.
import { Type, type Static } from 'typebox';
import { Done, envelope, orNull, pageOf } from './envelope';
import { ArchId, DatePrefix, Id, intEnum, paging, text, textEnum } from './pieces';

const optional = Type.Optional;

/** 1 测量报告, 2 检验报告, 3 检查报告 (the project tree's types). */
export const ProjType = intEnum(1, 2, 3);
export type ProjType = Static<typeof ProjType>;

/** One result row as entered or put: the indicator, its result and unit, and the health-record indicator it feeds. */
export const MeasureResultInput = Type.Object(
  {
    jyzb_code: optional(text(50)),
    jyzb_name: Type.String({ maxLength: 100 }),
    jyzb_result: Type.String({ maxLength: 200 }),
    jyzb_unit: optional(text(30)),
    ehr_code: optional(text(50)),
    ehr_name: optional(text(100)),
  },
  { additionalProperties: false },
);
export type MeasureResultInput = Static<typeof MeasureResultInput>;

/** An exam report's image and findings (proj_type 3 only): file_type 1 检查报告, 0 普通附件. */
export const MeasureReportInput = Type.Object(
  {
    file_type: optional(intEnum(0, 1)),
    check_find: optional(text(2000)),
    check_result: optional(text(2000)),
    file_url: optional(text(500)),
  },
  { additionalProperties: false },
);
export type MeasureReportInput = Static<typeof MeasureReportInput>;

/** One report as the entry dialog saves it and a device or lab system puts it. */
export const MeasureSaveBody = Type.Object(
  {
    /** The resident (the dialog opened on an archive); absent: found by the id card when one matches. */
    arch_id: optional(ArchId),
    jyid: Type.String({ maxLength: 50 }),
    bar_code: optional(text(50)),
    serial_no: optional(text(50)),
    card_type: optional(text(10)),
    id_card: optional(text(30)),
    uname: Type.String({ maxLength: 50 }),
    uage: optional(Type.Union([Type.Integer({ minimum: 0, maximum: 150 }), Type.Null()])),
    usex: optional(text(10)),
    charge: optional(intEnum(1, 2, 3)),
    proj_type: ProjType,
    proj_code: optional(text(50)),
    proj_name: optional(text(100)),
    sqyy_mc: optional(text(100)),
    sqks_mc: optional(text(100)),
    sqys_xm: optional(text(50)),
    cjrq: optional(text(19)),
    bb_mc: optional(text(50)),
    jyxm_dm: optional(text(50)),
    jyxm_mc: optional(text(100)),
    source_code: optional(text(10)),
    source_name: optional(text(50)),
    jyrq: Type.String({ maxLength: 19 }),
    bgrq: optional(text(19)),
    jyys_xm: optional(text(50)),
    bgys_xm: optional(text(50)),
    shys_xm: optional(text(50)),
    remark: optional(text(500)),
    results: optional(Type.Array(MeasureResultInput, { maxItems: 200 })),
    reports: optional(Type.Array(MeasureReportInput, { maxItems: 10 })),
  },
  { additionalProperties: false },
);
export type MeasureSaveBody = Static<typeof MeasureSaveBody>;

/** put-data: the reports a device or lab system sends at once, all or none. */
export const MeasurePutBody = Type.Object(
  { data: Type.Array(MeasureSaveBody, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export type MeasurePutBody = Static<typeof MeasurePutBody>;

/** One result row as read, with its report's key, date and project. */
export const MeasureResultView = Type.Object({
  id: Type.String(),
  measure_id: Type.String(),
  jyid: Type.String(),
  arch_id: orNull('string'),
  jyrq: Type.String(),
  proj_type: Type.Integer(),
  proj_code: Type.String(),
  proj_name: Type.String(),
  sort: Type.Integer(),
  jyzb_code: Type.String(),
  jyzb_name: Type.String(),
  jyzb_result: Type.String(),
  jyzb_unit: Type.String(),
  ehr_code: Type.String(),
  ehr_name: Type.String(),
});
export type MeasureResultView = Static<typeof MeasureResultView>;

export const MeasureReportView = Type.Object({
  id: Type.String(),
  file_type: Type.Integer(),
  check_find: Type.String(),
  check_result: Type.String(),
  file_url: Type.String(),
});
export type MeasureReportView = Static<typeof MeasureReportView>;

/** One report with its result rows and (exam reports) images; *_text are the dictionaries' names. */
export const MeasureView = Type.Object({
  id: Type.String(),
  arch_id: orNull('string'),
  jyid: Type.String(),
  bar_code: Type.String(),
  serial_no: Type.String(),
  card_type: Type.String(),
  id_card: Type.String(),
  uname: Type.String(),
  uage: orNull('integer'),
  usex: Type.String(),
  usex_text: Type.String(),
  charge: Type.Integer(),
  charge_text: Type.String(),
  proj_type: Type.Integer(),
  proj_type_text: Type.String(),
  proj_code: Type.String(),
  proj_name: Type.String(),
  sqyy_mc: Type.String(),
  sqks_mc: Type.String(),
  sqys_xm: Type.String(),
  cjrq: orNull('string'),
  bb_mc: Type.String(),
  jyxm_dm: Type.String(),
  jyxm_mc: Type.String(),
  source_code: Type.String(),
  source_name: Type.String(),
  jyrq: Type.String(),
  bgrq: orNull('string'),
  jyys_xm: Type.String(),
  bgys_xm: Type.String(),
  shys_xm: Type.String(),
  yydm: Type.String(),
  yymc: Type.String(),
  remark: Type.String(),
  create_time: Type.String(),
  results: Type.Array(MeasureResultView),
  reports: Type.Array(MeasureReportView),
});
export type MeasureView = Static<typeof MeasureView>;

/** What a save did: the report's id, its resident (null: not linked yet) and whether an earlier report of the jyid was overwritten. */
export const MeasureSaved = Type.Object({
  id: Type.String(),
  jyid: Type.String(),
  arch_id: orNull('string'),
  overwritten: Type.Boolean(),
});
export type MeasureSaved = Static<typeof MeasureSaved>;

/** usermeasureproject/list: BladeX page; `descs` of jyrq, bgrq, cjrq, create_time (default jyrq,create_time). */
export const MeasureListQuery = Type.Object({
  ...paging(),
  archId: optional(ArchId),
  projType: optional(ProjType),
  /** The same as projType (the list screen's search sends it so). */
  proj_type_equal: optional(ProjType),
  startDate: optional(DatePrefix),
  endDate: optional(DatePrefix),
  uname_like: optional(text(50)),
  id_card_like: optional(text(30)),
  jyid_equal: optional(text(50)),
  descs: optional(text(100)),
  ascs: optional(text(100)),
});
export type MeasureListQuery = Static<typeof MeasureListQuery>;

/** cl-project-new-List: a resident's reports in a date range, of one type when given. */
export const MeasureRangeQuery = Type.Object({
  archId: ArchId,
  startDate: optional(DatePrefix),
  endDate: optional(DatePrefix),
  projType: optional(ProjType),
});

/** detail-list-arch: a resident's result rows, of one indicator (the lab history) when given. */
export const MeasureArchResultsQuery = Type.Object({
  archId: ArchId,
  ehrCode: optional(text(50)),
  jyzbCode: optional(text(50)),
  projType: optional(ProjType),
});

/** A health-record project of the tree with the indicators it measures (the entry's result rows). */
export const MeasureProject = Type.Object({
  id: Type.String(),
  proj_type: Type.Integer(),
  proj_code: Type.String(),
  proj_name: Type.String(),
  indicators: Type.Array(Type.Object({ ehr_code: Type.String(), ehr_name: Type.String(), unit: Type.String() })),
});
export type MeasureProject = Static<typeof MeasureProject>;

/** The lab history row of spec 001 line 55: the date, the lab item or project code, the report's type. */
export const MeasureHistoryRow = Type.Object({
  id: Type.String(),
  jyid: Type.String(),
  jyrq: Type.String(),
  jyxmDm_projCode: Type.String(),
  isType: Type.Integer(),
  proj_name: Type.String(),
  jyxm_mc: Type.String(),
  result_count: Type.Integer(),
});
export type MeasureHistoryRow = Static<typeof MeasureHistoryRow>;

export const MeasureLinks = Type.Object({
  linked: Type.Array(Type.Object({ id: Type.String(), archId: Type.String(), personName: Type.String() })),
  unmatched: Type.Integer(),
});
export type MeasureLinks = Static<typeof MeasureLinks>;

export const MeasureRefreshed = Type.Object({ refreshed: Type.Integer(), linked: Type.Integer(), values: Type.Integer() });

/** import-measure's outcome: the reports made (a row per result; rows of one jyid are one report). */
export const MeasureImported = Type.Object({
  fileName: Type.String(),
  rows: Type.Integer(),
  reports: Type.Array(MeasureSaved),
});
export type MeasureImported = Static<typeof MeasureImported>;

/** 体检申请: one application, for one resident or many, of some projects. */
const applyFields = {
  applyDate: optional(DatePrefix),
  projIds: Type.Array(Id, { minItems: 1, maxItems: 50 }),
  remark: optional(text(200)),
};
export const ApplyOneBody = Type.Object({ ...applyFields, archId: ArchId }, { additionalProperties: false });
export type ApplyOneBody = Static<typeof ApplyOneBody>;
export const ApplyManyBody = Type.Object(
  { ...applyFields, archIds: Type.Array(ArchId, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type ApplyManyBody = Static<typeof ApplyManyBody>;

const applyViewFields = {
  id: Type.String(),
  apply_date: Type.String(),
  apply_doctor: Type.String(),
  resident_count: Type.Integer(),
  project_names: Type.String(),
  remark: Type.String(),
  create_time: Type.String(),
};
export const ApplyView = Type.Object(applyViewFields);
export type ApplyView = Static<typeof ApplyView>;

/** One resident's project of an application, with its bar code and whether its report has come. */
export const ApplyProjectView = Type.Object({
  id: Type.String(),
  main_id: Type.String(),
  arch_id: Type.String(),
  name: Type.String(),
  sex: Type.String(),
  sex_text: Type.String(),
  apply_date: Type.String(),
  proj_type: Type.Integer(),
  proj_code: Type.String(),
  proj_name: Type.String(),
  bar_code: Type.String(),
  /** '0' 待检查, '1' 已出报告. */
  status: Type.String(),
  measure_id: orNull('string'),
});
export type ApplyProjectView = Static<typeof ApplyProjectView>;

export const ApplyListQuery = Type.Object({ ...paging(), startDate: optional(DatePrefix), endDate: optional(DatePrefix) });
export const ApplyProjectQuery = Type.Object({
  ...paging(),
  archId: optional(ArchId),
  mainId: optional(Id),
  status: optional(textEnum('0', '1')),
  name_like: optional(text(50)),
});

/** The label print row of spec 001 line 55. */
export const BarCodeRow = Type.Object({
  apply_date: Type.String(),
  proj_name: Type.String(),
  name: Type.String(),
  sex_text: Type.String(),
  age: orNull('integer'),
  ageDetail: Type.String(),
  bar_code: Type.String(),
});
export type BarCodeRow = Static<typeof BarCodeRow>;

export const measureAnswers = {
  page: envelope(pageOf(MeasureView)),
  report: envelope(MeasureView),
  reports: envelope(Type.Array(MeasureView)),
  results: envelope(Type.Array(MeasureResultView)),
  saved: envelope(MeasureSaved),
  put: envelope(Type.Array(MeasureSaved)),
  projects: envelope(Type.Array(MeasureProject)),
  history: envelope(Type.Array(MeasureHistoryRow)),
  links: envelope(MeasureLinks),
  refreshed: envelope(MeasureRefreshed),
  imported: envelope(MeasureImported),
  done: envelope(Done),
  applied: envelope(Type.Object({ id: Type.String(), residents: Type.Integer(), projects: Type.Integer() })),
  applyPage: envelope(pageOf(ApplyView)),
  applyProjectPage: envelope(pageOf(ApplyProjectView)),
  applyDetail: envelope(Type.Object({ ...applyViewFields, projects: Type.Array(ApplyProjectView) })),
  barCodes: envelope(Type.Array(BarCodeRow)),
};
