// The follow-up domain's other calls (spec 001 §7): vouchers, the graph data, the health menu, the
// elderly-care summary, the exam's starting values, the tuberculosis medication card, the
// screenings and inquiries and the child/maternal archive history — what the server's followups/
// routes answer and what src/api/vouchers.ts, followup-graph.ts, health-menu.ts and
// elderly-archive.ts read. The record answers themselves are in ./followups.
import { Type, type Static } from 'typebox';
import { envelope, openObject, orNull, pageOf } from './envelope';
import { RecordView } from './followups';
import { Id } from './pieces';

// ---- Vouchers (userfollowupvoucher)

/** A voucher as the API returns it (spec 001 §3: id, link, documentUrl, originalName, name). */
export const VoucherView = Type.Object({
  id: Type.String(),
  followId: Type.String(),
  /** The file's address (oss file route): opens images and PDFs in place. */
  link: Type.String(),
  documentUrl: Type.String(),
  originalName: Type.String(),
  name: Type.String(),
  createUser: Type.String(),
  createUserName: Type.String(),
  createTime: Type.String(),
});
export type VoucherView = Static<typeof VoucherView>;

/** What put-file answers as a file's link: only files uploaded to this server may be vouchers. */
const OSS_LINK = '^/api/blade-resource/oss/file/[0-9a-f-]{36}$';
const fileName = Type.String({ minLength: 1, maxLength: 200 });

/** One voucher to save: the put-file answer's link, name and original name. */
export const VoucherFile = Type.Object({
  link: Type.String({ minLength: 1, maxLength: 200, pattern: OSS_LINK }),
  // A PDF's or image's own address when it differs from link; '' or another file of this server.
  documentUrl: Type.Optional(Type.String({ maxLength: 200, pattern: `^$|${OSS_LINK}` })),
  originalName: fileName,
  name: fileName,
});
export type VoucherFile = Static<typeof VoucherFile>;

/** userfollowupvoucher/save-vouchers: vouchers added to a follow-up. */
export const SaveVouchersBody = Type.Object({ followId: Id, vouchers: Type.Array(VoucherFile) });

// ---- The graph of pressures and glucose (follow-up-for-gxy-or-tnb-data)

/** One record's readings: a pressure pair and/or a fasting glucose. */
export const GraphPoint = Type.Object({
  followId: Type.String(),
  formCode: Type.String(),
  formName: Type.String(),
  /** yyyy-MM-dd, the record's visit date. */
  date: Type.String(),
  sbp: orNull('number'),
  dbp: orNull('number'),
  fbg: orNull('number'),
});
export type GraphPoint = Static<typeof GraphPoint>;

export const GraphData = Type.Object({
  archId: Type.String(),
  beginDate: orNull('string'),
  endDate: orNull('string'),
  formCodes: Type.Array(Type.String()),
  /** Oldest first. */
  points: Type.Array(GraphPoint),
});
export type GraphData = Static<typeof GraphData>;

// ---- The health menu (healthmenu/getHealthMenuRoutes)

export const HealthMenuTab = Type.Object({
  /** The form's code. */
  code: Type.String(),
  /** Its menu or tab title. */
  name: Type.String(),
  sort: orNull('number'),
  /** followup, evaluation, education, exam, screening… (the document's placement kind). */
  kind: Type.String(),
  formName: Type.String(),
  version: Type.Integer(),
});
export type HealthMenuTab = Static<typeof HealthMenuTab>;

export const HealthMenuRoute = Type.Object({ ...HealthMenuTab.properties, path: Type.String(), tabs: Type.Array(HealthMenuTab) });
export type HealthMenuRoute = Static<typeof HealthMenuRoute>;

export const HealthMenu = Type.Object({ routes: Type.Array(HealthMenuRoute), buttons: Type.Array(Type.String()) });
export type HealthMenu = Static<typeof HealthMenu>;

/**
 * The health menu as BladeX's menu trees give it (healthmenu/tree, lazy-list, healthMenuTree): a page
 * is a node under '0', the tabs other forms join on it its children. Ids are form codes, since the
 * menu is made from the forms' placements, not kept in a table of its own.
 */
export const HealthMenuNode = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  path: orNull('string'),
  sort: orNull('number'),
  kind: Type.String(),
  formName: Type.String(),
  version: Type.Integer(),
  hasChildren: Type.Boolean(),
  children: Type.Array(Type.Object({ ...HealthMenuTab.properties, id: Type.String(), parentId: Type.String() })),
});
export type HealthMenuNode = Static<typeof HealthMenuNode>;

// ---- The elderly archive (get-old-archives-data)

/** The latest 老年人生活自理能力评估 of a resident. */
export const SelfCareSummary = Type.Object({
  followId: Type.String(),
  visitDate: orNull('string'),
  nextVisitDate: orNull('string'),
  totalScore: orNull('number'),
  /** living_skills code: 1 可自理, 2 轻度依赖, 3 中度依赖, 4 不能自理. */
  grade: orNull('string'),
  gradeName: orNull('string'),
});
export type SelfCareSummary = Static<typeof SelfCareSummary>;

/** The latest 中医体质辨识: the constitutions judged 是 / 倾向是 (tcm_constitution codes and names). */
export const TcmSummary = Type.Object({
  followId: Type.String(),
  visitDate: orNull('string'),
  nextVisitDate: orNull('string'),
  constitutions: Type.Array(Type.String()),
  constitutionNames: Type.Array(Type.String()),
});
export type TcmSummary = Static<typeof TcmSummary>;

export const OldArchivesData = Type.Object({
  archId: Type.String(),
  selfCare: Type.Union([SelfCareSummary, Type.Null()]),
  tcm: Type.Union([TcmSummary, Type.Null()]),
});
export type OldArchivesData = Static<typeof OldArchivesData>;

// ---- A new exam's starting values (physical-examination-to-initialize)

/** Where a carried measurement came from. */
export const MeasurementSource = Type.Object({ followId: Type.String(), formCode: Type.String(), visitDate: orNull('string') });
export type MeasurementSource = Static<typeof MeasurementSource>;

export const ExamStart = Type.Object({
  formCode: Type.String(),
  formVersion: Type.Integer(),
  formName: Type.String(),
  archId: Type.String(),
  personName: Type.String(),
  archivesNo: Type.String(),
  lastExam: Type.Union([Type.Object({ followId: Type.String(), visitDate: orNull('string') }), Type.Null()]),
  /** The form's values the archive and the last records give. */
  values: openObject(),
  /** Per carried measurement (height, weight, waist), the record it came from. */
  sources: openObject<Record<string, MeasurementSource>>(),
});
export type ExamStart = Static<typeof ExamStart>;

// ---- The tuberculosis medication card (userarchivesotherext)

const DoseTotals = {
  dueDoses: Type.Integer(),
  actualDoses: Type.Integer(),
  missedDoses: Type.Integer(),
  /** 实际服药 / 应服药 × 100, one decimal; null before any dose day. */
  doseRate: orNull('number'),
  regular: orNull('boolean'),
};

export const MedicationCardView = Type.Object({
  archId: Type.String(),
  id: orNull('string'),
  regimen: Type.String(),
  startDate: orNull('string'),
  supervisor: Type.String(),
  doses: Type.Array(Type.Object({ date: Type.String(), taken: Type.Boolean() })),
  ...DoseTotals,
  rowVersion: orNull('integer'),
  updateUserName: orNull('string'),
  updateTime: orNull('string'),
});
export type MedicationCardView = Static<typeof MedicationCardView>;

/** One month of the printed card: day of month → '√' taken, '×' missed. */
export const PrintMonth = Type.Object({
  month: Type.String(),
  days: openObject<Record<string, '√' | '×'>>(),
  taken: Type.Integer(),
  missed: Type.Integer(),
});

export const MedicationCardPrint = Type.Object({
  archId: Type.String(),
  personName: Type.String(),
  sex: Type.String(),
  archivesNo: Type.String(),
  regimen: Type.String(),
  startDate: orNull('string'),
  supervisor: Type.String(),
  months: Type.Array(PrintMonth),
  ...DoseTotals,
});
export type MedicationCardPrint = Static<typeof MedicationCardPrint>;

// ---- Screenings and inquiries: records under the spec's names for their id

export const ScreenView = Type.Object({ ...RecordView.properties, screenId: Type.String() });
export type ScreenView = Static<typeof ScreenView>;
/** An inquiry; its lists name the resident (personName), its save and detail do not. */
export const AskView = Type.Object({ ...RecordView.properties, askId: Type.String(), personName: Type.Optional(Type.String()) });
export type AskView = Static<typeof AskView>;

/** The answers, as the routes declare them. */
export const careAnswers = {
  vouchers: envelope(Type.Array(VoucherView)),
  graph: envelope(GraphData),
  healthMenu: envelope(HealthMenu),
  healthMenuTree: envelope(Type.Array(HealthMenuNode)),
  oldArchives: envelope(OldArchivesData),
  examStart: envelope(ExamStart),
  card: envelope(MedicationCardView),
  cardPrint: envelope(MedicationCardPrint),
  screen: envelope(ScreenView),
  screenPage: envelope(pageOf(ScreenView)),
  ask: envelope(AskView),
  askPage: envelope(pageOf(AskView)),
};
