// Checks the CRUD documents of schemas/crud/ for `npm run forms:check` (scripts/forms/check-forms.ts):
// the meta-schema (crud-document.schema.json), then what a schema cannot say — the file's name, one
// document per route and menu, dialog form documents that exist and are dialogs, columns whose dialog
// part is a field of that document, unique action codes. Node only (ajv compiles the meta-schema here;
// the browser never validates: the build bundles the files this check passed).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { parseJsonText, schemaIssueText, type FormDocument } from '../../engine';
import metaSchema from './crud-document.schema.json';
import type { CrudDocument } from './crud-document-types';

export interface CrudFile {
  /** Relative to the project root: 'schemas/crud/user.crud.json'. */
  file: string;
  data?: unknown;
  parseError?: string;
}

export interface CrudProblem {
  file: string;
  text: string;
}

/** Every file of schemas/crud/ (a stray one is named by the check, not skipped). */
export function readCrudFiles(root: string): CrudFile[] {
  const dir = path.join(root, 'schemas', 'crud');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name !== 'README.md')
    .sort()
    .map((name) => {
      const file = `schemas/crud/${name}`;
      // The analysts' JSON reading: a key given twice (a merge that kept both toolbars) is an error
      // with its line, not the later value silently winning as JSON.parse would have it.
      const parsed = parseJsonText(readFileSync(path.join(dir, name), 'utf8'));
      if (parsed.ok) return { file, data: parsed.value };
      const at = parsed.position ? `${parsed.position.line}:${parsed.position.column} ` : '';
      return { file, parseError: `${at}${parsed.message}` };
    });
}

let compiled: ReturnType<Ajv['compile']> | undefined;
const validator = () => (compiled ??= new Ajv({ allErrors: true, strict: false }).compile(metaSchema));

/** ajv's errors as Chinese lines naming the property; the branches of a oneOf and if/then noise left out. */
function schemaProblems(errors: ErrorObject[]): string[] {
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  const lines = errors
    .filter((e) => e.keyword !== 'if')
    .filter((e) => e.keyword === 'oneOf' || !oneOfPaths.has(e.instancePath))
    .map((e) =>
      schemaIssueText({
        path: e.instancePath || '/',
        message: e.message ?? 'invalid',
        keyword: e.keyword,
        params: e.params as Record<string, unknown>,
      }),
    );
  return [...new Set(lines)];
}

const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1).replace(/\.crud\.json$/, '');

/** The checked documents (only the valid ones) and the problems, each naming its file and property. */
export function checkCrudDocuments(
  files: readonly CrudFile[],
  forms: ReadonlyMap<string, FormDocument>,
): { documents: CrudDocument[]; problems: CrudProblem[] } {
  const problems: CrudProblem[] = [];
  const documents: CrudDocument[] = [];
  const routes = new Map<string, string>();
  const menus = new Map<string, string>();
  for (const f of files) {
    const say = (text: string) => problems.push({ file: f.file, text });
    if (!f.file.endsWith('.crud.json')) {
      say('schemas/crud/ 只放 <name>.crud.json');
      continue;
    }
    if (f.parseError !== undefined) {
      say(`不是有效的 JSON: ${f.parseError}`);
      continue;
    }
    const validate = validator();
    if (!validate(f.data)) {
      for (const line of schemaProblems(validate.errors ?? [])) say(line);
      continue;
    }
    const doc = f.data as CrudDocument;
    const before = problems.length;
    if (doc.name !== baseName(f.file)) say(`/name: "${doc.name}" 与文件名不符 (应为 "${baseName(f.file)}")`);
    const otherRoute = routes.get(doc.route);
    if (otherRoute) say(`/route: ${doc.route} 已由 ${otherRoute} 描述`);
    routes.set(doc.route, f.file);
    const otherMenu = menus.get(doc.menuCode);
    if (otherMenu) say(`/menuCode: ${doc.menuCode} 已由 ${otherMenu} 使用`);
    menus.set(doc.menuCode, f.file);

    const dialog = (formCode: string, where: string): FormDocument | undefined => {
      const form = forms.get(formCode);
      if (!form) say(`${where}: 没有表单 schemas/${formCode}.json`);
      else if (form.placement?.kind !== 'dialog') say(`${where}: schemas/${formCode}.json 不是对话框表单 (placement.kind 应为 dialog)`);
      else return form;
      return undefined;
    };
    const form = doc.formCode ? dialog(doc.formCode, '/formCode') : undefined;
    if (doc.readOnly && (doc.formCode || doc.api.submit || doc.api.remove || doc.permissions))
      say('/readOnly: 只读页面不能有 formCode、api.submit、api.remove 或 permissions');
    if (!doc.readOnly && doc.api.submit && !doc.formCode) say('/formCode: 有 api.submit 的页面需要对话框表单 (每个对话框都是表单文档)');
    if (doc.tree?.lazy && !doc.tree.param) say('/tree/param: 懒加载的树需要父级参数名 (如 parentId)');
    doc.columns.forEach((c, i) => {
      if (c.form && form && !form.fields.some((fd) => fd.fieldProp === c.prop))
        say(`/columns/${i}/form: ${c.prop} 不是 schemas/${doc.formCode}.json 的字段`);
      if (c.form && !doc.formCode) say(`/columns/${i}/form: 没有 formCode, 列不能进入对话框`);
    });
    const seen = new Set<string>();
    const actions = [
      ...(doc.rowActions ?? []).map((a, i) => ({ a, at: `/rowActions/${i}` })),
      ...(doc.toolbar ?? []).map((a, i) => ({ a, at: `/toolbar/${i}` })),
    ];
    for (const { a, at } of actions) {
      if (seen.has(a.code)) say(`${at}/code: 操作 ${a.code} 重复`);
      seen.add(a.code);
      if (a.kind === 'form-post') dialog(a.formCode, `${at}/formCode`);
      if (a.kind === 'add-child' && !doc.tree) say(`${at}: 新增下级只用于树表 (tree)`);
      // A read-only page has no dialog to add through; an import is its own server call with its own
      // button permission (检查检验报告's Excel lab reports), so a read-only list may offer one.
      if (doc.readOnly && a.kind === 'add-child') say(`${at}: 只读页面不能新增`);
    }
    if (problems.length === before) documents.push(doc);
  }
  return { documents, problems };
}
