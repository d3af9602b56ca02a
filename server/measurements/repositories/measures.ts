// 测量 / 检验 / 检查报告's queries (migration 075, decision 0037): a report in iph_user_measure, its
// result rows in iph_user_measure_result, an exam report's images in iph_user_measure_report, and the
// health-record values the results feed in iph_ehr_value (migration 036). Raw SQL, values always
// bound; every statement names the caller's tenant besides row-level security.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';

type Db = Kysely<Database>;

/** A report's own columns as written (results and images apart). */
export interface MeasureColumns {
  arch_id: string | null;
  jyid: string;
  bar_code: string;
  serial_no: string;
  card_type: string;
  id_card: string;
  uname: string;
  uage: number | null;
  usex: string;
  charge: number;
  proj_type: number;
  proj_code: string;
  proj_name: string;
  sqyy_mc: string;
  sqks_mc: string;
  sqys_xm: string;
  cjrq: string | null;
  bb_mc: string;
  jyxm_dm: string;
  jyxm_mc: string;
  source_code: string;
  source_name: string;
  jyrq: string;
  bgrq: string | null;
  jyys_xm: string;
  bgys_xm: string;
  shys_xm: string;
  yydm: string;
  yymc: string;
  remark: string;
}

export interface MeasureRow extends MeasureColumns {
  id: string;
  create_time: Date | string;
}

export interface ResultColumns {
  jyzb_code: string;
  jyzb_name: string;
  jyzb_result: string;
  jyzb_unit: string;
  ehr_code: string;
  ehr_name: string;
}

export interface ResultRow extends ResultColumns {
  id: string;
  measure_id: string;
  sort: number;
  jyid: string;
  arch_id: string | null;
  jyrq: string;
  proj_type: number;
  proj_code: string;
  proj_name: string;
}

export interface ReportColumns {
  file_type: number;
  check_find: string;
  check_result: string;
  file_url: string;
}

export interface ReportRow extends ReportColumns {
  id: string;
  measure_id: string;
}

const COLUMNS: readonly (keyof MeasureColumns)[] = [
  'arch_id',
  'jyid',
  'bar_code',
  'serial_no',
  'card_type',
  'id_card',
  'uname',
  'uage',
  'usex',
  'charge',
  'proj_type',
  'proj_code',
  'proj_name',
  'sqyy_mc',
  'sqks_mc',
  'sqys_xm',
  'cjrq',
  'bb_mc',
  'jyxm_dm',
  'jyxm_mc',
  'source_code',
  'source_name',
  'jyrq',
  'bgrq',
  'jyys_xm',
  'bgys_xm',
  'shys_xm',
  'yydm',
  'yymc',
  'remark',
];

/** Dates as text (yyyy-MM-dd) so PGlite and pg answer the same. */
const SELECT = sql`m.id, m.arch_id, m.jyid, m.bar_code, m.serial_no, m.card_type, m.id_card, m.uname, m.uage, m.usex, m.charge,
  m.proj_type, m.proj_code, m.proj_name, m.sqyy_mc, m.sqks_mc, m.sqys_xm, to_char(m.cjrq, 'YYYY-MM-DD') as cjrq, m.bb_mc,
  m.jyxm_dm, m.jyxm_mc, m.source_code, m.source_name, to_char(m.jyrq, 'YYYY-MM-DD') as jyrq, to_char(m.bgrq, 'YYYY-MM-DD') as bgrq,
  m.jyys_xm, m.bgys_xm, m.shys_xm, m.yydm, m.yymc, m.remark, m.create_time`;

/** The tenant's live report of a jyid, locked for the overwrite that follows (null: none). */
export async function liveMeasureIdByJyid(
  db: Db,
  tenantId: string,
  jyid: string,
): Promise<{ id: string; arch_id: string | null; id_card: string } | null> {
  const { rows } = await sql<{ id: string; arch_id: string | null; id_card: string }>`select id, arch_id, id_card from iph_user_measure
    where tenant_id = ${tenantId} and jyid = ${jyid} and is_deleted = 0 for update`.execute(db);
  return rows[0] ?? null;
}

export async function insertMeasure(db: Db, tenantId: string, c: MeasureColumns, userId: string, now: Date): Promise<string> {
  const id = newId(now.getTime());
  const values = COLUMNS.map((k) => sql`${c[k]}`);
  await sql`insert into iph_user_measure (id, tenant_id, ${sql.join(COLUMNS.map((k) => sql.ref(k)))}, create_user, create_time)
    values (${id}, ${tenantId}, ${sql.join(values)}, ${userId}, ${now})`.execute(db);
  return id;
}

/** Overwrites every column of the report (the same jyid sent again), moving its version on. */
export async function overwriteMeasure(db: Db, tenantId: string, id: string, c: MeasureColumns, userId: string, now: Date): Promise<void> {
  const sets = COLUMNS.map((k) => sql`${sql.ref(k)} = ${c[k]}`);
  await sql`update iph_user_measure set ${sql.join(sets)}, row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and id = ${id}`.execute(db);
}

/** The report's result rows and images replaced by these (an overwrite keeps none of the earlier ones). */
export async function replaceRows(
  db: Db,
  tenantId: string,
  measureId: string,
  results: ResultColumns[],
  reports: ReportColumns[],
  now: Date,
): Promise<void> {
  await sql`delete from iph_user_measure_result where tenant_id = ${tenantId} and measure_id = ${measureId}`.execute(db);
  await sql`delete from iph_user_measure_report where tenant_id = ${tenantId} and measure_id = ${measureId}`.execute(db);
  if (results.length > 0) {
    const rows = results.map(
      (r, i) =>
        sql`(${newId(now.getTime())}, ${tenantId}, ${measureId}, ${i + 1}, ${r.jyzb_code}, ${r.jyzb_name}, ${r.jyzb_result}, ${r.jyzb_unit}, ${r.ehr_code}, ${r.ehr_name})`,
    );
    await sql`insert into iph_user_measure_result (id, tenant_id, measure_id, sort, jyzb_code, jyzb_name, jyzb_result, jyzb_unit, ehr_code, ehr_name)
      values ${sql.join(rows)}`.execute(db);
  }
  if (reports.length > 0) {
    const rows = reports.map(
      (r) => sql`(${newId(now.getTime())}, ${tenantId}, ${measureId}, ${r.file_type}, ${r.check_find}, ${r.check_result}, ${r.file_url})`,
    );
    await sql`insert into iph_user_measure_report (id, tenant_id, measure_id, file_type, check_find, check_result, file_url)
      values ${sql.join(rows)}`.execute(db);
  }
}

/** The source iph_ehr_value rows of a report carry, so an overwrite or removal takes back exactly its values. */
export const ehrSourceOf = (measureId: string) => `measure:${measureId}`;

/**
 * The report's health-record values rewritten: the earlier ones of this report removed, one value per
 * result row with an indicator code written for the resident at the report's date. None without a resident.
 */
export async function rewriteEhrValues(
  db: Db,
  tenantId: string,
  measureId: string,
  archId: string | null,
  jyrq: string,
  results: ResultColumns[],
  userId: string,
  now: Date,
): Promise<number> {
  const source = ehrSourceOf(measureId);
  await sql`update iph_ehr_value set is_deleted = 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and source = ${source} and is_deleted = 0`.execute(db);
  const fed = archId === null ? [] : results.filter((r) => r.ehr_code !== '' && r.jyzb_result !== '');
  if (fed.length === 0) return 0;
  const rows = fed.map(
    (r) =>
      sql`(${newId(now.getTime())}, ${tenantId}, ${archId}, ${r.ehr_code}, ${r.jyzb_result}, ${jyrq}::date, ${source}, ${userId}, ${now})`,
  );
  await sql`insert into iph_ehr_value (id, tenant_id, arch_id, ehr_code, value, measure_time, source, create_user, create_time)
    values ${sql.join(rows)}`.execute(db);
  return fed.length;
}

/** Removes reports (soft) with their health-record values; answers the reports removed. */
export async function removeMeasures(
  db: Db,
  tenantId: string,
  where: RawBuilder<unknown>,
  userId: string,
  now: Date,
): Promise<{ id: string; jyid: string }[]> {
  const { rows } = await sql<{
    id: string;
    jyid: string;
  }>`update iph_user_measure m set is_deleted = 1, update_user = ${userId}, update_time = ${now}
    where m.tenant_id = ${tenantId} and m.is_deleted = 0 and ${where} returning m.id, m.jyid`.execute(db);
  const ids = rows.map((r) => r.id);
  if (ids.length > 0)
    await sql`update iph_ehr_value set is_deleted = 1, update_user = ${userId}, update_time = ${now}
      where tenant_id = ${tenantId} and is_deleted = 0 and source in (${sql.join(ids.map(ehrSourceOf))})`.execute(db);
  return rows;
}

export const byIds = (ids: string[]) => sql`m.id in (${sql.join(ids)})`;
export const byJyids = (jyids: string[]) => sql`m.jyid in (${sql.join(jyids)})`;

export interface MeasureFilter {
  archId?: string | undefined;
  projType?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  uname?: string | undefined;
  idCard?: string | undefined;
  jyid?: string | undefined;
  ids?: string[] | undefined;
}

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function measureWhere(tenantId: string, f: MeasureFilter) {
  return sql`m.tenant_id = ${tenantId} and m.is_deleted = 0
    ${f.archId ? sql`and m.arch_id = ${f.archId}` : sql``}
    ${f.projType ? sql`and m.proj_type = ${f.projType}` : sql``}
    ${f.from ? sql`and m.jyrq >= ${f.from}::date` : sql``}
    ${f.to ? sql`and m.jyrq <= ${f.to}::date` : sql``}
    ${f.uname ? sql`and m.uname like ${likeOf(f.uname)}` : sql``}
    ${f.idCard ? sql`and upper(m.id_card) like ${likeOf(f.idCard.toUpperCase())}` : sql``}
    ${f.jyid ? sql`and m.jyid = ${f.jyid}` : sql``}
    ${f.ids ? sql`and m.id in (${sql.join(f.ids)})` : sql``}`;
}

/** Sortable columns of the list (BladeX `descs` / `ascs`). */
export const SORTABLE = ['jyrq', 'bgrq', 'cjrq', 'create_time'] as const;
export type SortColumn = (typeof SORTABLE)[number];

export async function listMeasures(
  db: Db,
  tenantId: string,
  f: MeasureFilter,
  order: { column: SortColumn; desc: boolean }[],
  limit: number,
  offset: number,
): Promise<{ rows: MeasureRow[]; total: number }> {
  const where = measureWhere(tenantId, f);
  const orderBy = sql.join([
    ...order.map((o) => sql`m.${sql.ref(o.column)} ${sql.raw(o.desc ? 'desc nulls last' : 'asc nulls first')}`),
    sql`m.id desc`,
  ]);
  const { rows } = await sql<MeasureRow>`select ${SELECT} from iph_user_measure m where ${where}
    order by ${orderBy} limit ${limit} offset ${offset}`.execute(db);
  const count = await sql<{ n: number }>`select count(*)::int as n from iph_user_measure m where ${where}`.execute(db);
  return { rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** Result rows with their report's key, date and project, of the reports matched; in report then row order. */
export async function resultsOf(
  db: Db,
  tenantId: string,
  f: MeasureFilter & { ehrCode?: string; jyzbCode?: string },
): Promise<ResultRow[]> {
  const { rows } = await sql<ResultRow>`select r.id, r.measure_id, r.sort, r.jyzb_code, r.jyzb_name, r.jyzb_result, r.jyzb_unit,
      r.ehr_code, r.ehr_name, m.jyid, m.arch_id, to_char(m.jyrq, 'YYYY-MM-DD') as jyrq, m.proj_type, m.proj_code, m.proj_name
    from iph_user_measure m join iph_user_measure_result r on r.tenant_id = m.tenant_id and r.measure_id = m.id
    where ${measureWhere(tenantId, f)}
      ${f.ehrCode ? sql`and r.ehr_code = ${f.ehrCode}` : sql``}
      ${f.jyzbCode ? sql`and r.jyzb_code = ${f.jyzbCode}` : sql``}
    order by m.jyrq desc, m.create_time desc, m.id desc, r.sort
    limit 5000`.execute(db);
  return rows;
}

export async function reportsOf(db: Db, tenantId: string, measureIds: string[]): Promise<ReportRow[]> {
  if (measureIds.length === 0) return [];
  const { rows } = await sql<ReportRow>`select id, measure_id, file_type, check_find, check_result, file_url from iph_user_measure_report
    where tenant_id = ${tenantId} and measure_id in (${sql.join(measureIds)}) order by id`.execute(db);
  return rows;
}

/** Of `ids`, the tenant's live reports. */
export async function liveMeasureIds(db: Db, tenantId: string, ids: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from iph_user_measure
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(ids)})`.execute(db);
  return rows.map((r) => r.id);
}

/** The tenant's live archive (for the resident a report is saved on). */
export async function liveArchive(
  db: Db,
  tenantId: string,
  archId: string,
): Promise<{ id: string; person_name: string; sex: string; id_card: string } | null> {
  const { rows } = await sql<{
    id: string;
    person_name: string;
    sex: string;
    id_card: string;
  }>`select id, person_name, sex, id_card from user_archive
    where tenant_id = ${tenantId} and id = ${archId} and is_deleted = 0`.execute(db);
  return rows[0] ?? null;
}

/** The tenant's one live archive of an id card (X in either case); null when none or several have it. */
export async function archiveOfIdCard(db: Db, tenantId: string, idCard: string): Promise<string | null> {
  if (idCard === '') return null;
  const { rows } = await sql<{ id: string }>`select id from user_archive
    where tenant_id = ${tenantId} and is_deleted = 0 and upper(id_card) = upper(${idCard}) limit 2`.execute(db);
  return rows.length === 1 ? rows[0]!.id : null;
}

/**
 * Links the tenant's live reports without a resident (of `ids`, or all when null) to the tenant's live
 * archive of the same id card, moving their version on; answers the reports linked.
 */
export async function linkMeasuresByIdCard(
  db: Db,
  tenantId: string,
  ids: string[] | null,
  userId: string,
  now: Date,
): Promise<{ id: string; arch_id: string; person_name: string; jyrq: string }[]> {
  const { rows } = await sql<{ id: string; arch_id: string; person_name: string; jyrq: string }>`update iph_user_measure m
    set arch_id = a.id, row_version = m.row_version + 1, update_user = ${userId}, update_time = ${now}
    from user_archive a
    where m.tenant_id = ${tenantId} and m.is_deleted = 0 and m.arch_id is null and m.id_card <> ''
      ${ids === null ? sql`` : sql`and m.id in (${sql.join(ids)})`}
      and a.tenant_id = m.tenant_id and a.is_deleted = 0 and upper(a.id_card) = upper(m.id_card)
      and (select count(*) from user_archive b where b.tenant_id = m.tenant_id and b.is_deleted = 0 and upper(b.id_card) = upper(m.id_card)) = 1
    returning m.id, a.id as arch_id, a.person_name, to_char(m.jyrq, 'YYYY-MM-DD') as jyrq`.execute(db);
  return rows;
}

export async function countUnlinked(db: Db, tenantId: string, ids: string[] | null): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from iph_user_measure m
    where m.tenant_id = ${tenantId} and m.is_deleted = 0 and m.arch_id is null
      ${ids === null ? sql`` : sql`and m.id in (${sql.join(ids)})`}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The tenant's name: the unit (yydm / yymc) a report entered here is from. */
export async function tenantName(db: Db, tenantId: string): Promise<string> {
  const { rows } = await sql<{ tenant_name: string }>`select tenant_name from blade_tenant where tenant_id = ${tenantId}`.execute(db);
  return rows[0]?.tenant_name ?? '';
}

/** A live project of the tenant's tree of this type by code (the report's project). */
export async function projectByCode(
  db: Db,
  tenantId: string,
  projType: number,
  code: string,
): Promise<{ id: string; proj_name: string } | null> {
  const { rows } = await sql<{ id: string; proj_name: string }>`select id, proj_name from iph_ehr_project
    where tenant_id = ${tenantId} and is_deleted = 0 and proj_type = ${projType} and proj_code = ${code}`.execute(db);
  return rows[0] ?? null;
}

/** The tenant's live indicators among `codes`: code → name and unit. */
export async function indicatorsByCode(
  db: Db,
  tenantId: string,
  codes: string[],
): Promise<Map<string, { ehr_name: string; unit: string }>> {
  if (codes.length === 0) return new Map();
  const { rows } = await sql<{ ehr_code: string; ehr_name: string; unit: string }>`select ehr_code, ehr_name, unit from iph_ehr
    where tenant_id = ${tenantId} and is_deleted = 0 and ehr_code in (${sql.join(codes)})`.execute(db);
  return new Map(rows.map((r) => [r.ehr_code, { ehr_name: r.ehr_name, unit: r.unit }]));
}

/** The tenant's live projects (of one type when given, one code when given) with the live indicators of each. */
export async function projectsWithIndicators(
  db: Db,
  tenantId: string,
  projType: number | undefined,
  projCode: string | undefined,
): Promise<
  {
    id: string;
    proj_type: number;
    proj_code: string;
    proj_name: string;
    ehr_code: string | null;
    ehr_name: string | null;
    unit: string | null;
  }[]
> {
  const { rows } = await sql<{
    id: string;
    proj_type: number;
    proj_code: string;
    proj_name: string;
    ehr_code: string | null;
    ehr_name: string | null;
    unit: string | null;
  }>`select p.id, p.proj_type, p.proj_code, p.proj_name, e.ehr_code, e.ehr_name, e.unit
    from iph_ehr_project p
    left join iph_ehr e on e.tenant_id = p.tenant_id and e.project_id = p.id and e.is_deleted = 0 and e.status = 1
    where p.tenant_id = ${tenantId} and p.is_deleted = 0
      ${projType ? sql`and p.proj_type = ${projType}` : sql``}
      ${projCode ? sql`and p.proj_code = ${projCode}` : sql``}
    order by p.proj_type, p.sort, p.proj_code, p.id, e.sort, e.ehr_code`.execute(db);
  return rows;
}

/** Marks the application projects of this bar code as reported by the report (its label came back with a result). */
export async function markApplyProjectReported(db: Db, tenantId: string, barCode: string, measureId: string): Promise<void> {
  if (barCode === '') return;
  await sql`update iph_user_apply_project set measure_id = ${measureId}
    where tenant_id = ${tenantId} and bar_code = ${barCode}`.execute(db);
}

/** The normal ranges of the tenant's live indicators among `codes` (a printed result row's reference range). */
export async function indicatorRanges(
  db: Db,
  tenantId: string,
  codes: string[],
): Promise<{ ehr_code: string; normal_low: string | number | null; normal_high: string | number | null }[]> {
  if (codes.length === 0) return [];
  const { rows } = await sql<{
    ehr_code: string;
    normal_low: string | number | null;
    normal_high: string | number | null;
  }>`select ehr_code, normal_low, normal_high from iph_ehr
    where tenant_id = ${tenantId} and is_deleted = 0 and ehr_code in (${sql.join(codes)})`.execute(db);
  return rows;
}

/** When the report last changed (its creation when never overwritten). */
export async function measureChangedAt(db: Db, tenantId: string, id: string): Promise<Date> {
  const { rows } = await sql<{ t: Date | string }>`select coalesce(update_time, create_time) as t from iph_user_measure
    where tenant_id = ${tenantId} and id = ${id}`.execute(db);
  return new Date(rows[0]?.t ?? 0);
}
