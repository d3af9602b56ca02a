// The generic record store: one row per filled form, its history, and the answers kept for client
// request ids. Every query takes the caller's tenant.
import { sql, type CompiledQuery, type Kysely, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import { newId } from '../../db/ids';
import { asLastStatement } from '../../db/last-statement';
import type { Database, FormRecordHistoryTable, FormRecordTable } from '../../db/schema';
import { jsonb } from '../../platform/repositories/form-json';
import { QueryTemplate, type Slot } from '../../platform/repositories/query-template';
import type { Actor } from '../../domain/actor';

export type RecordDb = Omit<Selectable<FormRecordTable>, 'values' | 'acknowledgements'> & {
  values: Record<string, unknown>;
  acknowledgements: unknown[];
};
export type HistoryDb = Omit<Selectable<FormRecordHistoryTable>, 'payload'> & { payload: Record<string, unknown> };

import { RECORD_CLOSED, RECORD_SAVED } from '../../../src/shared/contract/followups';

export { RECORD_CLOSED, RECORD_SAVED };

export async function findRecord(db: Kysely<Database>, tenantId: string, id: string): Promise<RecordDb | undefined> {
  return (await db
    .selectFrom('form_record')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst()) as RecordDb | undefined;
}

export interface NewRecord {
  formCode: string;
  formVersion: number;
  archId: string;
  otherId: string | null;
  values: Record<string, unknown>;
  acknowledgements: unknown[];
  visitDate: string | null;
  nextVisitDate: string | null;
}

/** Who changed a row and when: a record's and a history row's audit columns. */
const changedBy = (actor: Actor, now: Date) => ({ update_user: actor.userId, update_user_name: actor.userName, update_time: now });

function newRecordRow(tenantId: string, rec: NewRecord, actor: Actor, now: Date) {
  return {
    id: newId(now.getTime()),
    tenant_id: tenantId,
    form_code: rec.formCode,
    form_version: rec.formVersion,
    arch_id: rec.archId,
    other_id: rec.otherId,
    values: rec.values,
    status: RECORD_SAVED,
    acknowledgements: rec.acknowledgements,
    visit_date: rec.visitDate,
    next_visit_date: rec.nextVisitDate,
    create_user: actor.userId,
    create_user_name: actor.userName,
    create_time: now,
    ...changedBy(actor, now),
    row_version: 1,
  };
}

/** The answer kept for a client request id, made from the record as it is about to be stored. */
export interface RecordClaim {
  requestId: string;
  /** The answer to give, as JSON: stored as it is and parsed once for the caller, so first answer and replays agree. */
  answerOf: (stored: RecordDb) => unknown;
  /** The hash of the submitted content, kept beside the answer. */
  payloadHash?: string;
}

/**
 * A new record and its 'create' history row in one statement (a data-modifying WITH): a submit's
 * round trips are what its time goes to. The history payload is made in SQL from the record row
 * the statement inserts (historyPayload of the stored row says the same), so the values travel to
 * the database once, not once per copy.
 *
 * With `claim`, the same statement first claims the client request id with its answer
 * (`claimRequest`'s INSERT … ON CONFLICT DO NOTHING, as a WITH): the answer is made from the row
 * about to be written (its id, times and values are all known before the INSERT), so no round trip
 * is spent on a claim of its own. `claimed` is false when another submit holds the request id (on
 * PostgreSQL, after waiting for that submit's transaction to end): nothing was written, and the
 * caller answers with the one kept. `answer` is the kept answer as JSON gives it back.
 *
 * The statement is its transaction's last: it goes with the COMMIT (db/last-statement.ts), which
 * saves a submit its third round trip. It may: claimed, it wrote what the caller returns; not
 * claimed, it wrote nothing. A further statement in the transaction is refused.
 */
export async function insertRecordWithHistory(
  db: Kysely<Database>,
  tenantId: string,
  rec: NewRecord,
  history: { requestUri: string; changeSource: string },
  actor: Actor,
  now: Date,
  claim?: RecordClaim,
  /** False inside a transaction its caller still writes in (submitRecordInTransaction): no COMMIT with it. */
  last = true,
): Promise<{ claimed: true; saved: RecordDb; answer?: unknown } | { claimed: false }> {
  const finalOf = (q: CompiledQuery) => (last ? asLastStatement(q) : q);
  const row = newRecordRow(tenantId, rec, actor, now);
  // The template's values, one object filled in place: this runs on every submit.
  const values: Record<string, unknown> = {};
  putRow(values, 'rec', row);
  putRow(
    values,
    'hist',
    historyRow(tenantId, { recordId: row.id, action: 'create', rowVersion: 1, payload: null, ...history }, actor, now),
    'payload',
  );
  if (!claim) {
    const saved = (await db.executeQuery<RecordDb>(finalOf(insertTemplate.query(db, values)))).rows[0];
    if (!saved) throw new Error('insertRecordWithHistory: the statement answered no row');
    return { saved, claimed: true };
  }
  // One JSON text of the answer: what the claim stores, and (parsed) what this submit answers.
  const answerText = JSON.stringify(claim.answerOf({ ...row, is_deleted: 0 }));
  putRow(values, 'claim', claimRow(tenantId, row.id, claim, null, now), 'answer');
  values['claim.answer'] = answerText;
  const saved = (await db.executeQuery<RecordDb>(finalOf(insertTemplate.query(db, values, CLAIMED)))).rows[0];
  // No row: another submit holds the request id, and this statement wrote nothing.
  if (!saved) return { claimed: false };
  return { saved, claimed: true, answer: JSON.parse(answerText) as unknown };
}

/** The request_idempotency row of a claim: the request id, the record it made and the answer to repeat. */
function claimRow(tenantId: string, recordId: string, claim: RecordClaim, answer: unknown, now: Date) {
  return {
    tenant_id: tenantId,
    client_request_id: claim.requestId,
    record_id: recordId,
    answer,
    payload_hash: claim.payloadHash ?? null,
    create_time: now,
  };
}

/** The columns the insert's rows store as jsonb: a template takes them as JSON text. */
const JSONB_COLUMNS = new Set(['values', 'acknowledgements', 'payload', 'answer']);

/** Slot names `<cte>.<column>`, made once: building them per submit was most of the statement's JavaScript. */
const slotNames = new Map<string, Map<string, string>>();

/**
 * Puts a row's columns into a template's values as `<cte>.<column>`, jsonb columns as their JSON
 * text; `skip` is a column the statement makes itself.
 */
function putRow(values: Record<string, unknown>, cte: string, row: object, skip?: string): void {
  let names = slotNames.get(cte);
  if (names === undefined) slotNames.set(cte, (names = new Map()));
  for (const [column, value] of Object.entries(row)) {
    if (column === skip) continue;
    let name = names.get(column);
    if (name === undefined) names.set(column, (name = `${cte}.${column}`));
    values[name] = JSONB_COLUMNS.has(column) ? JSON.stringify(value) : value;
  }
}

/** A row of `Row`'s columns whose every value is the template's slot `<cte>.<column>`. */
type SlotRow<Row> = { [K in keyof Row]: RawBuilder<Row[K]> };

/**
 * putRow the other way round: the row of one WITH made of the template's slots, a jsonb
 * column's slot (its JSON text) cast as `jsonb()` does. Typed by the row builder the values come
 * from, so kysely checks the columns against the table.
 */
function slotRow<Row extends object>(cte: string, slots: Record<string, Slot>): SlotRow<Row> {
  const prefix = `${cte}.`;
  const row: Record<string, RawBuilder<unknown>> = {};
  for (const [name, slot] of Object.entries(slots)) {
    if (!name.startsWith(prefix)) continue;
    const column = name.slice(prefix.length);
    row[column] = JSONB_COLUMNS.has(column) ? sql`cast(cast(${slot} as text) as jsonb)` : sql`${slot}`;
  }
  // The keys are the columns putRow was given for this WITH: exactly Row's.
  return row as SlotRow<Row>;
}

/** The shape of insertTemplate with the claim's WITH. */
const CLAIMED = 'claimed';

/**
 * insertRecordWithHistory's one statement, built once per shape and reused as SQL text
 * (query-template.ts). With the shape CLAIMED it first claims the client request id, and the record
 * and its history row are written only if the claim was (each `select … from` the WITH before it):
 * when another submit holds the id, the statement writes nothing at all, so it may be committed
 * whatever it answers (db/last-statement.ts). Without a claim the `claim` WITH is one constant row.
 * Every submit of a new record runs it.
 */
const insertTemplate = new QueryTemplate<Record<string, unknown>>((db, s, shape) => {
  const rec = slotRow<ReturnType<typeof newRecordRow>>('rec', s);
  const hist = slotRow<Omit<ReturnType<typeof historyRow>, 'payload'>>('hist', s);
  const recColumns = Object.keys(rec) as (keyof typeof rec & string)[];
  const histColumns = Object.keys(hist) as (keyof typeof hist & string)[];
  return db
    .with('claim', (qb) =>
      shape === CLAIMED
        ? qb
            .insertInto('request_idempotency')
            .values(slotRow<ReturnType<typeof claimRow>>('claim', s))
            .onConflict((oc) => oc.columns(['tenant_id', 'client_request_id']).doNothing())
            .returning('client_request_id')
        : sql<{ client_request_id: string }>`(select ''::text as client_request_id)`,
    )
    .with('rec', (qb) =>
      qb
        .insertInto('form_record')
        .columns(recColumns)
        .expression(sql`select ${sql.join(recColumns.map((c) => rec[c]))} from claim`)
        .returningAll(),
    )
    .with('hist', (qb) =>
      qb
        .insertInto('form_record_history')
        .columns([...histColumns, 'payload'])
        // The record's content as the rec WITH wrote it: historyPayload's keys, made where the values already are.
        .expression(
          sql`select ${sql.join(histColumns.map((c) => hist[c]))}, jsonb_build_object('formCode', form_code, 'formVersion',
            form_version, 'archId', arch_id, 'otherId', other_id, 'status', status, 'values', "values",
            'acknowledgements', acknowledgements) from rec`,
        ),
    )
    .selectFrom('rec')
    .selectAll('rec');
});

/**
 * Updates a record only if it still has the row version the caller read; undefined when someone
 * else changed it in between (or it is gone). The condition is in the UPDATE itself, so two
 * concurrent saves of one version cannot both succeed.
 */
export async function updateRecordIfVersion(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  rec: Pick<NewRecord, 'values' | 'acknowledgements' | 'visitDate' | 'nextVisitDate' | 'otherId'>,
  actor: Actor,
  now: Date,
): Promise<RecordDb | undefined> {
  const changes = {
    values: jsonb(rec.values),
    acknowledgements: jsonb(rec.acknowledgements),
    visit_date: rec.visitDate,
    next_visit_date: rec.nextVisitDate,
    other_id: rec.otherId,
  };
  return (await updateLiveRecord(db, tenantId, id, changes, actor, now)
    .where('row_version', '=', rowVersion)
    .returningAll()
    .executeTakeFirst()) as RecordDb | undefined;
}

/** Status changes (close off, restore) and removal; each bumps the row version. */
export async function changeRecord(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  change: { status?: number; isDeleted?: number },
  actor: Actor,
  now: Date,
): Promise<RecordDb | undefined> {
  const changes = {
    ...(change.status !== undefined && { status: change.status }),
    ...(change.isDeleted !== undefined && { is_deleted: change.isDeleted }),
  };
  return (await updateLiveRecord(db, tenantId, id, changes, actor, now).returningAll().executeTakeFirst()) as RecordDb | undefined;
}

/** An UPDATE of one live record of the tenant that also bumps its row version and says who changed it. */
function updateLiveRecord(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  changes: Updateable<FormRecordTable>,
  actor: Actor,
  now: Date,
) {
  return db
    .updateTable('form_record')
    .set({ ...changes, ...changedBy(actor, now), row_version: sql<number>`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
}

export interface RecordFilter {
  formCodes?: string[] | undefined;
  archId?: string | undefined;
  otherId?: string | undefined;
  status?: number | undefined;
  /** yyyy-MM-dd bounds on the visit date, inclusive. */
  visitFrom?: string | undefined;
  visitTo?: string | undefined;
  nextVisitFrom?: string | undefined;
  nextVisitTo?: string | undefined;
  createUser?: string | undefined;
}

function filtered(db: Kysely<Database>, tenantId: string, f: RecordFilter) {
  let q = db.selectFrom('form_record').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  if (f.formCodes) q = f.formCodes.length ? q.where('form_code', 'in', f.formCodes) : q.where(sql<boolean>`false`);
  if (f.archId) q = q.where('arch_id', '=', f.archId);
  if (f.otherId) q = q.where('other_id', '=', f.otherId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.visitFrom) q = q.where('visit_date', '>=', f.visitFrom);
  if (f.visitTo) q = q.where('visit_date', '<=', f.visitTo);
  if (f.nextVisitFrom) q = q.where('next_visit_date', '>=', f.nextVisitFrom);
  if (f.nextVisitTo) q = q.where('next_visit_date', '<=', f.nextVisitTo);
  if (f.createUser) q = q.where('create_user', '=', f.createUser);
  return q;
}

/** Newest visit first (then newest change): the order every follow-up list shows. */
export async function listRecords(db: Kysely<Database>, tenantId: string, filter: RecordFilter, current: number, size: number) {
  const base = filtered(db, tenantId, filter);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql`visit_date desc nulls last`)
      .orderBy('update_time', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as RecordDb[], total: Number(total.n) };
}

export async function allRecords(db: Kysely<Database>, tenantId: string, filter: RecordFilter, limit = 500): Promise<RecordDb[]> {
  return (await filtered(db, tenantId, filter)
    .selectAll()
    .orderBy(sql`visit_date desc nulls last`)
    .orderBy('update_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()) as RecordDb[];
}

type HistoryEntry = { recordId: string; action: string; rowVersion: number; payload: unknown; requestUri: string; changeSource: string };

/** A history row, its payload still a value (storedHistory or a template makes it jsonb). */
function historyRow(tenantId: string, entry: HistoryEntry, actor: Actor, now: Date) {
  return {
    id: newId(now.getTime()),
    tenant_id: tenantId,
    record_id: entry.recordId,
    action: entry.action,
    row_version: entry.rowVersion,
    payload: entry.payload,
    request_uri: entry.requestUri,
    change_source: entry.changeSource,
    ...changedBy(actor, now),
  };
}

const storedHistory = (row: ReturnType<typeof historyRow>) => ({ ...row, payload: jsonb(row.payload) });

export async function insertHistory(db: Kysely<Database>, tenantId: string, entry: HistoryEntry, actor: Actor, now: Date): Promise<void> {
  await db
    .insertInto('form_record_history')
    .values(storedHistory(historyRow(tenantId, entry, actor, now)))
    .execute();
}

/** A record's history, newest first; removed records keep theirs. */
export async function listHistory(db: Kysely<Database>, tenantId: string, recordId: string): Promise<HistoryDb[]> {
  return (await db
    .selectFrom('form_record_history')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', recordId)
    .orderBy('row_version', 'desc')
    .orderBy('id', 'desc')
    .execute()) as HistoryDb[];
}

export async function recordExistsEver(db: Kysely<Database>, tenantId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('form_record').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst());
}

/**
 * Claims a client request id, with its answer when the caller already has it (a submit claims
 * last, in the transaction that wrote the record). The primary key (tenant, request id) decides:
 * exactly one of several concurrent claims inserts; on PostgreSQL the others wait for that
 * transaction and then insert nothing (or take over if it rolled back).
 */
export async function claimRequest(
  db: Kysely<Database>,
  tenantId: string,
  requestId: string,
  now: Date,
  answered?: { recordId: string; answer: unknown },
  payloadHash: string | null = null,
): Promise<boolean> {
  const row = await db
    .insertInto('request_idempotency')
    .values({
      tenant_id: tenantId,
      client_request_id: requestId,
      record_id: answered?.recordId ?? null,
      answer: answered ? jsonb(answered.answer) : null,
      payload_hash: payloadHash,
      create_time: now,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'client_request_id']).doNothing())
    .returning('client_request_id')
    .executeTakeFirst();
  return !!row;
}

/**
 * What a new submit looks up before validating, in one statement: the answer kept for its client
 * request id (if any), whether the archive is live, its birth date (for dates that may not precede
 * it), and the form's latest version number.
 */
export async function submitLookups(
  db: Kysely<Database>,
  tenantId: string,
  requestId: string,
  archId: string,
  formCode: string,
): Promise<{
  answer: unknown;
  payloadHash: string | null;
  archiveExists: boolean;
  archiveBirthday: string | undefined;
  latestVersion: number | undefined;
}> {
  // Every new submit runs this statement: built once, reused as SQL text (query-template.ts).
  const [row] = (
    await db.executeQuery<{
      answer: unknown;
      payload_hash: string | null;
      archive_exists: boolean;
      archive_birthday: string | null;
      latest_version: number | null;
    }>(lookupsTemplate.query(db, { tenantId, requestId, archId, formCode }))
  ).rows;
  if (!row) throw new Error('submitLookups: the statement answered no row');
  return {
    answer: row.answer ?? undefined,
    payloadHash: row.payload_hash ?? null,
    archiveExists: row.archive_exists === true,
    archiveBirthday: row.archive_birthday || undefined,
    latestVersion: row.latest_version == null ? undefined : Number(row.latest_version),
  };
}

const lookupsTemplate = new QueryTemplate<{ tenantId: string; requestId: string; archId: string; formCode: string }>((db, s) => {
  // Slots stand in for the values; kysely's types cannot know that, hence the cast.
  const v = s as unknown as Record<keyof typeof s, string>;
  return db.selectNoFrom((eb) => [
    eb
      .selectFrom('request_idempotency')
      .select('answer')
      .where('tenant_id', '=', v.tenantId)
      .where('client_request_id', '=', v.requestId)
      .as('answer'),
    eb
      .selectFrom('request_idempotency')
      .select('payload_hash')
      .where('tenant_id', '=', v.tenantId)
      .where('client_request_id', '=', v.requestId)
      .as('payload_hash'),
    eb
      .exists(
        eb
          .selectFrom('user_archive')
          .select('id')
          .where('tenant_id', '=', v.tenantId)
          .where('id', '=', v.archId)
          .where('is_deleted', '=', sql.lit(0)),
      )
      .as('archive_exists'),
    eb
      .selectFrom('user_archive')
      .select('birthday')
      .where('tenant_id', '=', v.tenantId)
      .where('id', '=', v.archId)
      .where('is_deleted', '=', sql.lit(0))
      .as('archive_birthday'),
    eb
      .selectFrom('form_version')
      .select((f) => f.fn.max<number>('version').as('v'))
      .where('tenant_id', '=', v.tenantId)
      .where('form_code', '=', v.formCode)
      .as('latest_version'),
  ]);
});

/** The answer kept for a request id and the hash of what was submitted with it; undefined: never claimed. */
export async function requestAnswer(
  db: Kysely<Database>,
  tenantId: string,
  requestId: string,
): Promise<{ answer: unknown; payloadHash: string | null } | undefined> {
  const row = await db
    .selectFrom('request_idempotency')
    .select(['answer', 'payload_hash'])
    .where('tenant_id', '=', tenantId)
    .where('client_request_id', '=', requestId)
    .executeTakeFirst();
  return row?.answer ? { answer: row.answer, payloadHash: row.payload_hash ?? null } : undefined;
}

/** Which of `ids` are the tenant's removed (soft-deleted) records, with who removed them and when (the last change of a removed row is its removal). */
export async function removedRecords(
  db: Kysely<Database>,
  tenantId: string,
  ids: string[],
): Promise<Pick<RecordDb, 'id' | 'form_code' | 'arch_id' | 'update_user' | 'update_user_name' | 'update_time'>[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('form_record')
    .select(['id', 'form_code', 'arch_id', 'update_user', 'update_user_name', 'update_time'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 1)
    .orderBy('id')
    .execute();
}

/** The residents' names by archive id (the tenant's archives only): a list of records shows whose they are. */
export async function personNamesOf(db: Kysely<Database>, tenantId: string, archIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(archIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_archive')
    .select(['id', 'person_name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, r.person_name ?? '']));
}
