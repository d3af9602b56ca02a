// 健康教育 and 一键宣教 (issue 34, decision 0036). An education given to a resident is a form record
// of one of the education forms — 健康教育记录 `propaganda` (schemas/propaganda.json) or 健康教育处方
// `healtheducation` (the follow-up page's tab) — saved through the record store (validated by the
// engine, versioned, its history kept, and queued for the regional system by the outbox's trigger).
// This service adds what the store does not know: whose residents a caller may educate (a doctor
// their own, a team leader the team's, an administrator the tenant's), the one-key batches, and the
// push states of these records.
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';
import { Forbidden, NotFound, Refusal, VersionRequired } from '../../domain/errors';
import { removeRecords, submitRecord, submitRecordInTransaction, type RecordContext } from '../../followups/index';
import { actorOf, dateTime, SERVER_CODEMAPS } from '../../forms/index';
import { gwStatusOf, outboxOfSources, pushTo } from '../../push/index';
import { archiveScopeOf } from '../../task-centre/index';
import type { EducationBatch, EducationFormCode, EducationRecord, OneKeyResult } from '../../../src/shared/contract/education';
import {
  batchPage,
  batchRecordIds,
  educationPage,
  educationRows,
  findBatches,
  followupOf,
  insertBatch,
  removeBatch,
  residentPage,
  residentsInScope,
  type BatchRow,
  type EducationFilter,
  type EducationRow,
  type ResidentFilter,
  type ResidentScope,
} from '../repositories/education';

export const EDUCATION_FORMS: Record<EducationFormCode, string> = { propaganda: '健康教育记录', healtheducation: '健康教育处方' };
/** The crowd labels a 健康教育处方 is for (the form's tabs: the hypertension and diabetes follow-ups). */
export const PRESCRIPTION_LABELS = ['hypertension', 'diabetes'] as const;
/** The most residents one one-key education reaches. */
export const ONE_KEY_MAX = 500;

export const EDUCATION_MESSAGES = {
  notFound: '数据不存在',
  chooseResidents: '请选择要宣教的居民',
  tooMany: `一次最多为${ONE_KEY_MAX}位居民宣教`,
  residentMissing: '请选择居民',
  outOfScope: (names: string) => `以下居民不在您可宣教的范围内：${names}`,
  noPrescriptionLabel: (name: string) => `${name}未纳入高血压或糖尿病患者管理，不能开具健康教育处方`,
  residentFixed: '修改健康教育记录时不能更换居民',
  batchOthers: '只能删除本人发起的一键宣教',
  idsRequired: '参数[ids]不能为空',
  followUpNotFound: '随访记录不存在',
  versionMissing: (label: string) => `请先读取${label}再修改（缺少版本号）`,
} as const;

export interface EducationContext {
  deps: AppDeps;
  auth: AccessClaims;
  requestUri: string;
}

const scopeOf = (auth: AccessClaims): ResidentScope => archiveScopeOf(auth);
const tenantOf = (ctx: EducationContext) => ctx.auth.tenant_id;

function recordContext(ctx: EducationContext, db: Kysely<Database> = ctx.deps.db): RecordContext {
  return {
    db,
    cache: ctx.deps.compiledForms,
    tenantId: tenantOf(ctx),
    actor: actorOf(ctx.auth),
    now: new Date(ctx.deps.now()),
    requestUri: ctx.requestUri,
    changeSource: 'SYS',
    dictionaries: ctx.deps.caches,
  };
}

const label = (code: string, value: unknown) =>
  typeof value === 'string' && value !== '' ? (SERVER_CODEMAPS.codeLabel(code, value) ?? value) : '';
const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const topicNamesOf = (values: Record<string, unknown>) => {
  const topics = Array.isArray(values.topics) ? values.topics : typeof values.topics === 'string' ? values.topics.split(',') : [];
  const names = topics.filter((t) => t !== '').map((t) => label('edu_topic', t));
  const other = asText(values.topicOther);
  return [...names, ...(other ? [other] : [])].join('、');
};

function recordView(r: EducationRow, push: Map<string, { state: number; last_error: string }>): EducationRecord {
  const values = r.values ?? {};
  const topicNames = topicNamesOf(values);
  const p = push.get(r.id);
  return {
    id: r.id,
    formCode: r.form_code,
    formName: EDUCATION_FORMS[r.form_code as EducationFormCode] ?? r.form_code,
    archId: r.arch_id,
    personName: r.person_name,
    sex: r.sex,
    doctorName: r.doctor_name,
    teamName: r.team_name,
    eduDate: r.visit_date,
    method: asText(values.method),
    methodName: label('edu_method', values.method),
    title: asText(values.title) || topicNames,
    topicNames,
    educator: asText(values.educator),
    values,
    mainId: r.main_id,
    gwStatus: p ? gwStatusOf(p.state) : '0',
    gwMsg: p?.last_error ?? '',
    rowVersion: r.row_version,
    createUserName: r.create_user_name,
    createTime: dateTime(new Date(r.create_time)),
  };
}

/** The regional (GW) push row of each record. */
async function pushStates(ctx: EducationContext, ids: string[]) {
  const rows = ids.length ? await outboxOfSources(ctx.deps.db, tenantOf(ctx), 'followup', ids) : [];
  return new Map(rows.filter((r) => r.system === 'GW').map((r) => [r.source_id, r]));
}

async function views(ctx: EducationContext, rows: EducationRow[]) {
  const push = await pushStates(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => recordView(r, push));
}

export async function listEducation(ctx: EducationContext, f: EducationFilter, current: number, size: number) {
  const { rows, total } = await educationPage(ctx.deps.db, tenantOf(ctx), scopeOf(ctx.auth), f, current, size);
  return { records: await views(ctx, rows), total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}

/** The caller's education records among `ids` of the forms named: all of them, or 404. */
async function ownRecords(ctx: EducationContext, formCodes: string[], ids: string[]): Promise<EducationRow[]> {
  if (ids.length === 0) throw new Refusal(EDUCATION_MESSAGES.idsRequired);
  const unique = [...new Set(ids)];
  const rows = await educationRows(ctx.deps.db, tenantOf(ctx), scopeOf(ctx.auth), { formCodes, ids: unique });
  if (rows.length !== unique.length) throw new NotFound(EDUCATION_MESSAGES.notFound);
  return rows;
}

export async function educationDetail(ctx: EducationContext, id: string): Promise<EducationRecord> {
  const [row] = await ownRecords(ctx, Object.keys(EDUCATION_FORMS), [id]);
  return (await views(ctx, [row!]))[0]!;
}

/**
 * The 健康教育处方 given at a follow-up: the resident's prescription dated on the follow-up's visit
 * day (the follow-up page's 健康教育 tab records it that day), or null.
 */
export async function educationOfFollowUp(ctx: EducationContext, followUpId: string): Promise<EducationRecord | null> {
  const followUp = await followupOf(ctx.deps.db, tenantOf(ctx), followUpId);
  if (!followUp) throw new NotFound(EDUCATION_MESSAGES.followUpNotFound);
  const [resident] = await residentsInScope(ctx.deps.db, tenantOf(ctx), scopeOf(ctx.auth), { ids: [followUp.arch_id] });
  if (!resident) throw new NotFound(EDUCATION_MESSAGES.followUpNotFound);
  if (!followUp.visit_date) return null;
  const rows = await educationRows(ctx.deps.db, tenantOf(ctx), scopeOf(ctx.auth), {
    formCodes: ['healtheducation'],
    archId: followUp.arch_id,
    from: followUp.visit_date,
    to: followUp.visit_date,
  });
  return rows[0] ? (await views(ctx, [rows[0]]))[0]! : null;
}

/** The residents among `archIds` the caller may educate (and of the crowd label and team when given), or a refusal naming the others. */
async function chosenResidents(ctx: EducationContext, archIds: string[], f: ResidentFilter, formCode: EducationFormCode) {
  const found = await residentsInScope(ctx.deps.db, tenantOf(ctx), scopeOf(ctx.auth), { ...f, ids: archIds });
  const byId = new Map(found.map((r) => [r.id, r]));
  const missing = archIds.filter((id) => !byId.has(id));
  if (missing.length) throw new Refusal(EDUCATION_MESSAGES.outOfScope(missing.slice(0, 5).join('、') + (missing.length > 5 ? '…' : '')));
  if (formCode === 'healtheducation')
    for (const r of found) {
      const labels = r.crowd_labels.split(',');
      if (!PRESCRIPTION_LABELS.some((l) => labels.includes(l))) throw new Refusal(EDUCATION_MESSAGES.noPrescriptionLabel(r.person_name));
    }
  return archIds.map((id) => byId.get(id)!);
}

/** One resident's education saved (new) or changed (`id` with the `rowVersion` read). */
export async function saveEducation(
  ctx: EducationContext,
  formCode: EducationFormCode,
  input: { id?: string | undefined; archId?: string | undefined; values: Record<string, unknown>; rowVersion?: number | undefined },
): Promise<EducationRecord> {
  let archId = input.archId;
  if (input.id) {
    const [row] = await ownRecords(ctx, [formCode], [input.id]);
    if (input.rowVersion === undefined) throw new VersionRequired(EDUCATION_MESSAGES.versionMissing(EDUCATION_FORMS[formCode]));
    if (archId && archId !== row!.arch_id) throw new Refusal(EDUCATION_MESSAGES.residentFixed);
    archId = row!.arch_id;
  } else {
    if (!archId) throw new Refusal(EDUCATION_MESSAGES.residentMissing);
    await chosenResidents(ctx, [archId], {}, formCode);
  }
  const saved = await submitRecord(recordContext(ctx), {
    id: input.id,
    formCode,
    archId,
    values: input.values,
    rowVersion: input.rowVersion,
  });
  const [row] = await educationRows(ctx.deps.db, tenantOf(ctx), scopeOf(ctx.auth), { formCodes: [formCode], ids: [saved.id] });
  return (await views(ctx, [row!]))[0]!;
}

/**
 * 一键宣教: the same education for every resident chosen. The values are checked once with the first
 * resident's record; each resident gets a record of their own (and its push), then the batch row
 * lists them — all in one transaction (decision 0041): all are saved or none. A resident outside the
 * caller's scope (or the crowd label / team chosen) refuses the whole call before anything is saved.
 */
export async function oneKeyEducation(
  ctx: EducationContext,
  formCode: EducationFormCode,
  input: { archIds: string[]; crowdLabel?: string | undefined; teamId?: string | undefined; values: Record<string, unknown> },
): Promise<OneKeyResult> {
  const archIds = [...new Set(input.archIds)];
  if (archIds.length === 0) throw new Refusal(EDUCATION_MESSAGES.chooseResidents);
  if (archIds.length > ONE_KEY_MAX) throw new Refusal(EDUCATION_MESSAGES.tooMany);
  await chosenResidents(ctx, archIds, { crowdLabel: input.crowdLabel || undefined, teamId: input.teamId || undefined }, formCode);
  const rc = recordContext(ctx);
  // One transaction: every resident's record (with its push row, written by trigger) and the batch —
  // a failure anywhere (a resident's record refused, the batch's write) leaves nothing written.
  return ctx.deps.db.transaction().execute(async (trx) => {
    const links: { id: string; recordId: string; archId: string }[] = [];
    let values: Record<string, unknown> = input.values;
    for (const archId of archIds) {
      const saved = await submitRecordInTransaction(rc, trx, { formCode, archId, values });
      // The first save's values are the engine's (calculations, trimmed text): every other resident gets those.
      values = saved.values;
      links.push({ id: newId(), recordId: saved.id, archId });
    }
    const mainId = newId();
    await insertBatch(
      trx,
      tenantOf(ctx),
      {
        id: mainId,
        formCode,
        title: asText(values.title) || topicNamesOf(values) || EDUCATION_FORMS[formCode],
        eduDate: asText(values.visitDate).slice(0, 10),
        method: asText(values.method),
        educator: asText(values.educator),
        crowdLabel: input.crowdLabel ?? '',
        teamId: input.teamId ?? '',
      },
      links,
      rc.actor,
      rc.now,
    );
    return { mainId, count: links.length, recordIds: links.map((l) => l.recordId) };
  });
}

function batchView(b: BatchRow): EducationBatch {
  return {
    id: b.id,
    formCode: b.form_code,
    formName: EDUCATION_FORMS[b.form_code as EducationFormCode] ?? b.form_code,
    title: b.title,
    eduDate: b.edu_date,
    method: b.method,
    methodName: label('edu_method', b.method),
    educator: b.educator,
    crowdLabel: b.crowd_label,
    crowdName: label('crowd_label', b.crowd_label),
    teamId: b.team_id,
    residentCount: b.resident_count,
    createUserName: b.create_user_name,
    createTime: dateTime(new Date(b.create_time)),
  };
}

export async function listBatches(
  ctx: EducationContext,
  f: { formCode?: string | undefined; title?: string | undefined; from?: string | undefined; to?: string | undefined },
  current: number,
  size: number,
) {
  const { rows, total } = await batchPage(ctx.deps.db, tenantOf(ctx), scopeOf(ctx.auth), f, current, size);
  return { records: rows.map(batchView), total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}

/** Removes education records of a form: all of the caller's among `ids`, or none (404). */
export async function removeEducation(ctx: EducationContext, formCode: EducationFormCode, ids: string[]): Promise<void> {
  const rows = await ownRecords(ctx, [formCode], ids);
  await removeRecords(
    recordContext(ctx),
    rows.map((r) => r.id),
  );
}

/**
 * Removes one-key batches of 健康教育处方 with their records (remove-gxy-tnb-xj): the caller's own
 * batches, or any for a tenant-wide user.
 */
export async function removeBatches(ctx: EducationContext, ids: string[]): Promise<void> {
  if (ids.length === 0) throw new Refusal(EDUCATION_MESSAGES.idsRequired);
  const unique = [...new Set(ids)];
  const batches = await findBatches(ctx.deps.db, tenantOf(ctx), unique);
  if (batches.length !== unique.length) throw new NotFound(EDUCATION_MESSAGES.notFound);
  const rc = recordContext(ctx);
  const everyone = scopeOf(ctx.auth).kind === 'tenant';
  if (!everyone && batches.some((b) => b.create_user !== ctx.auth.user_id)) throw new Forbidden(EDUCATION_MESSAGES.batchOthers);
  for (const b of batches) {
    const recordIds = await batchRecordIds(ctx.deps.db, tenantOf(ctx), b.id);
    if (recordIds.length) await removeRecords(rc, recordIds);
    await removeBatch(ctx.deps.db, tenantOf(ctx), b.id, rc.actor, rc.now);
  }
}

/** Pushes the caller's records of a form to the regional system again, through the outbox. */
export async function pushEducation(ctx: EducationContext, formCode: EducationFormCode, ids: string[]): Promise<string[]> {
  const rows = await ownRecords(ctx, [formCode], ids);
  return pushTo(
    ctx.deps.db,
    tenantOf(ctx),
    'GW',
    'followup',
    rows.map((r) => r.id),
    new Date(ctx.deps.now()),
  );
}

/** The regional push state of the caller's education records among `ids`. */
export async function educationPushStatus(ctx: EducationContext, ids: string[]) {
  const rows = await ownRecords(ctx, Object.keys(EDUCATION_FORMS), ids);
  const push = await pushStates(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const p = push.get(r.id);
    return { id: r.id, state: p?.state ?? -1, gwStatus: p ? gwStatusOf(p.state) : '0', gwMsg: p?.last_error ?? '' };
  });
}

export async function crowdResidents(ctx: EducationContext, f: ResidentFilter, current: number, size: number) {
  const { rows, total } = await residentPage(ctx.deps.db, tenantOf(ctx), scopeOf(ctx.auth), f, current, size);
  return {
    records: rows.map((r) => ({
      archId: r.id,
      personName: r.person_name,
      sex: r.sex,
      birthday: r.birthday,
      crowdLabels: r.crowd_labels,
      doctorName: r.doctor_name,
      teamName: r.team_name,
      lastEduDate: r.last_edu_date,
    })),
    total,
    size,
    current,
    pages: size > 0 ? Math.ceil(total / size) : 0,
  };
}
