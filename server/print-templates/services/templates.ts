// 打印模板 (report/*): the tenant's folders and templates — listed, as a tree, one level at a time,
// one in detail, saved (checked: a template's origin, code, form codes, param schema and content as
// a recipe), removed — and the templates a print screen may offer (the tenant's over the built-in
// ones of the same origin and code) and the fields a template may print.
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { newId } from '../../db/ids';
import { Conflict, NotFound, Refusal, VersionRequired } from '../../domain/errors';
import { findVersion, latestVersionNumber } from '../../forms/index';
import type {
  ParamSpec,
  PrintField,
  Recipe,
  ReportCode,
  ReportSubmitBody,
  ReportTreeNode,
  ReportView,
} from '../../../src/shared/contract/print-templates';
import { REPORT_CONTENT_TEXT_MAX, REPORT_PARAMS_TEXT_MAX } from '../../../src/shared/contract/print-templates';
import { ARCHIVE_FIELDS, BUILT_IN_TEMPLATES, PRINT_FIELDS, builtInTemplate, type TemplateDef } from './built-in';
import { checkedParamSchema, checkedRecipe } from './recipe';
import {
  FOLDER,
  TEMPLATE,
  codeTaken,
  findTemplate,
  findTemplateByCode,
  insertTemplate,
  listTemplates,
  removable,
  removeTemplates,
  updateTemplate,
  type TemplateFilter,
  type TemplateRow,
  type TemplateValues,
} from '../repositories/templates';

export interface TemplateContext {
  deps: Pick<AppDeps, 'db' | 'now' | 'caches'>;
  auth: AccessClaims;
  /**
   * Whether the caller's role holds a menu or button code (the routes answer it from the role's grants).
   * A measurement report prints only for a role that may read them (检查检验报告, `usermeasure`); absent: no.
   */
  may?: (permission: string) => Promise<boolean>;
}

export const ORIGINS = ['archive', 'followup', 'measure'] as const;
const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,59}$/;
const FORM_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/** JSON text for the dialog: indented, else compact, else '' when even that is too long for its box (the row's is then kept on save). */
function dialogText(value: unknown, max: number): string {
  const pretty = JSON.stringify(value, null, 2);
  if (pretty.length <= max) return pretty;
  const compact = JSON.stringify(value);
  return compact.length <= max ? compact : '';
}

const iso = (d: Date | string | null) => (d === null ? '' : new Date(d).toISOString());

export function templateView(r: TemplateRow): ReportView {
  return {
    id: r.id,
    parentId: r.parent_id,
    category: r.category,
    origin: r.origin,
    code: r.code,
    name: r.name,
    formCodes: r.form_codes,
    paramSchema: (Array.isArray(r.param_schema) ? r.param_schema : []) as ParamSpec[],
    content: (r.content && typeof r.content === 'object' ? r.content : {}) as Recipe,
    contentText: r.category === FOLDER ? '' : dialogText(r.content ?? {}, REPORT_CONTENT_TEXT_MAX),
    paramSchemaText: r.category === FOLDER ? '' : dialogText(r.param_schema ?? [], REPORT_PARAMS_TEXT_MAX),
    sort: r.sort,
    remark: r.remark,
    hasChildren: r.has_children,
    rowVersion: r.row_version,
    updateTime: iso(r.update_time ?? r.create_time),
  };
}

export async function listPage(ctx: TemplateContext, f: TemplateFilter, current: number, size: number) {
  const { rows, total } = await listTemplates(ctx.deps.db, ctx.auth.tenant_id, f, { current, size });
  return { records: rows.map(templateView), total, size, current, pages: Math.ceil(total / size) };
}

export async function listLevel(ctx: TemplateContext, f: TemplateFilter): Promise<ReportView[]> {
  return (await listTemplates(ctx.deps.db, ctx.auth.tenant_id, f)).rows.map(templateView);
}

/** The tenant's folders as a tree (children under their parent; a lost parent's at the top): what a template's folder is chosen from. */
export async function templateTree(ctx: TemplateContext): Promise<ReportTreeNode[]> {
  const { rows } = await listTemplates(ctx.deps.db, ctx.auth.tenant_id, { category: FOLDER });
  const nodes = new Map<string, ReportTreeNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parent_id,
        title: r.name,
        key: r.id,
        value: r.id,
        category: r.category,
        origin: r.origin,
        code: r.code,
        children: [],
      },
    ]),
  );
  const top: ReportTreeNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    if (parent && parent !== n) parent.children.push(n);
    else top.push(n);
  }
  return top;
}

export async function templateDetail(ctx: TemplateContext, id: string): Promise<ReportView> {
  const row = await findTemplate(ctx.deps.db, ctx.auth.tenant_id, id);
  if (!row) throw new NotFound(`打印模板不存在：${id}`);
  return templateView(row);
}

function formCodesOf(value: ReportSubmitBody['formCodes']): string[] {
  const list = (Array.isArray(value) ? value : (value ?? '').split(',')).map((s) => s.trim()).filter((s) => s !== '');
  const bad = list.find((c) => !FORM_CODE_PATTERN.test(c));
  if (bad) throw new Refusal(`表单编码格式不正确：${bad.slice(0, 40)}`);
  return [...new Set(list)];
}

/**
 * The body as a row's values, checked; a folder keeps only its name, parent, order and remark. A
 * change that sends no content or params keeps the row's (the dialog leaves a recipe too long for
 * its text box out: see REPORT_CONTENT_TEXT_MAX).
 */
function valuesOf(body: ReportSubmitBody, current?: TemplateRow): TemplateValues {
  const name = (body.name ?? '').trim();
  if (name === '') throw new Refusal('模板名称不能为空');
  const category = body.category ?? TEMPLATE;
  const common = { parentId: body.parentId || '0', category, name, sort: body.sort ?? 0, remark: body.remark ?? '' };
  if (category === FOLDER) return { ...common, origin: '', code: '', formCodes: '', paramSchema: [], content: {} };
  const origin = body.origin ?? '';
  if (!(ORIGINS as readonly string[]).includes(origin))
    throw new Refusal('请选择模板来源（archive 档案、followup 随访记录 或 measure 检查检验报告）');
  const code = (body.code ?? '').trim();
  if (!CODE_PATTERN.test(code)) throw new Refusal('模板编码须以字母开头，只含字母、数字、下划线和中划线，至多60个字符');
  const kept = current?.category === TEMPLATE;
  const contentIn = body.contentText || body.content || (kept ? current.content : undefined);
  const paramsIn = body.paramSchemaText || body.paramSchema || (kept ? current.param_schema : undefined);
  if (contentIn === undefined || contentIn === '') throw new Refusal('模板内容不能为空');
  const content = checkedRecipe(contentIn);
  const paramSchema = paramsIn === undefined || paramsIn === '' ? [] : checkedParamSchema(paramsIn);
  return { ...common, origin, code, formCodes: formCodesOf(body.formCodes).join(','), paramSchema, content };
}

/** report/submit: a folder or template, new (no id) or changed at the version read. */
export async function submitTemplate(ctx: TemplateContext, body: ReportSubmitBody): Promise<ReportView> {
  const { db } = ctx.deps;
  const tenantId = ctx.auth.tenant_id;
  const current = body.id ? await findTemplate(db, tenantId, body.id) : undefined;
  if (body.id && !current) throw new NotFound(`打印模板不存在：${body.id}`);
  const v = valuesOf(body, current);
  if (body.id && v.parentId === body.id) throw new Refusal('上级目录不能是模板自身');
  if (v.parentId !== '0') {
    const parent = await findTemplate(db, tenantId, v.parentId);
    if (!parent || parent.category !== FOLDER) throw new Refusal(`上级目录不存在：${v.parentId}`);
  }
  if (v.category === TEMPLATE && (await codeTaken(db, tenantId, v.origin, v.code, body.id)))
    throw new Conflict(`模板编码已存在：${v.origin}/${v.code}`);
  const now = new Date(ctx.deps.now());
  if (!body.id) {
    const id = newId(ctx.deps.now());
    await insertTemplate(db, tenantId, id, v, ctx.auth.user_id, now);
    return templateDetail(ctx, id);
  }
  if (!current) throw new NotFound(`打印模板不存在：${body.id}`);
  if (body.rowVersion === undefined) throw new VersionRequired('请带上读取时的版本号（rowVersion）再保存');
  if (!(await updateTemplate(db, tenantId, body.id, body.rowVersion, v, ctx.auth.user_id, now)))
    throw new Conflict('模板已被他人修改，请刷新后再保存', { rowVersion: current.row_version, updateTime: iso(current.update_time) });
  return templateDetail(ctx, body.id);
}

/** report/remove: all of `ids` or none; a folder with rows left under it is kept. */
export async function removeTemplateRows(ctx: TemplateContext, ids: string[]): Promise<void> {
  const { db } = ctx.deps;
  const tenantId = ctx.auth.tenant_id;
  const { found, withChildren } = await removable(db, tenantId, ids);
  const missing = ids.find((id) => !found.includes(id));
  if (missing) throw new NotFound(`打印模板不存在：${missing}`);
  if (withChildren.length) throw new Refusal('目录下还有模板，请先删除或移走其中的模板');
  await removeTemplates(db, tenantId, ids, ctx.auth.user_id, new Date(ctx.deps.now()));
}

/** A template as printing uses it: the tenant's row of that origin and code, else the built-in one. */
export interface ResolvedTemplate {
  origin: string;
  code: string;
  name: string;
  formCodes: string[];
  paramSchema: ParamSpec[];
  content: Recipe;
}

const fromDef = (d: TemplateDef): ResolvedTemplate => ({ ...d });

export async function resolveTemplate(ctx: TemplateContext, origin: string, code: string): Promise<ResolvedTemplate | undefined> {
  const row = await findTemplateByCode(ctx.deps.db, ctx.auth.tenant_id, origin, code);
  if (row) {
    const v = templateView(row);
    return {
      origin,
      code,
      name: v.name,
      formCodes: v.formCodes.split(',').filter(Boolean),
      paramSchema: v.paramSchema,
      content: v.content,
    };
  }
  const def = builtInTemplate(origin, code);
  return def && fromDef(def);
}

/** report/list-codes: the templates of an origin (or all) a print screen may offer. */
export async function listCodes(ctx: TemplateContext, origin: string | undefined): Promise<ReportCode[]> {
  const { rows } = await listTemplates(ctx.deps.db, ctx.auth.tenant_id, { category: TEMPLATE, ...(origin && { origin }) });
  const own = rows.map(templateView).map((v): ReportCode => ({
    origin: v.origin,
    code: v.code,
    name: v.name,
    formCodes: v.formCodes,
    paramSchema: v.paramSchema,
    builtIn: false,
  }));
  const taken = new Set(own.map((c) => `${c.origin}/${c.code}`));
  const builtIn = BUILT_IN_TEMPLATES.filter((d) => (!origin || d.origin === origin) && !taken.has(`${d.origin}/${d.code}`)).map(
    (d): ReportCode => ({
      origin: d.origin,
      code: d.code,
      name: d.name,
      formCodes: d.formCodes.join(','),
      paramSchema: d.paramSchema,
      builtIn: true,
    }),
  );
  return [...own, ...builtIn];
}

/** report/pdf/fields: what a template may print — the archive's and the printout's placeholders, and a form's fields. */
export async function printFields(ctx: TemplateContext, formCode: string | undefined): Promise<PrintField[]> {
  const fields: PrintField[] = [
    ...ARCHIVE_FIELDS.map(([name, label]) => ({ placeholder: `{{archive.${name}}}`, label, group: '档案' })),
    ...PRINT_FIELDS.map(([name, label]) => ({ placeholder: `{{${name}}}`, label, group: '打印' })),
  ];
  if (!formCode) return fields;
  const { db } = ctx.deps;
  const latest = await latestVersionNumber(db, ctx.auth.tenant_id, formCode);
  const version = latest === undefined ? undefined : await findVersion(db, ctx.auth.tenant_id, formCode, latest);
  if (!version) throw new NotFound(`表单不存在：${formCode}`);
  const sections = new Map((version.document.sections ?? []).map((s) => [s.id, s.title]));
  const group = version.document.formName;
  return [
    ...fields,
    ...version.document.fields
      .filter((f) => !f.hidden)
      .map((f) => ({
        placeholder: `{{record.${f.fieldProp}}}`,
        label: `${(f.section && sections.get(f.section)) || ''}${f.section && sections.get(f.section) ? ' / ' : ''}${f.printLabel ?? f.fieldLabel}`,
        group,
      })),
  ];
}
