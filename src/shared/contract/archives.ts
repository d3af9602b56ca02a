// The resident-archive contract (spec 001 §3 archive record, §7 userarchives / commuserarchives /
// userinfomain, the archive history) and the per-user column settings of CRUD tables (spec 002 §7
// colcustom): what the server's archives/ routes take and answer, and what src/api/archives.ts and
// src/api/colcustom.ts read.
import { Type, type Static } from 'typebox';
import { Done, envelope, orNull, pageOf } from './envelope';
import { bladeSearch, MAX_PAGE_SIZE, paging, text, textEnum } from './pieces';

const optional = Type.Optional;

/** Archive ids as the archive screens send them: digits, '' allowed (a blank id is "no id"). */
export const ArchiveDigits = Type.String({ maxLength: 32, pattern: '^[0-9]*$' });

/** commuserarchives/list and new-list; the list pages up to MAX_PAGE_SIZE (the picker loads a family at once). */
export const ArchiveListQuery = Type.Object({
  ...paging(MAX_PAGE_SIZE),
  ascs: optional(text(200)),
  descs: optional(text(200)),
  ...bladeSearch('personName', text(50), '', 'like', 'equal'),
  ...bladeSearch('archivesNo', text(32), '', 'like', 'equal'),
  ...bladeSearch('idCard', text(32), '', 'equal'),
  ...bladeSearch('archivesStatus', text(2), '', 'equal'),
  ...bladeSearch('sex', text(2), 'equal'),
  ...bladeSearch('mainDoctorId', ArchiveDigits, 'equal'),
  ...bladeSearch('teamId', ArchiveDigits, 'equal'),
  crowdLabel: optional(text(32)),
});
export type ArchiveListQuery = Static<typeof ArchiveListQuery>;

/** commuserarchives/detail and userarchivesdev/history: the archive as `id` or `archId`. */
export const ArchiveIdQuery = Type.Object({ id: optional(ArchiveDigits), archId: optional(ArchiveDigits) });
export type ArchiveIdQuery = Static<typeof ArchiveIdQuery>;

/** userinfomain/get-by-id-card. */
export const IdCardQuery = Type.Object({ idCard: text(32) });
export type IdCardQuery = Static<typeof IdCardQuery>;

/** userarchives/create-update-archives: a create (no id) or an update (id and the rowVersion read). */
export const ArchiveSaveBody = Type.Object({
  id: optional(ArchiveDigits),
  /** The version the client read (it may come as If-Match instead): none → 428, an old one → 409. */
  rowVersion: optional(Type.Integer({ minimum: 1 })),
  personName: optional(text(50)),
  idCard: optional(text(32)),
  cardType: optional(text(4)),
  sex: optional(text(2)),
  birthday: optional(text(20)),
  phone: optional(text(20)),
  contactName: optional(text(50)),
  contactPhone: optional(text(20)),
  contactRelaCode: optional(text(10)),
  compateAddress: optional(text(200)),
  compateAddressNumber: optional(text(50)),
  homeAddress: optional(text(200)),
  homeAddressNumber: optional(text(50)),
  regionCode: optional(text(20)),
  regionAddress: optional(text(200)),
  familyId: optional(text(32)),
  mainDoctorId: optional(ArchiveDigits),
  teamId: optional(ArchiveDigits),
  empId: optional(text(32)),
  insuranceCode: optional(text(32)),
  cardNo: optional(text(32)),
  avatar: optional(text(500)),
  /** Crowd-label codes, as an array or a comma list. */
  crowdLabels: optional(Type.Union([Type.Array(text(32), { maxItems: 30 }), text(500)])),
});
export type ArchiveSaveBody = Static<typeof ArchiveSaveBody>;

/** The cancel dialog's form (spec 001 §3): offType 1 death (deadFlag, deadDate, deadReason), 9 other. */
const cancelFields = {
  offType: optional(text(4)),
  offReason: optional(text(500)),
  deadFlag: optional(text(2)),
  deadDate: optional(text(20)),
  deadReason: optional(text(500)),
  offDate: optional(text(20)),
  offUser: optional(text(32)),
  offTenant: optional(text(12)),
  logoutType: optional(text(10)),
};

/** Bulk calls take the ids as a JSON array or BladeX's comma list. */
const ArchiveIds = Type.Union([
  Type.Array(ArchiveDigits, { minItems: 1, maxItems: 500 }),
  Type.String({ minLength: 1, maxLength: 20000, pattern: '^[0-9,]+$' }),
]);

export const ArchiveCancelBody = Type.Object({ archId: ArchiveDigits, ...cancelFields });
export type ArchiveCancelBody = Static<typeof ArchiveCancelBody>;
export const ArchiveCancelManyBody = Type.Object({ ids: ArchiveIds, ...cancelFields });
export type ArchiveCancelManyBody = Static<typeof ArchiveCancelManyBody>;
export const ArchiveRestoreBody = Type.Object({ archId: ArchiveDigits });
export type ArchiveRestoreBody = Static<typeof ArchiveRestoreBody>;
export const ArchiveRestoreManyBody = Type.Object({ ids: ArchiveIds });
export type ArchiveRestoreManyBody = Static<typeof ArchiveRestoreManyBody>;

/**
 * An archive as every archive call answers it (spec 001 §3 names; ids are strings). The ID number
 * and phones are masked unless the caller may see them; `sensitiveMasked` says which it got. The
 * cancel fields are '' on an active archive.
 */
export const ArchiveView = Type.Object({
  id: Type.String(),
  archId: Type.String(),
  arch_id: Type.String(),
  archivesNo: Type.String(),
  archNo: Type.String(),
  /** '1' active; '2' cancelled (spec 001 §4 — the archive picker lists only status 1). */
  archivesStatus: Type.String(),
  archivesStatusText: Type.String(),
  personName: Type.String(),
  /** '1' male, '2' female (the id-card helper's codes). */
  sex: Type.String(),
  sexText: Type.String(),
  /** Whole years today; '' without a usable birthday. */
  age: Type.Unsafe<number | ''>({ type: ['integer', 'string'] }),
  birthday: Type.String(),
  idCard: Type.String(),
  cardType: Type.String(),
  avatar: Type.String(),
  phone: Type.String(),
  contactName: Type.String(),
  contactPhone: Type.String(),
  contactRelaCode: Type.String(),
  compateAddress: Type.String(),
  compateAddressNumber: Type.String(),
  homeAddress: Type.String(),
  homeAddressNumber: Type.String(),
  regionCode: Type.String(),
  regionAddress: Type.String(),
  familyId: Type.String(),
  contractId: Type.String(),
  mainDoctorId: Type.String(),
  doctorName: Type.String(),
  teamId: Type.String(),
  teamName: Type.String(),
  tenantId: Type.String(),
  empId: Type.String(),
  insuranceCode: Type.String(),
  cardNo: Type.String(),
  /** Crowd labels as codes, e.g. hypertension / diabetes (server-defined). */
  crowdLabels: Type.Array(Type.String()),
  /** Spec 001 §3: '1' or '2' from the crowd labels 3_1 / 3_2, else ''. */
  diabetesType: Type.String(),
  gwStatus: Type.String(),
  shStatus: Type.String(),
  cancelled: Type.Boolean(),
  offType: Type.String(),
  offReason: Type.String(),
  deadFlag: Type.String(),
  deadDate: Type.String(),
  deadReason: Type.String(),
  offDate: Type.String(),
  offUser: Type.String(),
  offUserName: Type.String(),
  offTenant: Type.String(),
  offTenantName: Type.String(),
  rowVersion: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.String(),
  sensitiveMasked: Type.Boolean(),
});
export type ArchiveView = Static<typeof ArchiveView>;

export const ARCHIVE_HISTORY_ACTIONS = ['create', 'update', 'cancel', 'restore'] as const;
export type ArchiveHistoryAction = (typeof ARCHIVE_HISTORY_ACTIONS)[number];

/** One change of an archive: each field (wire name) before → after, masked as the archive is. */
export const ArchiveHistoryView = Type.Object({
  id: Type.String(),
  archId: Type.String(),
  action: textEnum(...ARCHIVE_HISTORY_ACTIONS),
  rowVersion: Type.Integer(),
  changes: Type.Array(Type.Object({ field: Type.String(), before: Type.Unknown(), after: Type.Unknown() })),
  updateUser: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
});
export type ArchiveHistoryView = Static<typeof ArchiveHistoryView>;

/** A menu's or table's code ('' when the screen has none). */
const ColumnCode = Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_.\\-/]*$' });

/** colcustom/listCols. */
export const ColumnListQuery = Type.Object({ menuCode: optional(ColumnCode), refCode: optional(ColumnCode) });
export type ColumnListQuery = Static<typeof ColumnListQuery>;

// The app's ajv coerces types: 1/0 and 'true' become booleans, a null width becomes 0 (no width).
const width = optional(Type.Integer({ minimum: 0, maximum: 5000 }));
const flag = optional(Type.Boolean());

/** colcustom/saveBatch: the whole state of one table's columns. */
export const ColumnSaveBody = Type.Array(
  Type.Object({
    menuCode: optional(ColumnCode),
    refCode: optional(ColumnCode),
    prop: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.\\-]+$' }),
    filters: flag,
    fixed: optional(textEnum('', 'left', 'right')),
    hide: flag,
    screen: flag,
    sortable: flag,
    width,
    minWidth: width,
    maxWidth: width,
    sort: optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  }),
  { maxItems: 200 },
);
export type ColumnSaveBody = Static<typeof ColumnSaveBody>;

/** One saved column of a user's table (spec 002 §3 column customisation); no width is null. */
export const ColumnSettingView = Type.Object({
  menuCode: Type.String(),
  refCode: Type.String(),
  prop: Type.String(),
  filters: Type.Boolean(),
  fixed: textEnum('', 'left', 'right'),
  hide: Type.Boolean(),
  screen: Type.Boolean(),
  sortable: Type.Boolean(),
  width: orNull('integer'),
  minWidth: orNull('integer'),
  maxWidth: orNull('integer'),
  sort: Type.Integer(),
});
export type ColumnSettingView = Static<typeof ColumnSettingView>;

/** The answers, as the routes declare them. */
export const archiveAnswers = {
  archive: envelope(ArchiveView),
  /** get-by-id-card: null when the institution has no archive of that ID number. */
  archiveOrNull: envelope(Type.Union([ArchiveView, Type.Null()])),
  archivePage: envelope(pageOf(ArchiveView)),
  history: envelope(Type.Array(ArchiveHistoryView)),
  /** Cancel and restore: the ids of the archives changed. */
  changedIds: envelope(Type.Array(Type.String())),
  columns: envelope(Type.Array(ColumnSettingView)),
  done: envelope(Done),
};
