// A print of print items (getPrintFile, and the links of get-preview-url(s)): each item a template by
// origin and code with its param (spec 001 line 53: archId, printYear), checked with the spec's
// messages, then one A4 PDF holding every item's printout, each starting on a new page. The data is
// the caller's tenant's (another's archive does not exist); the ID number and phones are masked
// unless the role holds 查看完整证件号 (archive_sensitive_view), and an unmasked value printed is a
// read written to sensitive_read_audit, as the archive page's and server/printing's are.
import { sql } from 'kysely';
import { addSensitiveReads, findArchive, presentArchive, requireArchivePermission, type ArchiveRow } from '../../archives/index';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import { findRecord } from '../../followups/index';
import { measureForPrint } from '../../measurements/index';
import { SERVER_CODEMAPS, dictionaryLookup, findVersion } from '../../forms/index';
import {
  printedValue,
  recordPrintDocument,
  renderPdf,
  type PrintBlock,
  type PrintDocument,
  type PrintedResident,
} from '../../printing/index';
import type { ArchiveView } from '../../../src/shared/contract/archives';
import type { ParamSpec, PrintItem } from '../../../src/shared/contract/print-templates';
import { recordsOfYear, type YearRecordRow } from '../repositories/year-records';
import { ARCHIVE_FIELDS } from './built-in';
import { storedImage } from '../repositories/report-image';
import { measureBlocks, type MeasureResident } from './measure-print';
import { placeholdersOf, recipeBlocks, recordNeeds } from './recipe';
import { resolveTemplate, type ResolvedTemplate, type TemplateContext } from './templates';

export const NOTHING_CHOSEN = '请选择要打印的档案!';
export const FUTURE_YEAR = '不能大于当前年份!';
export const BAD_CONFIG = '打印业务参数配置错误！';
/** The menu that reads measurement reports (检查检验报告): a report prints only for a role holding it. */
export const MEASURE_READ = 'usermeasure';

export interface PrintContext extends TemplateContext {
  /** The route, for the audit of unmasked reads. */
  route: string;
}

export interface PrintedFile {
  bytes: Uint8Array;
  fileName: string;
}

/** One item checked: its template and its param's values. */
export interface CheckedItem {
  template: ResolvedTemplate;
  param: Record<string, string>;
}

const currentYear = (ctx: TemplateContext) => new Date(ctx.deps.now()).getFullYear();

function paramObject(raw: PrintItem['param']): Record<string, unknown> {
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') return raw;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new Refusal(BAD_CONFIG);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Refusal(BAD_CONFIG);
  return v as Record<string, unknown>;
}

/** A param's value as its kind wants it, or the spec's configuration refusal. */
function paramValue(spec: ParamSpec, raw: unknown, ctx: TemplateContext): string | undefined {
  if (raw === undefined || raw === null || raw === '') {
    if (spec.required) throw new Refusal(BAD_CONFIG);
    return spec.kind === 'year' ? String(currentYear(ctx)) : undefined;
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') throw new Refusal(BAD_CONFIG);
  const text = String(raw).trim();
  const fits =
    spec.kind === 'year'
      ? /^[0-9]{4}$/.test(text) && Number(text) >= 1900
      : spec.kind === 'id'
        ? /^[0-9]{1,40}$/.test(text)
        : spec.kind === 'archId'
          ? /^[A-Za-z0-9_-]{1,40}$/.test(text)
          : text.length <= 200;
  if (!fits) throw new Refusal(BAD_CONFIG);
  if (spec.kind === 'year' && Number(text) > currentYear(ctx)) throw new Refusal(FUTURE_YEAR);
  return text;
}

/** The items checked in order: none is 请选择要打印的档案!, a year ahead 不能大于当前年份!, anything else wrong 打印业务参数配置错误！ */
export async function checkItems(ctx: TemplateContext, items: readonly PrintItem[]): Promise<CheckedItem[]> {
  if (items.length === 0) throw new Refusal(NOTHING_CHOSEN);
  const out: CheckedItem[] = [];
  const known = new Map<string, ResolvedTemplate | undefined>();
  for (const item of items) {
    const origin = (item.origin ?? '').trim();
    const code = (item.code ?? '').trim();
    const key = `${origin}/${code}`;
    if (!known.has(key)) known.set(key, origin && code ? await resolveTemplate(ctx, origin, code) : undefined);
    const template = known.get(key);
    if (!template) throw new Refusal(BAD_CONFIG);
    const raw = paramObject(item.param);
    const param: Record<string, string> = {};
    for (const spec of template.paramSchema) {
      const v = paramValue(spec, raw[spec.name], ctx);
      if (v !== undefined) param[spec.name] = v;
    }
    // A template prints from its origin's key: an archive's id, or a record's.
    if (template.origin === 'archive' && !param['archId']) throw new Refusal(BAD_CONFIG);
    if ((template.origin === 'followup' || template.origin === 'measure') && !param['id']) throw new Refusal(BAD_CONFIG);
    if (template.origin === 'measure' && !(await ctx.may?.(MEASURE_READ))) throw new Forbidden();
    out.push({ template, param });
  }
  return out;
}

interface Part {
  title: string;
  personName: string;
  blocks: PrintBlock[];
  date: Date;
}

/** The archive's placeholders' values (already masked or not), with the institution and the year. */
function archiveValues(wire: ArchiveView, tenantName: string, printYear: string): Record<string, string> {
  const values: Record<string, string> = { tenantName, printYear };
  const w = wire as unknown as Record<string, unknown>;
  for (const [name] of ARCHIVE_FIELDS) {
    const v = w[name];
    values[`archive.${name}`] = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  }
  values['archive.createDate'] = wire.createTime.slice(0, 10);
  values['archive.crowdLabelNames'] = wire.crowdLabels.map((c) => SERVER_CODEMAPS.codeLabel('crowd_label', c) ?? c).join('、');
  return values;
}

const residentOf = (wire: ArchiveView): PrintedResident => ({
  name: wire.personName,
  sexText: wire.sexText,
  birthday: wire.birthday,
  archivesNo: wire.archivesNo,
  idCard: wire.idCard,
});

/** One form record as its paper form, with its values for `{{record.…}}`; undefined when its form version is gone. */
async function recordDocument(
  ctx: TemplateContext,
  rec: YearRecordRow,
  wire: ArchiveView,
  filledOnly: boolean,
): Promise<{ doc: PrintDocument; values: Record<string, string> } | undefined> {
  const tenantId = ctx.auth.tenant_id;
  const version = await findVersion(ctx.deps.db, tenantId, rec.form_code, rec.form_version);
  if (!version) return undefined;
  const lookup = await dictionaryLookup(ctx.deps.db, tenantId, version.document, ctx.deps.caches);
  const changed = new Date(rec.update_time);
  const doc = recordPrintDocument(
    version.document,
    {
      id: rec.id,
      values: rec.values,
      visitDate: rec.visit_date,
      nextVisitDate: rec.next_visit_date,
      doctorName: rec.create_user_name,
      changed,
    },
    residentOf(wire),
    lookup,
    { filledOnly },
  );
  const values: Record<string, string> = {};
  for (const f of version.document.fields) values[`record.${f.fieldProp}`] = printedValue(f, rec.values[f.fieldProp], lookup);
  return { doc, values };
}

async function tenantName(ctx: TemplateContext): Promise<string> {
  const r = await sql<{ tenant_name: string }>`select tenant_name from blade_tenant where tenant_id = ${ctx.auth.tenant_id}`.execute(
    ctx.deps.db,
  );
  return r.rows[0]?.tenant_name ?? '';
}

/** The archive an item prints (an archive's id, or the record's resident), the tenant's, else 404. */
async function archiveOf(ctx: TemplateContext, archId: string): Promise<ArchiveRow> {
  const archive = await findArchive(ctx.deps.db, ctx.auth.tenant_id, archId);
  if (!archive) throw new NotFound(`档案不存在：${archId}`);
  return archive;
}

type SensitiveRead = Parameters<typeof addSensitiveReads>[1][number];

function audit(ctx: PrintContext, archiveId: string, field = 'idCard'): SensitiveRead {
  return {
    tenantId: ctx.auth.tenant_id,
    userId: ctx.auth.user_id,
    userName: ctx.auth.real_name,
    archiveId,
    field,
    route: ctx.route,
    time: new Date(ctx.deps.now()),
  };
}

/**
 * A measurement report's printout (origin measure, decision 0046): the tenant's live report (else 404
 * 报告不存在：id); the header is its resident's archive when it is linked (masked as the archive page's,
 * an unmasked ID number audited), else the report's own name, sex, age and masked id card.
 */
async function measurePart(
  ctx: PrintContext,
  template: ResolvedTemplate,
  id: string,
  unmasked: boolean,
  today: string,
  institution: string,
): Promise<{ part: Part; auditedArchive?: string }> {
  const data = await measureForPrint(ctx.deps.db, ctx.auth.tenant_id, id);
  const r = data.report;
  let resident: MeasureResident = {
    name: r.uname,
    sexText: r.usex_text,
    age: r.uage === null ? '' : `${r.uage}岁`,
    idCard: r.id_card,
    archivesNo: '',
  };
  let values: Record<string, string> = { tenantName: institution };
  let auditedArchive: string | undefined;
  if (r.arch_id) {
    const archive = await archiveOf(ctx, r.arch_id);
    const { wire, shown } = presentArchive(archive, today, unmasked);
    resident = {
      name: wire.personName,
      sexText: wire.sexText,
      age: wire.age === '' ? resident.age : `${wire.age}岁`,
      idCard: wire.idCard,
      archivesNo: wire.archivesNo,
    };
    values = archiveValues(wire, institution, String(currentYear(ctx)));
    if (shown.includes('idCard')) auditedArchive = archive.id;
  }
  const image = r.reports[0]?.file_url ? await storedImage(ctx.deps.db, ctx.auth.tenant_id, r.reports[0].file_url) : undefined;
  const title = template.content.title.replace(/\{\{[^}]*\}\}/g, '') || template.name;
  const blocks = recipeBlocks(template.content, { values, records: [], measure: measureBlocks(title, data, resident, image) });
  return {
    part: {
      title,
      personName: resident.name,
      blocks,
      date: data.changed,
    },
    ...(auditedArchive && { auditedArchive }),
  };
}

/** Each item's printout, checked against the data: the archives and records exist in the caller's tenant. */
async function partsOf(ctx: PrintContext, items: CheckedItem[]): Promise<Part[]> {
  const granted = await requireArchivePermission(ctx.deps.db, ctx.auth, 'view', ctx.deps);
  const unmasked = granted.has('sensitive');
  const institution = await tenantName(ctx);
  const today = new Date(ctx.deps.now()).toISOString().slice(0, 10);
  const audits: Parameters<typeof addSensitiveReads>[1] = [];
  const parts: Part[] = [];
  for (const { template, param } of items) {
    if (template.origin === 'measure') {
      const part = await measurePart(ctx, template, param['id']!, unmasked, today, institution);
      if (part.auditedArchive) audits.push(audit(ctx, part.auditedArchive));
      parts.push(part.part);
      continue;
    }
    const needs = recordNeeds(template.content);
    const printYear = param['printYear'] ?? String(currentYear(ctx));
    let archive: ArchiveRow;
    let record: Awaited<ReturnType<typeof findRecord>> = undefined;
    if (template.origin === 'followup') {
      record = await findRecord(ctx.deps.db, ctx.auth.tenant_id, param['id']!);
      if (!record) throw new NotFound(`随访记录不存在：${param['id']}`);
      if (template.formCodes.length && !template.formCodes.includes(record.form_code)) throw new Refusal(BAD_CONFIG);
      archive = await archiveOf(ctx, record.arch_id);
    } else archive = await archiveOf(ctx, param['archId']!);

    const { wire, shown } = presentArchive(archive, today, unmasked);
    const values = archiveValues(wire, institution, printYear);
    let date = new Date(archive.update_time);
    const later = (d: Date) => (date = d > date ? d : date);

    let recordDoc: PrintDocument | undefined;
    if (record) {
      const printed = await recordDocument(ctx, { ...record, update_time: new Date(record.update_time) }, wire, needs.filledOnly);
      if (!printed) throw new Refusal(`记录的表单 ${record.form_code} 第${record.form_version}版不存在，无法打印`);
      recordDoc = printed.doc;
      Object.assign(values, printed.values);
      later(printed.doc.date);
    }
    const records: { formCode: string; doc: PrintDocument }[] = [];
    if (needs.records) {
      for (const rec of await recordsOfYear(ctx.deps.db, ctx.auth.tenant_id, archive.id, Number(printYear))) {
        const printed = await recordDocument(ctx, rec, wire, needs.filledOnly);
        if (!printed) continue;
        records.push({ formCode: rec.form_code, doc: printed.doc });
        later(printed.doc.date);
      }
    }
    // The unmasked sensitive values this printout shows: the ones its placeholders name, and the
    // ID number of every record's header.
    const used = placeholdersOf(template.content);
    const printedFields = shown.filter((f) => used.has(`archive.${f}`) || (f === 'idCard' && (recordDoc || records.length > 0)));
    for (const field of printedFields) audits.push(audit(ctx, archive.id, field));
    parts.push({
      title: template.content.title.replace(/\{\{[^}]*\}\}/g, '') || template.name,
      personName: wire.personName,
      blocks: recipeBlocks(template.content, { values, ...(recordDoc && { record: recordDoc }), records }),
      date,
    });
  }
  if (audits.length) await addSensitiveReads(ctx.deps.db, audits);
  return parts;
}

/** A name for the file: the first printout and resident, and how many there are. */
export function fileNameOf(parts: readonly { title: string; personName: string }[]): string {
  const first = parts[0]!;
  return parts.length === 1 ? `${first.title}-${first.personName}` : `${first.title}-${first.personName}等${parts.length}份`;
}

/** The items as one PDF: every printout from a new page; the date the newest of the printed data's, so the same data prints the same bytes. */
export async function printItems(ctx: PrintContext, items: CheckedItem[]): Promise<PrintedFile> {
  const parts = await partsOf(ctx, items);
  const blocks: PrintBlock[] = parts.flatMap((p) => [{ kind: 'pageBreak' as const }, ...p.blocks]);
  const date = parts.reduce((d, p) => (p.date > d ? p.date : d), parts[0]!.date);
  const name = fileNameOf(parts);
  const bytes = await renderPdf({ title: name, date, subject: name, blocks });
  return { bytes, fileName: `${name}.pdf` };
}

/** The names of the printouts the items make, checking the data exists (get-preview-url(s) before they keep a link). */
export async function namesOf(ctx: TemplateContext, items: CheckedItem[]): Promise<string> {
  const parts: { title: string; personName: string }[] = [];
  for (const { template, param } of items) {
    let archId = param['archId'];
    if (template.origin === 'measure') {
      const { report } = await measureForPrint(ctx.deps.db, ctx.auth.tenant_id, param['id']!);
      parts.push({ title: template.name, personName: report.uname });
      continue;
    }
    if (template.origin === 'followup') {
      const record = await findRecord(ctx.deps.db, ctx.auth.tenant_id, param['id']!);
      if (!record) throw new NotFound(`随访记录不存在：${param['id']}`);
      archId = record.arch_id;
    }
    const archive = await archiveOf(ctx, archId!);
    parts.push({ title: template.name, personName: archive.person_name });
  }
  return fileNameOf(parts);
}
