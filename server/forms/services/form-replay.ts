// Impact replay before publishing: a form's latest records re-evaluated through the working copy
// with the engine (validateForSubmit, with the dictionaries the submit uses), compared with their
// evaluation under their own version. The working copy is compiled once; records are read a page of
// 200 at a time with their residents' names and evaluated as they come.
import type { Kysely } from 'kysely';
import {
  canonicalJson,
  isEmptyValue,
  stepAndTimeBudget,
  validateForSubmit,
  type CompiledForm,
  type EvalContext,
  type FormDocument,
  type FormValues,
  type SubmitResult,
} from '../../../src/engine';
import type { Database } from '../../db/schema';
import { findVersion } from '../repositories/form-versions';
import type { FormRowDb } from '../repositories/forms';
import { replayRecordsPage, type ReplayCursor, type ReplayRecordRow } from '../repositories/record-replay';
import type { FormCompiledCache } from './form-compiled-cache';
import { compileForPublish, loadWorkingDocument } from './form-publish';
import { dictionaryLookup } from './record-dictionaries';
import { RULE_BUDGET, withinBudget } from './rule-budget';
import type { TenantCache } from '../../platform/services/tenant-cache';

export const REPLAY_PAGE = 200;

export interface ReplayItem {
  recordId: string;
  archId: string;
  personName: string | null;
  visitDate: string | null;
  formVersion: number;
  valueChanges: { field: string; label: string; before: unknown; after: unknown }[];
  newErrors: { field: string; label: string; message: string }[];
  newAnomalies: { field: string; label: string; message: string }[];
  hiddenFilled: { field: string; label: string; value: unknown }[];
}

export interface ReplayReport {
  formCode: string;
  /** The number the working copy would be published as. */
  workingVersion: number;
  records: number;
  changedRecords: number;
  totals: { valueChanges: number; newErrors: number; newAnomalies: number; hiddenFilled: number };
  items: ReplayItem[];
  /**
   * The replay stopped before `limit` because it ran for REPLAY_BUDGET.totalMs (issue 22 §2: one
   * administrator's replay may not hold the server); `records` says how far it got.
   */
  stoppedEarly?: boolean;
}

/**
 * A replay runs on the event loop every tenant shares: each evaluation has the submit's budget
 * (rule-budget.ts: a spent one refuses the replay with 422, as it would refuse a submit), the
 * replay yields to other requests at least every `sliceMs`, and stops after `totalMs`.
 */
export const REPLAY_BUDGET = { sliceMs: 20, totalMs: 30_000 };

export interface ReplayContext {
  db: Kysely<Database>;
  tenantId: string;
  now: Date;
  /** Published versions compiled once per app (the submit's cache). */
  cache: FormCompiledCache;
  /** The app's per-tenant cache the submit's dictionary reads go through. */
  dictionaries?: TenantCache<unknown> | undefined;
}

/** A form compiled with the dictionary lookup its validation uses. */
interface Evaluator {
  doc: FormDocument;
  compiled: CompiledForm;
  ctx: EvalContext;
}

export async function replayWorkingCopy(rc: ReplayContext, form: FormRowDb, limit: number): Promise<ReplayReport> {
  const doc = await loadWorkingDocument(rc.db, rc.tenantId, form);
  const working: Evaluator = { doc, compiled: compileForPublish(doc), ctx: await contextFor(rc, doc) };
  const versions = new Map<number, Promise<Evaluator | undefined>>();
  const own = (version: number) => {
    let found = versions.get(version);
    if (!found) versions.set(version, (found = ownVersion(rc, form.form_code, version)));
    return found;
  };

  const report: ReplayReport = {
    formCode: form.form_code,
    workingVersion: form.version + 1,
    records: 0,
    changedRecords: 0,
    totals: { valueChanges: 0, newErrors: 0, newAnomalies: 0, hiddenFilled: 0 },
    items: [],
  };
  let cursor: ReplayCursor | undefined;
  const started = performance.now();
  let sliceStarted = started;
  while (report.records < limit) {
    const page = await replayRecordsPage(rc.db, rc.tenantId, form.form_code, Math.min(REPLAY_PAGE, limit - report.records), cursor);
    for (const row of page) {
      if (performance.now() - sliceStarted > REPLAY_BUDGET.sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStarted = performance.now();
        if (sliceStarted - started > REPLAY_BUDGET.totalMs) {
          report.stoppedEarly = true;
          break;
        }
      }
      const item = compare(row, working, await own(row.form_version));
      report.records++;
      if (!item) continue;
      report.items.push(item);
      report.totals.valueChanges += item.valueChanges.length;
      report.totals.newErrors += item.newErrors.length;
      report.totals.newAnomalies += item.newAnomalies.length;
      report.totals.hiddenFilled += item.hiddenFilled.length;
    }
    const last = page[page.length - 1];
    if (report.stoppedEarly || !last || page.length < REPLAY_PAGE) break;
    cursor = { time: last.cursor_time, id: last.id };
  }
  report.changedRecords = report.items.length;
  return report;
}

async function contextFor(rc: ReplayContext, doc: FormDocument): Promise<EvalContext> {
  return { now: rc.now, lookupDictionary: await dictionaryLookup(rc.db, rc.tenantId, doc, rc.dictionaries) };
}

/** A record's own published version, read once and compiled through the submit's cache. */
async function ownVersion(rc: ReplayContext, formCode: string, version: number): Promise<Evaluator | undefined> {
  let doc = rc.cache.document(rc.tenantId, formCode, version);
  if (!doc) {
    const found = await findVersion(rc.db, rc.tenantId, formCode, version);
    if (!found) return undefined;
    doc = found.document;
    rc.cache.rememberDocument(rc.tenantId, formCode, version, doc);
  }
  return { doc, compiled: rc.cache.get(rc.tenantId, doc), ctx: await contextFor(rc, doc) };
}

/** One evaluation with the submit's own budget: a form too heavy to submit is too heavy to replay. */
const evaluate = (e: Evaluator, values: Record<string, unknown>): SubmitResult =>
  withinBudget(() =>
    validateForSubmit(e.compiled, values as FormValues, {
      ...e.ctx,
      budget: stepAndTimeBudget(RULE_BUDGET.steps, RULE_BUDGET.ms, () => performance.now()),
    }),
  );

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** Blocking problems by what they are: a field's own message, or an error rule on a field. */
function blocking(result: SubmitResult | undefined): Map<string, { field: string; message: string }> {
  const out = new Map<string, { field: string; message: string }>();
  if (!result) return out;
  for (const [field, message] of Object.entries(result.fieldErrors)) out.set(`field ${field} ${message}`, { field, message });
  for (const e of result.errors) out.set(`rule ${e.ruleId} ${e.field}`, { field: e.field, message: e.message });
  return out;
}

function compare(row: ReplayRecordRow, working: Evaluator, own: Evaluator | undefined): ReplayItem | undefined {
  const stored = row.values ?? {};
  const after = evaluate(working, stored);
  // Without its own version (never expected: versions are never deleted) the stored values stand for it.
  const before = own ? evaluate(own, stored) : undefined;
  const beforeValues: Record<string, unknown> = before?.values ?? stored;
  const label = (field: string) =>
    working.doc.fields.find((f) => f.fieldProp === field)?.fieldLabel ??
    own?.doc.fields.find((f) => f.fieldProp === field)?.fieldLabel ??
    field;

  const valueChanges: ReplayItem['valueChanges'] = [];
  const hiddenFilled: ReplayItem['hiddenFilled'] = [];
  for (const f of working.compiled.fields) {
    const prop = f.fieldProp;
    if (!same(beforeValues[prop], after.values[prop]))
      valueChanges.push({ field: prop, label: f.fieldLabel, before: beforeValues[prop] ?? null, after: after.values[prop] ?? null });
    // Filled, shown under its own version, hidden by the working copy's display rules.
    const value = stored[prop];
    const wasVisible = before ? before.evaluation.fields[prop]?.visible === true : true;
    if (value !== undefined && !isEmptyValue(value) && wasVisible && after.evaluation.fields[prop]?.visible === false)
      hiddenFilled.push({ field: prop, label: f.fieldLabel, value });
  }
  const old = blocking(before);
  const newErrors = [...blocking(after)]
    .filter(([key]) => !old.has(key))
    .map(([, e]) => ({ field: e.field, label: label(e.field), message: e.message }));
  const oldAnomalies = new Set((before?.anomalies ?? []).map((a) => `${a.ruleId} ${a.field}`));
  const newAnomalies = after.anomalies
    .filter((a) => !oldAnomalies.has(`${a.ruleId} ${a.field}`))
    .map((a) => ({ field: a.field, label: label(a.field), message: a.message }));

  if (!valueChanges.length && !newErrors.length && !newAnomalies.length && !hiddenFilled.length) return undefined;
  return {
    recordId: row.id,
    archId: row.arch_id,
    personName: row.person_name,
    visitDate: row.visit_date,
    formVersion: row.form_version,
    valueChanges,
    newErrors,
    newAnomalies,
    hiddenFilled,
  };
}
