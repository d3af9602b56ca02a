// What form/import tells the administrator (or the analyst's forms:push) it read and found (issue
// 30): the counts, each dictionary the form names as the tenant and the files have it, whether the
// form has a placement, and what a publish would say now — compile errors and warnings and the
// world check's errors, with the carried dictionaries laid over the tenant's as publish lays them.
import type { Kysely } from 'kysely';
import { compileDocument, formatCompileError, worldDictionaryCodes, type FormDocument } from '../../../src/engine';
import type { ImportedDictionary, ImportResult } from '../../../src/shared/contract/forms';
import type { Database } from '../../db/schema';
import type { CarriedDictionaries } from './carried-dictionaries';
import { formWorldProblems, type WorldEntry } from './form-world';

export type ImportReport = Pick<ImportResult, 'fieldCount' | 'ruleCount' | 'caseCount' | 'dictionaries' | 'hasPlacement' | 'problems'>;

function dictionaryState(code: string, entry: WorldEntry | undefined, carried: CarriedDictionaries | undefined): ImportedDictionary {
  const have = new Map((entry?.items ?? []).map((i) => [i.value, i.label]));
  const file = carried?.[code]?.items ?? [];
  const newItems = new Set(file.filter((i) => !have.has(i.value)).map((i) => i.value)).size;
  const labelDifferences = file
    .filter((i) => have.has(i.value) && have.get(i.value) !== i.label)
    .map((i) => `${i.value}: 文件 ${i.label} / 租户 ${have.get(i.value) ?? ''}`);
  const state = have.size > 0 ? 'tenant' : file.length > 0 ? 'files' : 'missing';
  return { code, state, newItems, labelDifferences };
}

export async function importReport(
  db: Kysely<Database>,
  tenantId: string,
  doc: FormDocument,
  caseCount: number,
  carried: CarriedDictionaries | undefined,
): Promise<ImportReport> {
  const compiled = compileDocument(doc);
  const codes = worldDictionaryCodes(doc);
  const world = await formWorldProblems(db, tenantId, doc, compiled.form, carried);
  const entries = world.entries;
  const problems: ImportReport['problems'] = [
    ...compiled.errors.map((e) => ({ severity: e.severity, text: formatCompileError(e) })),
    ...world.problems.map((p) => ({ severity: 'error' as const, text: p.message })),
  ];
  return {
    fieldCount: doc.fields.length,
    ruleCount: doc.fields.reduce((n, f) => n + (f.reckons?.length ?? 0), 0),
    caseCount,
    dictionaries: codes.map((code) => dictionaryState(code, entries.get(code), carried)),
    hasPlacement: !!doc.placement,
    problems,
  };
}

/** The import's message: what was read, and how many problems stand before a publish. */
export function importMessage(report: ImportReport, created: boolean): string {
  const read = `${report.fieldCount} 个字段、${report.ruleCount} 条规则、${report.caseCount} 个用例`;
  const where = created ? '已新建表单' : '已更新工作副本';
  const errors = report.problems.filter((p) => p.severity === 'error').length;
  const warnings = report.problems.length - errors;
  const found = [
    errors ? `${errors} 个问题须在发布前解决` : undefined,
    warnings ? `${warnings} 个警告` : undefined,
    report.hasPlacement ? undefined : '表单没有放置位置（placement），发布后不会出现在任何菜单',
  ].filter((x) => x !== undefined);
  return `导入成功（${where}，尚未发布）：${read}${found.length ? `；${found.join('；')}` : ''}`;
}
