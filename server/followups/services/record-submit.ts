// Saving a record: re-validate with the engine against the record's own form version, then write
// the record and its history row in one transaction. A client request id makes a retry return the
// first answer instead of a second record; a stale row version is refused.
import type { Kysely, Transaction } from 'kysely';
import {
  ANOMALY_PROMPT,
  nextDueDateOf,
  stepAndTimeBudget,
  validateForSubmit,
  visitDateOf,
  type FormDocument,
  type FormValues,
  type SubmitResult,
} from '../../../src/engine';
import type { Database } from '../../db/schema';
import { Conflict, NotFound, Refusal } from '../../domain/errors';
import { archiveBirthday, archiveExists } from '../../archives/index';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { findVersion, latestVersionNumber, type FormCompiledCache, dictionaryLookup, RULE_BUDGET, withinBudget } from '../../forms/index';
import type { Actor } from '../../domain/actor';
import {
  claimRequest,
  findRecord,
  insertHistory,
  insertRecordWithHistory,
  RECORD_CLOSED,
  requestAnswer,
  submitLookups,
  updateRecordIfVersion,
  type RecordDb,
} from '../repositories/records';
import type { TenantCache } from '../../platform/services/tenant-cache';
import { idempotencyKey, replayOrRefuse, type IdempotencyKey } from './idempotency-key';
import { valueLengthProblem } from './record-value-limits';
import { recordView, type RecordView } from './record-views';

export const STALE_MESSAGE = '该记录已被他人修改，请刷新后重试（您填写的内容已保留为草稿）';

export interface RecordContext {
  db: Kysely<Database>;
  cache: FormCompiledCache;
  tenantId: string;
  actor: Actor;
  now: Date;
  requestUri: string;
  changeSource: string;
  /** The app's per-tenant cache (deps.caches): keeps the dictionaries validation reads; cleared by dictionary changes. */
  dictionaries?: TenantCache<unknown> | undefined;
  /**
   * `db` is a transaction the caller holds and commits (submitRecordsInTransaction): the insert is not
   * sent with a COMMIT of its own, so the caller's later statements — or its rollback — still count.
   */
  heldTransaction?: boolean | undefined;
}

export interface SubmitInput {
  id?: string | undefined;
  formCode?: string | undefined;
  formVersion?: number | undefined;
  archId?: string | undefined;
  otherId?: string | null | undefined;
  values: Record<string, unknown>;
  /** Check-rule ids the user accepted at 有异常是否保存?. */
  acknowledgements?: string[] | undefined;
  rowVersion?: number | undefined;
  clientRequestId?: string | undefined;
}

/**
 * The form version a record is checked against: its own for an update, else the one named, else the
 * latest (`latest` when the caller already looked its number up). Published versions never change
 * (a trigger refuses it), so each document is read once and then kept in the compiled-form cache.
 */
async function versionFor(ctx: RecordContext, formCode: string, version: number | undefined, latest?: number): Promise<FormDocument> {
  const wanted = version ?? latest ?? (await latestVersionNumber(ctx.db, ctx.tenantId, formCode));
  const missing = () => new Refusal(version ? `表单 ${formCode} 没有版本 ${version}` : `表单 ${formCode} 尚未发布`);
  if (wanted === undefined) throw missing();
  const kept = ctx.cache.document(ctx.tenantId, formCode, wanted);
  if (kept) return kept;
  const found = await findVersion(ctx.db, ctx.tenantId, formCode, wanted);
  if (!found) throw missing();
  ctx.cache.rememberDocument(ctx.tenantId, formCode, wanted, found.document);
  return found.document;
}

function refusalOf(doc: FormDocument, result: SubmitResult): Refusal {
  const label = (prop: string) => doc.fields.find((f) => f.fieldProp === prop)?.fieldLabel ?? prop;
  const base = { stage: result.stage, fieldErrors: result.fieldErrors, progress: result.progress };
  if (result.stage === 'fields') {
    const field = result.firstInvalidField as string;
    const ruleId = result.evaluation.fields[field]?.because.required?.ruleId ?? null;
    const message = result.fieldErrors[field] as string;
    return new Refusal(ruleId ? `${message}（规则 ${ruleId}）` : message, { ...base, field, fieldLabel: label(field), ruleId });
  }
  const describe = (m: SubmitResult['errors'][number]) => ({
    ruleId: m.ruleId,
    field: m.field,
    fieldLabel: label(m.field),
    message: m.message,
  });
  if (result.stage === 'errors') {
    const first = result.errors[0]!;
    return new Refusal(`${first.message}（字段 ${label(first.field)}，规则 ${first.ruleId}）`, {
      ...base,
      field: first.field,
      fieldLabel: label(first.field),
      ruleId: first.ruleId,
      errors: result.errors.map(describe),
    });
  }
  return new Refusal(`${ANOMALY_PROMPT}（${result.anomalies.map((a) => a.message).join('；')}）`, {
    ...base,
    prompt: ANOMALY_PROMPT,
    anomalies: result.anomalies.map(describe),
  });
}

/** Why a claim lost: the transaction is rolled back and the first answer read. */
class ClaimLost extends Error {}

/**
 * Validates and saves; throws Refusal (validation, with data for the screen), Conflict (stale) or NotFound. Everything —
 * the reads that validation needs, the record, its history row and the client request id with its
 * answer — runs in one scoped transaction: one BEGIN + scope for the whole submit instead of one per
 * statement (db/scoped-driver.ts), and one connection held. A new record, its history row and
 * its request id (with the answer already in its row) are one writing statement, sent with the
 * COMMIT: two round trips in all; an update writes the record, then its history row, then claims
 * the request id. A concurrent duplicate's claim waits on the primary key for the first to commit;
 * a new record's statement then writes nothing, an update's transaction is rolled back.
 */
export async function submitRecord(ctx: RecordContext, input: SubmitInput): Promise<RecordView> {
  const key = input.clientRequestId ? keyOf(ctx, input, input.clientRequestId) : undefined;
  try {
    return await inTransaction(ctx.db, (trx) => submitIn({ ...ctx, db: trx }, input, key));
  } catch (error) {
    if (!(error instanceof ClaimLost)) throw error;
  }
  const kept = await requestAnswer(ctx.db, ctx.tenantId, (key as IdempotencyKey).scoped);
  if (!kept) throw new Conflict('相同的请求正在处理中，请稍后重试');
  return replayOrRefuse(key as IdempotencyKey, kept) as RecordView;
}

/**
 * Several records saved in a transaction the caller holds (`trx`), each validated and written as
 * submitRecord does, none committed here: one-key work (一键宣教) saves them with its own rows and
 * commits or rolls back the lot. No client request id: the caller's own transaction is the unit.
 */
export async function submitRecordInTransaction(
  ctx: RecordContext,
  trx: Transaction<Database>,
  input: Omit<SubmitInput, 'clientRequestId'>,
): Promise<RecordView> {
  return submitIn({ ...ctx, db: trx, heldTransaction: true }, input, undefined);
}

/** The request id scoped to this user and route, with the hash of what is submitted (followups/services/idempotency-key.ts). */
const keyOf = (ctx: RecordContext, input: SubmitInput, clientRequestId: string): IdempotencyKey =>
  idempotencyKey(ctx.actor.userId, ctx.requestUri, clientRequestId, {
    id: input.id ?? null,
    formCode: input.formCode ?? null,
    formVersion: input.formVersion ?? null,
    archId: input.archId ?? null,
    otherId: input.otherId ?? null,
    values: input.values,
    acknowledgements: input.acknowledgements ?? [],
  });

async function submitIn(ctx: RecordContext, input: SubmitInput, key: IdempotencyKey | undefined): Promise<RecordView> {
  const { db, tenantId } = ctx;
  // A new record with a request id (every client submit): the replay lookup, the archive check and
  // the latest form version number in one statement.
  let archiveChecked = false;
  let birthday: string | undefined;
  let latest: number | undefined;
  if (key && !input.id && input.formCode && input.archId) {
    const looked = await submitLookups(db, tenantId, key.scoped, input.archId, input.formCode);
    if (looked.answer) return replayOrRefuse(key, looked) as RecordView;
    if (!looked.archiveExists) throw new NotFound('档案不存在');
    archiveChecked = true;
    birthday = looked.archiveBirthday;
    latest = looked.latestVersion;
  } else if (key) {
    const earlier = await requestAnswer(db, tenantId, key.scoped);
    if (earlier) return replayOrRefuse(key, earlier) as RecordView;
  }

  let existing: RecordDb | undefined;
  if (input.id) {
    existing = await findRecord(db, tenantId, input.id);
    if (!existing) throw new NotFound('记录不存在');
    if (input.formCode && input.formCode !== existing.form_code) throw new Refusal('表单编号与记录不符');
    if (input.rowVersion === undefined) throw new Refusal('参数[rowVersion]不能为空');
    if (input.rowVersion !== existing.row_version) throw staleRefusal(existing);
    if (existing.status === RECORD_CLOSED) throw new Refusal('该记录已结案，不能修改');
  } else if (!input.formCode) throw new Refusal('参数[formCode]不能为空');
  else if (!input.archId) throw new Refusal('参数[archId]不能为空');

  // A new record belongs to a resident of the caller's tenant: another tenant's archive id is not found.
  if (!existing && !archiveChecked && !(await archiveExists(db, tenantId, input.archId as string))) throw new NotFound('档案不存在');
  const formCode = existing?.form_code ?? (input.formCode as string);
  const doc = await versionFor(ctx, formCode, existing?.form_version ?? input.formVersion, latest);
  const compiled = ctx.cache.get(tenantId, doc);
  const tooLong = valueLengthProblem(doc, input.values);
  if (tooLong) throw new Refusal(tooLong.message, { stage: 'fields', field: tooLong.field, fieldLabel: tooLong.fieldLabel });
  const lookupDictionary = await dictionaryLookup(db, tenantId, doc, ctx.dictionaries);
  // The rules run on the one event loop every tenant shares: bounded in steps and time (issue 22 §2).
  const budget = stepAndTimeBudget(RULE_BUDGET.steps, RULE_BUDGET.ms, () => performance.now());
  // A date that may not precede the resident's birth is checked against the archive's birth date,
  // never against whatever birthDate the caller sent (only forms with such a date pay the lookup).
  const archId = existing?.arch_id ?? (input.archId as string);
  // (A new record's lookups statement has read it already.)
  const birthDate = !doc.fields.some((f) => f.notBeforeBirth)
    ? undefined
    : archiveChecked
      ? birthday
      : await archiveBirthday(db, tenantId, archId);
  const result = withinBudget(() =>
    validateForSubmit(compiled, input.values as FormValues, {
      now: ctx.now,
      lookupDictionary,
      budget,
      acknowledged: input.acknowledgements ?? [],
      ...(birthDate && { birthDate }),
    }),
  );
  if (!result.ok) throw refusalOf(doc, result);

  const acknowledgements = result.acknowledgement
    ? [
        {
          ...result.acknowledgement,
          anomalies: result.anomalies.map((a) => ({ ruleId: a.ruleId, field: a.field, message: a.message })),
          userId: ctx.actor.userId,
          userName: ctx.actor.userName,
        },
      ]
    : [];
  const content = {
    values: result.values as Record<string, unknown>,
    acknowledgements,
    // Where the visit and the next due date come from is the form's placement (a field, or an interval).
    visitDate: visitDateOf(doc.placement, result.values),
    nextVisitDate: nextDueDateOf(doc.placement, result.values),
    otherId: input.otherId ?? existing?.other_id ?? null,
  };

  let saved: RecordDb;
  if (existing) {
    const updated = await updateRecordIfVersion(db, tenantId, existing.id, input.rowVersion as number, content, ctx.actor, ctx.now);
    if (!updated) {
      const current = await findRecord(db, tenantId, existing.id);
      if (!current) throw new NotFound('记录不存在');
      throw staleRefusal(current);
    }
    saved = updated;
    await insertHistory(
      db,
      tenantId,
      {
        recordId: saved.id,
        action: 'update',
        rowVersion: saved.row_version,
        payload: historyPayload(saved),
        requestUri: ctx.requestUri,
        changeSource: ctx.changeSource,
      },
      ctx.actor,
      ctx.now,
    );
  } else {
    const history = { requestUri: ctx.requestUri, changeSource: ctx.changeSource };
    // A new record claims its request id in the same statement, with the answer made from the row
    // written (the repository keeps it as JSON and answers it parsed, as answerView would).
    const claim = key ? { requestId: key.scoped, payloadHash: key.payloadHash, answerOf: recordView } : undefined;
    const inserted = await insertRecordWithHistory(
      db,
      tenantId,
      { formCode, formVersion: doc.version, archId: input.archId as string, ...content },
      history,
      ctx.actor,
      ctx.now,
      claim,
      !ctx.heldTransaction,
    );
    // The insert committed the transaction (records.ts) unless the caller holds it: nothing may run in it after this.
    if (!inserted.claimed) throw new ClaimLost();
    return (inserted.answer as RecordView | undefined) ?? answerView(inserted.saved);
  }
  const view = answerView(saved);
  if (key && !(await claimRequest(db, tenantId, key.scoped, ctx.now, { recordId: saved.id, answer: view }, key.payloadHash)))
    throw new ClaimLost();
  return view;
}

/** The answer as stored (JSON) and returned, so the first answer and every replay are the same value. */
const answerView = (saved: RecordDb): RecordView => JSON.parse(JSON.stringify(recordView(saved))) as RecordView;

/** 409 with who changed the record last, so the client can say so and keep the user's values as a draft. */
function staleRefusal(current: RecordDb): Conflict {
  return new Conflict(STALE_MESSAGE, {
    stage: 'stale',
    rowVersion: current.row_version,
    updateUserName: current.update_user_name,
    updateTime: recordView(current).updateTime,
  });
}

/** What a history row keeps: the record's content after the change. */
export function historyPayload(r: RecordDb) {
  return {
    formCode: r.form_code,
    formVersion: r.form_version,
    archId: r.arch_id,
    otherId: r.other_id,
    status: r.status,
    values: r.values,
    acknowledgements: r.acknowledgements,
  };
}
