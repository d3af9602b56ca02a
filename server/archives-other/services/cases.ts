// The rules of a maternal or child case (spec 001 §7 userarchivesother; issue 32). The spec names
// the calls only; the bodies, answers and refusals are ours and written down in ../README.md.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';
import type { Actor } from '../../domain/actor';
import { Conflict, NotFound, Refusal } from '../../domain/errors';
import { findArchive } from '../../archives/index';
import { findRecord } from '../../followups/index';
import { maskMiddle } from '../../platform/services/masking';
import {
  ageYears,
  dueDateFromLmp,
  gestationAt,
  gestationText,
  lmpProblem,
  LMP_MESSAGES,
  parseDate,
  daysBetween,
  formatDate,
} from '../../../src/engine';
import {
  cancelReasonKeys,
  findCase,
  deptName,
  findCases,
  findChildCase,
  insertCase,
  linkRecordToCase,
  removeCaseRows,
  updateCase,
  lastClosedPregnancy,
  openPregnancy,
  recordCounts,
  type CaseKind,
  type CaseRow,
  type CaseWithResident,
} from '../repositories/cases';

export const CASE_MESSAGES = {
  archiveMissing: '档案不存在',
  archiveCancelled: '该居民档案已注销，不能建档',
  caseMissing: '档案不存在',
  notFemale: '孕产妇档案只能为女性居民建立',
  maternalAge: '孕产妇年龄应在10～60岁之间，请核对出生日期',
  openPregnancy: '该居民已有在管的孕产妇档案',
  gravidity: '孕次应为1～20的整数',
  parity: '产次应为0～20的整数',
  parityOverGravidity: '产次应小于孕次（产次为本次妊娠之前的分娩次数）',
  birthRequired: '请填写出生日期',
  birthFuture: '出生日期不能晚于今天',
  birthTooOld: '出生日期早于7年前，已超出0～6岁儿童健康管理范围',
  // The bounds and text of 新生儿建档's and 新生儿家庭访视's rule (rules/childfiling.rules.json, childnewbornvisit).
  birthWeight: '出生体重应在0.5～7kg之间, 请核对 (单位: 千克)',
  childSex: '性别取值不正确',
  childFiled: '该儿童已建档',
  motherMissing: '母亲档案不存在',
  motherNotFemale: '母亲档案应为女性居民',
  motherIsChild: '母亲档案不能是儿童本人',
  kindChanged: '不能更改档案类别',
  archChanged: '不能更改档案所属居民',
  rowVersion: '请提供读取时的数据版本(rowVersion)',
  stale: '该档案已被他人修改，请刷新后重试',
  cancelled: '该档案已注销，不能修改',
  closed: '该档案已结案，不能修改',
  hasRecords: '该档案已有随访记录，不能删除',
  notOpen: '只有在管的档案可以结案',
  closeDateFuture: '结案日期不能晚于今天',
  closeDateEarly: '结案日期不能早于末次月经或出生日期',
  closeReason: '结案原因取值不正确',
  closeNeeds42: '尚无产后42天健康检查记录，不能以此结案',
  cancelReason: '注销原因取值不正确',
  alreadyCancelled: '该档案已注销',
  notCancelled: '该档案未注销，无需恢复',
  followMissing: '随访记录不存在',
  followNotFirst: '只能从第1次产前检查记录建立孕产妇档案',
  followLinked: '该产前检查记录已属于一份孕产妇档案',
  followLmp: '该产前检查记录没有末次月经日期',
} as const;

/**
 * A maternal case's close reasons (结案): the 42-day exam (产后42天健康检查, the end of 孕产妇健康管理 in
 * 国家基本公共卫生服务规范 第三版) or a pregnancy outcome that ends it early.
 */
export const MATERNAL_CLOSE_REASONS: Record<string, string> = {
  '1': '产后42天健康检查',
  '2': '自然流产',
  '3': '人工流产/引产',
  '4': '异位妊娠',
  '5': '死胎/死产',
  '6': '孕产妇死亡',
  '7': '迁出',
};
/** A child case's close reasons: the programme ends at 6 years (0～6岁儿童健康管理). */
export const CHILD_CLOSE_REASONS: Record<string, string> = { '1': '满7岁', '2': '迁出', '3': '死亡', '9': '其他' };

/** The form code of the 42-day exam (another helper's form document). */
export const POSTPARTUM_42_FORM = 'maternalpostpartum42';
/** The form code of the first prenatal exam, whose record create-by-follow files a pregnancy from. */
export const FIRST_VISIT_FORM = 'maternalfirstvisit';

/**
 * The ages a pregnancy may be filed at: 10 to 60 completed years. The reproductive age of the
 * statistics is 15–49; the bounds are wider on purpose — pregnancies at 10–14 happen and must be
 * managed (they are high-risk, not impossible), and assisted reproduction reaches the late 50s —
 * while a birth date that puts a pregnant woman under 10 or over 60 is a typing slip to correct.
 */
export const MATERNAL_AGE = { min: 10, max: 60 } as const;
/** A child is filed from birth to 6 years (0～6岁儿童健康管理); seven years back is the earliest birth date. */
export const CHILD_YEARS = 7;

export interface CaseContext {
  db: Kysely<Database>;
  tenantId: string;
  actor: Actor;
  today: string;
  now: Date;
  /** The signed-in user's department ids (claims' dept_id): a new case's 建档单位 when none is sent. */
  deptIds?: string;
}

export interface CaseInput {
  id?: string;
  rowVersion?: number;
  kind: CaseKind;
  archId: string;
  lastMenstrualPeriod?: string | null;
  gravidity?: number | null;
  parity?: number | null;
  pregnantBookId?: string | null;
  barcode?: string | null;
  restRegion?: string | null;
  doctorId?: string | null;
  doctorName?: string | null;
  unitName?: string | null;
  birthDate?: string | null;
  childSex?: string | null;
  birthWeight?: number | null;
  motherArchId?: string | null;
}

const day = (v: unknown): string | null => {
  const p = parseDate(v);
  return p ? formatDate(p) : null;
};

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** The maternal checks shared by create-or-update and create-by-follow; `at` is the day the LMP is judged on. */
function checkPregnancy(input: { lmp: unknown; gravidity?: number | null; parity?: number | null }, at: string): string {
  const problem = lmpProblem(input.lmp, at);
  if (problem) throw new Refusal(LMP_MESSAGES[problem]);
  const g = input.gravidity;
  const p = input.parity;
  if (g != null && (!Number.isInteger(g) || g < 1 || g > 20)) throw new Refusal(CASE_MESSAGES.gravidity);
  if (p != null && (!Number.isInteger(p) || p < 0 || p > 20)) throw new Refusal(CASE_MESSAGES.parity);
  if (g != null && p != null && p >= g) throw new Refusal(CASE_MESSAGES.parityOverGravidity);
  return day(input.lmp) as string;
}

async function residentOf(ctx: CaseContext, archId: string) {
  const archive = await findArchive(ctx.db, ctx.tenantId, archId);
  if (!archive) throw new NotFound(CASE_MESSAGES.archiveMissing);
  return archive;
}

/** May this resident have a pregnancy filed today: null, or the refusal's message. */
export async function maternalRefusal(ctx: CaseContext, archId: string, ignoreCaseId?: string): Promise<string | null> {
  const archive = await residentOf(ctx, archId);
  if (archive.archives_status !== '1') return CASE_MESSAGES.archiveCancelled;
  if (archive.sex !== '2') return CASE_MESSAGES.notFemale;
  const age = ageYears(archive.birthday, ctx.today);
  if (age == null || age < MATERNAL_AGE.min || age > MATERNAL_AGE.max) return CASE_MESSAGES.maternalAge;
  const open = await openPregnancy(ctx.db, ctx.tenantId, archId);
  if (open && open.id !== ignoreCaseId) return CASE_MESSAGES.openPregnancy;
  return null;
}

async function checkChild(ctx: CaseContext, input: CaseInput, ignoreCaseId?: string) {
  const archive = await residentOf(ctx, input.archId);
  if (archive.archives_status !== '1') throw new Refusal(CASE_MESSAGES.archiveCancelled);
  if (!input.birthDate) throw new Refusal(CASE_MESSAGES.birthRequired);
  const birth = day(input.birthDate);
  if (!birth) throw new Refusal(CASE_MESSAGES.birthRequired);
  const age = daysBetween(birth, ctx.today);
  if (age == null || age < 0) throw new Refusal(CASE_MESSAGES.birthFuture);
  if ((ageYears(birth, ctx.today) ?? 0) >= CHILD_YEARS) throw new Refusal(CASE_MESSAGES.birthTooOld);
  const w = input.birthWeight;
  if (w != null && !(w >= 0.5 && w <= 7)) throw new Refusal(CASE_MESSAGES.birthWeight);
  const sex = input.childSex ?? archive.sex;
  if (!['0', '1', '2', '9'].includes(sex)) throw new Refusal(CASE_MESSAGES.childSex);
  if (input.motherArchId) {
    if (input.motherArchId === input.archId) throw new Refusal(CASE_MESSAGES.motherIsChild);
    const mother = await findArchive(ctx.db, ctx.tenantId, input.motherArchId);
    if (!mother) throw new NotFound(CASE_MESSAGES.motherMissing);
    if (mother.sex !== '2') throw new Refusal(CASE_MESSAGES.motherNotFemale);
  }
  const filed = await findChildCase(ctx.db, ctx.tenantId, { archId: input.archId });
  if (filed && filed.id !== ignoreCaseId) throw new Refusal(CASE_MESSAGES.childFiled, { otherId: filed.id });
  return { birth, sex, archive };
}

/** create-or-update: a new case, or the changes of one over the rowVersion read. */
export async function saveCase(ctx: CaseContext, input: CaseInput): Promise<{ row: CaseWithResident; created: boolean }> {
  const existing = input.id ? await findCase(ctx.db, ctx.tenantId, input.id) : undefined;
  if (input.id && !existing) throw new NotFound(CASE_MESSAGES.caseMissing);
  if (existing) {
    if (existing.kind !== input.kind) throw new Refusal(CASE_MESSAGES.kindChanged);
    if (existing.arch_id !== input.archId) throw new Refusal(CASE_MESSAGES.archChanged);
    if (existing.status === '3') throw new Refusal(CASE_MESSAGES.cancelled);
    if (input.rowVersion == null) throw new Refusal(CASE_MESSAGES.rowVersion);
  }
  const common = {
    archive_no: (input.pregnantBookId ?? existing?.archive_no ?? '').trim(),
    barcode: (input.barcode ?? existing?.barcode ?? '').trim(),
    rest_region: (input.restRegion ?? existing?.rest_region ?? '').trim(),
    doctor_id: input.doctorId ?? existing?.doctor_id ?? ctx.actor.userId,
    doctor_name: input.doctorName ?? existing?.doctor_name ?? ctx.actor.userName,
    // 建档单位: the filer's department unless the caller names one; an edit keeps what was filed.
    unit_name: input.unitName ?? existing?.unit_name ?? (await deptName(ctx.db, ctx.tenantId, ctx.deptIds ?? '')),
  };
  let values: Record<string, unknown>;
  if (input.kind === 'maternal') {
    const refusal = await maternalRefusal(ctx, input.archId, existing?.id);
    // An edit of an existing pregnancy is not refused for the woman's age or sex (the case exists).
    if (refusal && (!existing || refusal === CASE_MESSAGES.openPregnancy)) throw new Refusal(refusal);
    const lmp = checkPregnancy({ lmp: input.lastMenstrualPeriod, gravidity: input.gravidity, parity: input.parity }, ctx.today);
    values = { ...common, lmp, due_date: dueDateFromLmp(lmp), gravidity: input.gravidity ?? null, parity: input.parity ?? null };
  } else {
    const { birth, sex } = await checkChild(ctx, input, existing?.id);
    values = {
      ...common,
      birth_date: birth,
      child_sex: sex,
      birth_weight: input.birthWeight ?? null,
      mother_arch_id: input.motherArchId || null,
    };
  }
  try {
    if (existing) {
      const done = await updateCase(
        ctx.db,
        ctx.tenantId,
        existing.id,
        { ...values, update_user: ctx.actor.userId, update_time: ctx.now },
        input.rowVersion,
      );
      if (!done) throw new Conflict(CASE_MESSAGES.stale);
      return { row: (await findCase(ctx.db, ctx.tenantId, existing.id)) as CaseWithResident, created: false };
    }
    const id = newId();
    await insertCase(ctx.db, {
      id,
      tenant_id: ctx.tenantId,
      arch_id: input.archId,
      kind: input.kind,
      ...values,
      create_user: ctx.actor.userId,
    });
    return { row: (await findCase(ctx.db, ctx.tenantId, id)) as CaseWithResident, created: true };
  } catch (error) {
    // Two creates at once: the partial unique index lets one through; the other hears why.
    if (isUniqueViolation(error)) throw new Refusal(CASE_MESSAGES.openPregnancy);
    throw error;
  }
}

export async function requireCase(ctx: CaseContext, id: string): Promise<CaseWithResident> {
  const row = await findCase(ctx.db, ctx.tenantId, id);
  if (!row) throw new NotFound(CASE_MESSAGES.caseMissing);
  return row;
}

/** remove?ids=: soft, all or none; a case with form records stays. */
export async function removeCases(ctx: CaseContext, ids: string[]): Promise<number> {
  const rows = await findCases(ctx.db, ctx.tenantId, ids);
  if (rows.length !== new Set(ids).size) throw new NotFound(CASE_MESSAGES.caseMissing);
  const counts = await recordCounts(ctx.db, ctx.tenantId, ids);
  if ([...counts.values()].some((n) => n > 0)) throw new Refusal(CASE_MESSAGES.hasRecords);
  await removeCaseRows(ctx.db, ctx.tenantId, ids, ctx.actor.userId, ctx.now);
  return rows.length;
}

export async function closeCase(
  ctx: CaseContext,
  body: { otherId: string; closeDate: string; closeReason: string },
): Promise<CaseWithResident> {
  const row = await requireCase(ctx, body.otherId);
  if (row.status !== '1') throw new Refusal(CASE_MESSAGES.notOpen);
  const date = day(body.closeDate);
  if (!date || (daysBetween(date, ctx.today) ?? -1) < 0) throw new Refusal(CASE_MESSAGES.closeDateFuture);
  const start = row.kind === 'maternal' ? row.lmp : row.birth_date;
  if (start && (daysBetween(start, date) ?? -1) < 0) throw new Refusal(CASE_MESSAGES.closeDateEarly);
  const reasons = row.kind === 'maternal' ? MATERNAL_CLOSE_REASONS : CHILD_CLOSE_REASONS;
  if (!(body.closeReason in reasons)) throw new Refusal(CASE_MESSAGES.closeReason);
  if (row.kind === 'maternal' && body.closeReason === '1') {
    const n = (await recordCounts(ctx.db, ctx.tenantId, [row.id], POSTPARTUM_42_FORM)).get(row.id) ?? 0;
    if (n === 0) throw new Refusal(CASE_MESSAGES.closeNeeds42);
  }
  await updateCase(ctx.db, ctx.tenantId, row.id, {
    status: '2',
    close_date: date,
    close_reason: body.closeReason,
    update_user: ctx.actor.userId,
    update_time: ctx.now,
  });
  return requireCase(ctx, row.id);
}

export async function cancelCase(ctx: CaseContext, body: { otherId: string; cancelReason: string }): Promise<CaseWithResident> {
  const row = await requireCase(ctx, body.otherId);
  if (row.status === '3') throw new Refusal(CASE_MESSAGES.alreadyCancelled);
  if (!(await cancelReasonKeys(ctx.db, ctx.tenantId)).has(body.cancelReason)) throw new Refusal(CASE_MESSAGES.cancelReason);
  await updateCase(ctx.db, ctx.tenantId, row.id, {
    status: '3',
    cancel_reason: body.cancelReason,
    cancel_time: ctx.now,
    update_user: ctx.actor.userId,
    update_time: ctx.now,
  });
  return requireCase(ctx, row.id);
}

/** Back to 结案 when it had been closed off before, else 在管 (then one open pregnancy still holds). */
export async function restoreCase(ctx: CaseContext, otherId: string): Promise<CaseWithResident> {
  const row = await requireCase(ctx, otherId);
  if (row.status !== '3') throw new Refusal(CASE_MESSAGES.notCancelled);
  const status = row.close_date ? '2' : '1';
  if (status === '1' && row.kind === 'maternal' && (await openPregnancy(ctx.db, ctx.tenantId, row.arch_id)))
    throw new Refusal(CASE_MESSAGES.openPregnancy);
  try {
    await updateCase(ctx.db, ctx.tenantId, row.id, {
      status,
      cancel_reason: '',
      cancel_time: null,
      update_user: ctx.actor.userId,
      update_time: ctx.now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(CASE_MESSAGES.openPregnancy);
    throw error;
  }
  return requireCase(ctx, row.id);
}

/**
 * not-lgt-detail?archId=: the filing defaults of a resident of this institution not (yet) filed
 * for a pregnancy here — name, birthday, age, ID masked, and the gravidity/parity after her last
 * closed pregnancy (G+1, and P+1 when that one was closed by the 42-day exam, i.e. she delivered).
 * A resident with an open pregnancy answers it (`filed`), so the screen opens the case instead.
 */
export async function filingDefaults(ctx: CaseContext, archId: string) {
  const archive = await residentOf(ctx, archId);
  const open = await openPregnancy(ctx.db, ctx.tenantId, archId);
  const last = await lastClosedPregnancy(ctx.db, ctx.tenantId, archId);
  const delivered = last?.close_reason === '1' || last?.close_reason === '5';
  return {
    archId,
    personName: archive.person_name,
    sex: archive.sex,
    birthday: archive.birthday,
    age: ageYears(archive.birthday, ctx.today),
    idCard: maskMiddle(archive.id_card),
    filed: Boolean(open),
    otherId: open?.id ?? null,
    gravidity: last?.gravidity != null ? Math.min(20, last.gravidity + 1) : null,
    parity: last?.parity != null ? Math.min(20, last.parity + (delivered ? 1 : 0)) : null,
    lastLmp: last?.lmp ?? null,
    refusal: await maternalRefusal(ctx, archId),
  };
}

/**
 * create-by-follow {followId}: files the pregnancy from a 第1次产前检查 record (form maternalfirstvisit)
 * saved without a case; reads its values lastMenstrualPeriod, gravidity, parity and visitDate (the LMP
 * judged at the visit date), then ties the record to the new case (form_record.other_id).
 */
export async function createFromFollow(ctx: CaseContext, followId: string): Promise<CaseWithResident> {
  const record = await findRecord(ctx.db, ctx.tenantId, followId);
  if (!record) throw new NotFound(CASE_MESSAGES.followMissing);
  if (record.form_code !== FIRST_VISIT_FORM) throw new Refusal(CASE_MESSAGES.followNotFirst);
  if (record.other_id) throw new Refusal(CASE_MESSAGES.followLinked);
  const v = record.values as Record<string, unknown>;
  if (!v.lastMenstrualPeriod) throw new Refusal(CASE_MESSAGES.followLmp);
  const visit = day(v.visitDate) ?? ctx.today;
  const num = (x: unknown) => (x === '' || x == null ? null : Number(x));
  checkPregnancy({ lmp: v.lastMenstrualPeriod, gravidity: num(v.gravidity), parity: num(v.parity) }, visit);
  if (lmpProblem(v.lastMenstrualPeriod, ctx.today) === 'future') throw new Refusal(LMP_MESSAGES.future);
  const { row } = await saveCase(
    { ...ctx, today: visit },
    {
      kind: 'maternal',
      archId: record.arch_id,
      lastMenstrualPeriod: String(v.lastMenstrualPeriod),
      gravidity: num(v.gravidity),
      parity: num(v.parity),
    },
  );
  await linkRecordToCase(ctx.db, ctx.tenantId, record.id, row.id);
  return row;
}

/** The case as the screens read it (camelCase; the spec's names where it gives them). */
export function caseView(r: CaseWithResident, today: string) {
  const g = r.kind === 'maternal' && r.status === '1' ? gestationAt(r.lmp, today) : null;
  const reasons = r.kind === 'maternal' ? MATERNAL_CLOSE_REASONS : CHILD_CLOSE_REASONS;
  return {
    id: r.id,
    otherId: r.id,
    archId: r.arch_id,
    kind: r.kind,
    status: r.status,
    statusText: r.status === '1' ? '在管' : r.status === '2' ? '结案' : '已注销',
    personName: r.person_name,
    sex: r.sex,
    birthday: r.birthday,
    age: ageYears(r.birthday, today),
    idCard: maskMiddle(r.id_card),
    pregnantBookId: r.archive_no,
    barcode: r.barcode,
    restRegion: r.rest_region,
    doctorId: r.doctor_id ?? '',
    doctorName: r.doctor_name,
    unitName: r.unit_name,
    lastMenstrualPeriod: r.lmp,
    dateOfPrenatal: r.due_date,
    gestation: g ? { weeks: g.weeks, days: g.days, text: gestationText(g) } : null,
    gravidity: r.gravidity,
    parity: r.parity,
    riskColor: r.risk_color,
    deliveryDate: r.delivery_date,
    birthDate: r.birth_date,
    birthWeight: r.birth_weight == null ? null : Number(r.birth_weight),
    childSex: r.child_sex,
    motherArchId: r.mother_arch_id,
    highRisk: r.high_risk,
    closeDate: r.close_date,
    closeReason: r.close_reason,
    closeReasonText: reasons[r.close_reason] ?? '',
    cancelReason: r.cancel_reason,
    cancelTime: r.cancel_time ? new Date(r.cancel_time).toISOString() : '',
    rowVersion: r.row_version,
    createTime: new Date(r.create_time as unknown as string).toISOString(),
  };
}
export type CaseView = ReturnType<typeof caseView>;
export type { CaseRow };
