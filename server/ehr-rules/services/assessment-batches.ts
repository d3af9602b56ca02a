// assehr/updates and assehrrul/copy-ass-ehr-rule (spec 002 §7): changes of several rows at once, all or
// nothing. Each row goes through the resource document's own submit (its dialog rules, limits,
// uniqueness, the version read: 428 without one, 409 when stale) inside one transaction, so the
// batch adds no second copy of those checks; a refusal names the row it concerns.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { DomainError, NotFound, Refusal } from '../../domain/errors';
import type { DialogCheck } from '../../forms/index';
import { submitResource, type ResourceDocument, type ResourceView } from '../../resource-documents/index';
import { assessmentRules, indicatorTypes } from '../repositories/assessments';
import { ruleExpressionProblem } from './rule-expression';

/** The most rows one batch may change. */
export const MAX_BATCH = 200;

type Row = Record<string, unknown> & { id?: string; rowVersion?: number };

/** The same refusal (same kind, same data), its message prefixed with the row it concerns. */
function about(error: unknown, where: string): unknown {
  if (!(error instanceof DomainError)) return error;
  const Kind = error.constructor as new (message: string, data?: Record<string, unknown>) => DomainError;
  return new Kind(`${where}: ${error.message}`, error.data);
}

/** assehr/updates: each row (id and rowVersion required) changed as its submit would; none when one is refused. */
export async function updateAssessmentIndicators(
  ctx: DialogCheck,
  document: ResourceDocument,
  rows: Row[],
  actor: Actor,
): Promise<ResourceView[]> {
  if (rows.length === 0) throw new Refusal('请至少修改一行');
  if (rows.length > MAX_BATCH) throw new Refusal(`一次最多修改 ${MAX_BATCH} 行`);
  const ids = rows.map((r) => r.id);
  if (ids.some((id) => id === undefined)) throw new Refusal('批量修改只改已有的行: 每行须有 id');
  if (new Set(ids).size !== ids.length) throw new Refusal('同一行不能在一次修改中出现两次');
  return ctx.db.transaction().execute(async (trx) => {
    const out: ResourceView[] = [];
    for (const [i, row] of rows.entries()) {
      try {
        out.push((await submitResource({ ...ctx, db: trx }, document.block, row, actor)).view);
      } catch (error) {
        throw about(error, `第${i + 1}行`);
      }
    }
    return out;
  });
}

/**
 * assehrrul/copy-ass-ehr-rule: the live rules of assessment `source` added to assessment `target` in
 * the caller's tenant. Refused when they are the same, when `source` has no rules (404), when
 * `target` already has rules (copying is how an assessment starts; an existing one is not merged
 * into), and when a rule's expression no longer holds over the tenant's indicators.
 */
export async function copyAssessmentRules(
  ctx: DialogCheck,
  document: ResourceDocument,
  target: string,
  source: string,
  actor: Actor,
): Promise<number> {
  if (target === source) throw new Refusal('目标评估不能与源评估相同');
  const db: Kysely<Database> = ctx.db;
  const rules = await assessmentRules(db, ctx.tenantId, source);
  if (rules.length === 0) throw new NotFound(`评估 ${source} 没有可复制的规则`);
  if ((await assessmentRules(db, ctx.tenantId, target)).length > 0) throw new Refusal(`评估 ${target} 已有规则, 请先删除后再复制`);
  const indicators = await indicatorTypes(db, ctx.tenantId);
  for (const r of rules) {
    const problem = ruleExpressionProblem(r.rule_expr, indicators);
    if (problem) throw new Refusal(`规则「${r.rule_name}」的表达式有误: ${problem}`);
  }
  return db.transaction().execute(async (trx) => {
    for (const r of rules) {
      const body = {
        assCode: target,
        ruleName: r.rule_name,
        ruleExpr: r.rule_expr,
        resultLevel: r.result_level,
        message: r.message,
        sort: Number(r.sort),
        status: Number(r.status),
      };
      try {
        await submitResource({ ...ctx, db: trx }, document.block, body, actor);
      } catch (error) {
        throw about(error, `规则「${r.rule_name}」`);
      }
    }
    return rules.length;
  });
}
