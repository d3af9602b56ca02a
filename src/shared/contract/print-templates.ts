// 打印模板 and printed files' contract (issue 33 "Printing", decision 0038): report/* (templates as
// data: a tree of folders and templates, each a JSON recipe of print blocks), getPrintFile (the
// selected archives' print), get-preview-url(s) (a link to a PDF the server makes) and
// blade-report/report/rest/* (the printed files). server/print-templates answers them;
// src/api/print-templates.ts reads them.
import { Type, type Static } from 'typebox';
import { Done, envelope, openObject, pageOf, subtree } from './envelope';
import { FormCode, Id, IdList, paging, text, textEnum } from './pieces';

const optional = Type.Optional;
const FontSize = Type.Number({ minimum: 6, maximum: 48 });

/** A label | value cell of a recipe's table; `{{…}}` in either is filled from the printed data. */
export const RecipeCell = Type.Object(
  { label: text(200), value: text(2000), span: optional(Type.Integer({ minimum: 1, maximum: 4 })) },
  { additionalProperties: false },
);
export const RecipeSection = Type.Object(
  { heading: optional(text(100)), rows: Type.Array(Type.Array(RecipeCell, { maxItems: 4 }), { maxItems: 200 }) },
  { additionalProperties: false },
);

/**
 * One block of a template: the print blocks of server/printing (title, line, paragraph, space, page
 * break, table) with `{{archive.personName}}`-style placeholders, and two that print form records as
 * their paper forms — `record` (the record the param names) and `records` (every record of the
 * resident in the print year, of `formCodes` or of every form, each on its own page).
 */
export const RecipeBlock = Type.Union([
  Type.Object({ kind: Type.Literal('title'), text: text(200), size: optional(FontSize) }, { additionalProperties: false }),
  Type.Object(
    { kind: Type.Literal('line'), text: text(500), right: optional(text(500)), size: optional(FontSize) },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('paragraph'), text: text(5000), size: optional(FontSize) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('space'), height: Type.Number({ minimum: 0, maximum: 700 }) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('pageBreak') }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('table'),
      pairs: Type.Integer({ minimum: 1, maximum: 4 }),
      headingWidth: optional(Type.Number({ minimum: 0, maximum: 200 })),
      labelWidth: optional(Type.Number({ minimum: 20, maximum: 300 })),
      sections: Type.Array(RecipeSection, { minItems: 1, maxItems: 50 }),
    },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('record'), filledOnly: optional(Type.Boolean()) }, { additionalProperties: false }),
  Type.Object(
    { kind: Type.Literal('records'), formCodes: optional(Type.Array(FormCode, { maxItems: 50 })), filledOnly: optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
  /** A measurement / lab / exam report (origin measure): its fields, result rows with reference ranges, its image (decision 0046). */
  Type.Object({ kind: Type.Literal('measure') }, { additionalProperties: false }),
]);
export type RecipeBlock = Static<typeof RecipeBlock>;

/** A template's content: the printout's title and its blocks. */
export const Recipe = Type.Object(
  { title: text(200), blocks: Type.Array(RecipeBlock, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export type Recipe = Static<typeof Recipe>;

/** One parameter a template takes: `archId` (an archive's id), `id` (a record's), `year` (yyyy) or free `text`. */
export const ParamKind = textEnum('archId', 'id', 'year', 'text');
export const ParamSpec = Type.Object(
  { name: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' }), label: text(40), kind: ParamKind, required: Type.Boolean() },
  { additionalProperties: false },
);
export type ParamSpec = Static<typeof ParamSpec>;
export const ParamSchema = Type.Array(ParamSpec, { maxItems: 10 });

/** What a template prints from: an archive (param archId, printYear), one form record (param id) or one measurement report (param id). */
export const ReportOrigin = textEnum('archive', 'followup', 'measure');
export type ReportOrigin = Static<typeof ReportOrigin>;

/** One row of 打印模板: a folder (category 1) or a template (category 2). */
export const ReportView = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  category: Type.Integer(),
  origin: Type.String(),
  code: Type.String(),
  name: Type.String(),
  formCodes: Type.String(),
  paramSchema: Type.Array(openObject<ParamSpec>()),
  content: openObject<Recipe>(),
  /** The recipe and the params as indented JSON text: what 打印模板's dialog edits. */
  contentText: Type.String(),
  paramSchemaText: Type.String(),
  sort: Type.Integer(),
  remark: Type.String(),
  hasChildren: Type.Boolean(),
  rowVersion: Type.Integer(),
  updateTime: Type.String(),
});
export type ReportView = Static<typeof ReportView>;

export interface ReportTreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  category: number;
  origin: string;
  code: string;
  children: ReportTreeNode[];
}
export const ReportTreeNode = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  category: Type.Integer(),
  origin: Type.String(),
  code: Type.String(),
  children: subtree<ReportTreeNode>(),
});

export const ReportListQuery = Type.Object({
  ...paging(),
  parentId: optional(Id),
  name: optional(text(50)),
  name_like: optional(text(50)),
  code_like: optional(text(50)),
  origin_equal: optional(text(20)),
  category_equal: optional(text(2)),
});
export type ReportListQuery = Static<typeof ReportListQuery>;

/**
 * The longest recipe and params 打印模板's dialog edits as JSON text: the `maxLength` of its
 * contentText / paramSchemaText fields (schemas/adminreport.json, a test holds them equal) and what
 * submit takes there. The built-in archive recipes are about 6,500 characters indented.
 */
export const REPORT_CONTENT_TEXT_MAX = 100_000;
export const REPORT_PARAMS_TEXT_MAX = 4000;

/**
 * 打印模板's submit: a new row without `id`, a change with `id` and the `rowVersion` read. `content`
 * and `paramSchema` as JSON or JSON text (`contentText` / `paramSchemaText` win when sent).
 */
export const ReportSubmitBody = Type.Object({
  id: optional(Id),
  /** The folder (none, '' or '0': the top). */
  parentId: optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 40, pattern: '^[0-9]*$' })),
  category: optional(Type.Integer({ minimum: 1, maximum: 2 })),
  origin: optional(text(20)),
  code: optional(text(60)),
  name: optional(text(100)),
  formCodes: optional(Type.Union([text(1000), Type.Array(FormCode, { maxItems: 50 })])),
  paramSchema: optional(Type.Union([text(4000), Type.Array(Type.Unsafe<unknown>({}), { maxItems: 10 })])),
  content: optional(Type.Union([text(200_000), Type.Unsafe<Record<string, unknown>>({ type: 'object' })])),
  /** 打印模板's dialog sends the edited JSON text here; when given it is what is saved. */
  contentText: optional(text(REPORT_CONTENT_TEXT_MAX)),
  paramSchemaText: optional(text(REPORT_PARAMS_TEXT_MAX)),
  sort: optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  remark: optional(text(500)),
  rowVersion: optional(Type.Integer({ minimum: 1 })),
});
export type ReportSubmitBody = Static<typeof ReportSubmitBody>;

/** A template a print screen may offer: the tenant's own or the built-in one of that origin and code. */
export const ReportCode = Type.Object({
  origin: Type.String(),
  code: Type.String(),
  name: Type.String(),
  formCodes: Type.String(),
  paramSchema: Type.Array(openObject<ParamSpec>()),
  builtIn: Type.Boolean(),
});
export type ReportCode = Static<typeof ReportCode>;

/** A field a template may print: its placeholder and what it is. */
export const PrintField = Type.Object({ placeholder: Type.String(), label: Type.String(), group: Type.String() });
export type PrintField = Static<typeof PrintField>;

/** One print request (spec 001 line 53): a template by origin and code, and its param — JSON or JSON text. */
export const PrintItem = Type.Object({
  origin: optional(text(40)),
  code: optional(text(60)),
  param: optional(Type.Union([text(2000), Type.Unsafe<Record<string, unknown>>({ type: 'object', maxProperties: 10 })])),
});
export type PrintItem = Static<typeof PrintItem>;
/** At most this many items in one print (a page of the archive list is at most 200 rows). */
export const MAX_PRINT_ITEMS = 200;
export const PrintItems = Type.Array(PrintItem, { maxItems: MAX_PRINT_ITEMS });
/** getPrintFile's and get-preview-urls' body: the list itself, or `{list}` (a client that cannot send a bare array). */
export const PrintItemsBody = Type.Union([PrintItems, Type.Object({ list: PrintItems })]);

export const PreviewUrlQuery = Type.Object({ origin: optional(text(40)), code: optional(text(60)), param: optional(text(2000)) });

/** get-preview-url(s)'s answer: where the PDF is (fetched with the session's headers) and the file it is. */
export const PreviewLink = Type.Object({ link: Type.String(), id: Type.String(), name: Type.String() });
export type PreviewLink = Static<typeof PreviewLink>;

/** One printed file (报表文件): a link asked for, its templates' params kept, made whenever opened. */
export const ReportFileView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  remark: Type.String(),
  itemCount: Type.Integer(),
  link: Type.String(),
  createUserName: Type.String(),
  createTime: Type.String(),
});
export type ReportFileView = Static<typeof ReportFileView>;

export const ReportFileListQuery = Type.Object({ ...paging(), name: optional(text(50)), name_like: optional(text(50)) });
export const RemarkQuery = Type.Object({ id: Id, remark: optional(text(500)) });
export const IdsQuery = Type.Object({ ids: optional(IdList) });

export const printTemplateAnswers = {
  page: envelope(pageOf(ReportView)),
  rows: envelope(Type.Array(ReportView)),
  tree: envelope(Type.Array(ReportTreeNode)),
  detail: envelope(ReportView),
  codes: envelope(Type.Array(ReportCode)),
  fields: envelope(Type.Array(PrintField)),
  link: envelope(PreviewLink),
  qr: envelope(Type.String()),
  files: envelope(pageOf(ReportFileView)),
  file: envelope(ReportFileView),
  done: envelope(Done),
};
