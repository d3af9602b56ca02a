// The export contract (spec 002 §3 export request, §7 blade-iph-input/excel-api/export): what the
// server's reports/ route takes and answers, and what src/api/excel-export.ts sends and reads. The
// export answers JSON — a link to the .xlsx, kept like an upload and served by oss/file/:id.
import { Type, type Static } from 'typebox';
import { envelope } from './envelope';
import { AnyObject, text } from './pieces';

const optional = Type.Optional;

/** The most rows one export writes (server/http/internal-list.ts pages a list url up to it). */
export const EXPORT_ROW_CAP = 10_000;

/** One exported column; a group header (colspan > 1) has no prop of its own. */
export const ExportColumn = Type.Object({
  label: text(200),
  prop: optional(text(100)),
  colspan: optional(Type.Integer({ minimum: 1, maximum: 300 })),
  rowspan: optional(Type.Integer({ minimum: 1, maximum: 10 })),
  type: optional(text(40)),
  multiple: optional(Type.Boolean()),
  format: optional(text(60)),
  dicData: optional(Type.Array(Type.Object({ label: text(500), value: text(200) }), { maxItems: 2000 })),
});

/**
 * The export request: the selected records, or the list's url and params (fetched as the caller).
 * Records and columns are bounded so one call cannot ask for an arbitrarily large sheet.
 */
export const ExportBody = Type.Object({
  sheet_name: optional(text(100)),
  title_name: optional(text(200)),
  columns: Type.Array(ExportColumn, { maxItems: 300 }),
  records: optional(Type.Array(AnyObject, { maxItems: EXPORT_ROW_CAP })),
  params: optional(AnyObject),
  url: optional(text(500)),
});
export type ExportBody = Static<typeof ExportBody>;

/** The workbook built: where it downloads from, and its file name. */
export const ExportFile = Type.Object({ link: Type.String(), name: Type.String() });
export type ExportFile = Static<typeof ExportFile>;

/** The answers, as the routes declare them. */
export const reportAnswers = {
  exported: envelope(ExportFile),
};
