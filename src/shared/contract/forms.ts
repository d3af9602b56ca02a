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

/** form/detail: the form with its working document and the analysts' rule cases (null: none). */
export const FormDetail = Type.Object({ ...FormView.properties, document: Type.Unknown(), cases: Type.Unknown() });
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
