// The form designer's contract (spec 002 §7 form, formfield, formfieldreckon): what the server's
// forms/ routes answer for the forms, their versions and the designer's field and rule rows, and
// what src/features/form-designer/designer-api.ts reads. A form's document is the engine's
// FormDocument, passed through whole (the engine's own validator owns it).
import { Type, type Static } from 'typebox';
import { envelope, orNull, pageOf } from './envelope';
import { textEnum } from './pieces';

// ---- Forms (form)

/** A form's working copy as the form calls answer it. */
export const FormView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  formCode: Type.String(),
  formName: Type.String(),
  /** The latest published version; 0 when never published. */
  version: Type.Integer(),
  remark: orNull('string'),
  /** JSON text of the document's extras (source, sections, placement, options). */
  ext: orNull('string'),
  createUser: Type.String(),
  createTime: Type.String(),
  updateUser: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
  /** The working copy's version: send it back with form/submit to be told of another's edit (409). */
  rowVersion: Type.Integer(),
});
export type FormView = Static<typeof FormView>;

/** 未发布 (never published) / 已发布 (the working copy is the latest version) / 有未发布修改. */
export const WorkingStatus = textEnum('unpublished', 'published', 'changed');
export type WorkingStatus = Static<typeof WorkingStatus>;

/** form/list: a form with its working copy against the latest published version. */
export const FormListRow = Type.Object({ ...FormView.properties, workingStatus: Type.Optional(WorkingStatus) });
export type FormListRow = Static<typeof FormListRow>;

/**
 * form/detail: the form with its working document, the analysts' rule cases (null: none) and the
 * dictionaries it carries (the `dictionaries` map of rules/<code>.dicts.json, null: none) — made in
 * the designer or imported, created in the tenant's business dictionary when the form is published.
 */
export const FormDetail = Type.Object({
  ...FormView.properties,
  document: Type.Unknown(),
  cases: Type.Unknown(),
  dictionaries: Type.Unknown(),
});
export type FormDetail = Static<typeof FormDetail>;

/** form/listForm: the published forms with their latest version. */
export const PublishedForm = Type.Object({ id: Type.String(), formCode: Type.String(), formName: Type.String(), version: Type.Integer() });
export type PublishedForm = Static<typeof PublishedForm>;

/** form/publish: the version the call made (created) or found unchanged. */
export const PublishResult = Type.Object({
  formCode: Type.String(),
  version: Type.Integer(),
  created: Type.Boolean(),
  publishedAt: Type.String(),
});
export type PublishResult = Static<typeof PublishResult>;

/** form/versions: one published version. */
export const VersionRow = Type.Object({
  formCode: Type.String(),
  version: Type.Integer(),
  source: Type.String(),
  contentHash: Type.String(),
  publishedBy: Type.String(),
  publishedByName: Type.String(),
  publishedAt: Type.String(),
  note: orNull('string'),
});
export type VersionRow = Static<typeof VersionRow>;

// ---- The designer's rows (formfield, formfieldreckon)

/** A field row of a form's working copy. */
export const FieldView = Type.Object({
  id: Type.String(),
  formId: Type.String(),
  formCode: Type.String(),
  fieldProp: Type.String(),
  fieldLabel: Type.String(),
  fieldType: Type.Integer(),
  required: orNull('integer'),
  bizCode: orNull('string'),
  fieldUrl: orNull('string'),
  regExp: orNull('string'),
  sort: Type.Integer(),
  ext: orNull('string'),
});
export type FieldView = Static<typeof FieldView>;

/** A rule row (formfieldreckon) of a field. */
export const ReckonView = Type.Object({
  id: Type.String(),
  formId: Type.String(),
  formCode: Type.String(),
  fieldProp: Type.String(),
  reckonId: Type.String(),
  kind: orNull('string'),
  scontent: orNull('string'),
  tcontent: orNull('string'),
  errMsg: orNull('string'),
  note: orNull('string'),
  sort: Type.Integer(),
});
export type ReckonView = Static<typeof ReckonView>;

/** The designer's tree: a field with its rules as children (title and key for the tree control). */
export const ReckonNode = Type.Object({ ...ReckonView.properties, title: Type.String(), key: Type.String() });
export type ReckonNode = Static<typeof ReckonNode>;
export const FieldNode = Type.Object({
  ...FieldView.properties,
  title: Type.String(),
  key: Type.String(),
  children: Type.Array(ReckonNode),
});
export type FieldNode = Static<typeof FieldNode>;

/** The answers, as the routes declare them. */
export const formAnswers = {
  form: envelope(FormView),
  formList: envelope(Type.Array(FormView)),
  formPage: envelope(pageOf(FormListRow)),
  formDetail: envelope(FormDetail),
  publishedForms: envelope(Type.Array(PublishedForm)),
  published: envelope(PublishResult),
  versions: envelope(Type.Array(VersionRow)),
  /** A version's document, or its cases (null: none): passed through whole. */
  anything: envelope(Type.Unknown()),
  text: envelope(Type.String()),
  field: envelope(FieldView),
  fieldPage: envelope(pageOf(FieldView)),
  fieldList: envelope(Type.Array(FieldView)),
  fieldTree: envelope(Type.Array(FieldNode)),
  reckon: envelope(ReckonView),
  reckonPage: envelope(pageOf(ReckonView)),
  done: envelope(Type.Boolean()),
};

// ── The designer's server half (form/diff, replay, rollback, import) and the field lists ──────────

/** One change between two documents, as the engine's diff writes it (before/after only where it has them). */
export const DiffChange = Type.Object({
  kind: textEnum('form', 'placement', 'section', 'field', 'rule', 'options'),
  op: textEnum('added', 'removed', 'changed'),
  id: Type.String(),
  label: Type.Optional(Type.String()),
  text: Type.String(),
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
});
/** A version number, or the working copy. */
const DocumentRef = Type.Union([Type.Integer(), Type.Literal('working')]);
export const DiffResult = Type.Object({ from: DocumentRef, to: DocumentRef, changes: Type.Array(DiffChange) });
export type DiffResult = Static<typeof DiffResult>;

const FieldNote = { field: Type.String(), label: Type.String() };
/** One record the replay re-evaluated with the working copy, and what would change. */
export const ReplayItem = Type.Object({
  recordId: Type.String(),
  archId: Type.String(),
  personName: orNull('string'),
  visitDate: orNull('string'),
  formVersion: Type.Integer(),
  valueChanges: Type.Array(Type.Object({ ...FieldNote, before: Type.Unknown(), after: Type.Unknown() })),
  newErrors: Type.Array(Type.Object({ ...FieldNote, message: Type.String() })),
  newAnomalies: Type.Array(Type.Object({ ...FieldNote, message: Type.String() })),
  hiddenFilled: Type.Array(Type.Object({ ...FieldNote, value: Type.Unknown() })),
});
export type ReplayItem = Static<typeof ReplayItem>;
export const ReplayReport = Type.Object({
  formCode: Type.String(),
  /** The number the working copy would be published as. */
  workingVersion: Type.Integer(),
  records: Type.Integer(),
  changedRecords: Type.Integer(),
  totals: Type.Object({
    valueChanges: Type.Integer(),
    newErrors: Type.Integer(),
    newAnomalies: Type.Integer(),
    hiddenFilled: Type.Integer(),
  }),
  items: Type.Array(ReplayItem),
  /** The replay's time bound ran out before its limit: `records` says how far it got. */
  stoppedEarly: Type.Optional(Type.Boolean()),
});
export type ReplayReport = Static<typeof ReplayReport>;

export const RollbackResult = Type.Object({
  formCode: Type.String(),
  version: Type.Integer(),
  /** False when the older version equals the current one: nothing was published. */
  created: Type.Boolean(),
  publishedAt: Type.String(),
  rolledBackTo: Type.Integer(),
});
export type RollbackResult = Static<typeof RollbackResult>;

/** One dictionary a form names, as the import found it in the tenant and in the files. */
export const ImportedDictionary = Type.Object({
  code: Type.String(),
  /** tenant: the tenant (or the platform, or the code maps) has it with items; files: only the dictionaries file brings it
   * (created at publish); missing: neither has it (publish is refused until it exists). */
  state: textEnum('tenant', 'files', 'missing'),
  /** Items the files bring that the tenant lacks (added at publish). */
  newItems: Type.Integer(),
  /** Items whose label in the files differs from the tenant's (the tenant's label is kept): "2: 文件 家中 / 租户 家庭". */
  labelDifferences: Type.Array(Type.String()),
});
export type ImportedDictionary = Static<typeof ImportedDictionary>;

/** The imported working copy with what it read and found, shown before the administrator leaves the dialog. */
export const ImportResult = Type.Object({
  ...FormView.properties,
  fieldCount: Type.Integer(),
  ruleCount: Type.Integer(),
  caseCount: Type.Integer(),
  dictionaries: Type.Array(ImportedDictionary),
  /** The document has a placement (without one it is reached by nobody). */
  hasPlacement: Type.Boolean(),
  /** What publish would say: compile errors and warnings and the world check's errors, as sentences. */
  problems: Type.Array(Type.Object({ severity: textEnum('error', 'warning'), text: Type.String() })),
});
export type ImportResult = Static<typeof ImportResult>;

/** formfield/field-columns: a form's fields as list or export columns, with their options (convert=1). */
export const FieldColumn = Type.Object({
  prop: Type.String(),
  label: Type.String(),
  fieldType: Type.Integer(),
  valueType: Type.Optional(Type.String()),
  bizCode: orNull('string'),
  fieldUrl: orNull('string'),
  unit: orNull('string'),
  hide: Type.Boolean(),
  dicData: Type.Optional(Type.Array(Type.Object({ label: Type.String(), value: Type.String() }))),
});
export type FieldColumn = Static<typeof FieldColumn>;

/** formfield/field-reckons?convert=0: the rules as reckon rows. */
export const ReckonRow = Type.Object({
  fieldProp: Type.String(),
  reckonId: Type.String(),
  kind: orNull('string'),
  scontent: orNull('string'),
  tcontent: orNull('string'),
  errMsg: orNull('string'),
});
/** convert=1 answers the engine's rule definitions, passed through whole (the engine's types own them). */
const EngineRule = Type.Unsafe<object>({ type: 'object', additionalProperties: true });

/** One dictionary of the tenant's world, for the designer's check, completion and pickers. */
export const WorldDictionary = Type.Object({
  code: Type.String(),
  name: Type.String(),
  /** Where it is found first, in the engine's order: the tenant's business dictionary, the platform's, the code maps. */
  source: textEnum('tenant', 'platform', 'codemap'),
  items: Type.Array(Type.Object({ value: Type.String(), label: Type.String() })),
});
export type WorldDictionary = Static<typeof WorldDictionary>;

export const designerAnswers = {
  /** form/dictionary-world: every dictionary a form may name in this tenant, crowd_label included. */
  world: envelope(Type.Array(WorldDictionary)),
  diff: envelope(DiffResult),
  replay: envelope(ReplayReport),
  rollback: envelope(RollbackResult),
  imported: envelope(ImportResult),
  fieldColumns: envelope(Type.Array(FieldColumn)),
  fieldReckons: envelope(Type.Union([Type.Array(ReckonRow), Type.Array(EngineRule)])),
};
