// A tenant's own quality topics (iph_quality_topic; migration 081, decision 0042): the topic document
// as saved from the 质量管理 editor, one live row per tenant and code. Raw SQL, values always bound;
// every statement names the tenant besides row-level security.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface TopicDocumentRow {
  id: string;
  code: string;
  document: unknown;
  version: number;
  update_user_name: string;
  update_time: Date | string;
}

/**
 * The row ids and versions of a tenant's live topics: what decides whether its compiled set is still
 * current (the id too: a topic removed and saved anew starts again at version 1 in a new row).
 */
export async function topicVersions(db: Db, tenantId: string): Promise<{ id: string; code: string; version: number }[]> {
  const r = await sql<{ id: string; code: string; version: number }>`select id, code, version from iph_quality_topic
    where tenant_id = ${tenantId} and is_deleted = 0 order by code`.execute(db);
  return r.rows.map((row) => ({ id: row.id, code: row.code, version: Number(row.version) }));
}

/** A tenant's live topics with their documents. */
export async function tenantTopicRows(db: Db, tenantId: string): Promise<TopicDocumentRow[]> {
  const r = await sql<TopicDocumentRow>`select id, code, document, version, update_user_name, update_time from iph_quality_topic
    where tenant_id = ${tenantId} and is_deleted = 0 order by code`.execute(db);
  return r.rows.map((row) => ({ ...row, version: Number(row.version) }));
}

export async function findTopicRow(db: Db, tenantId: string, code: string): Promise<TopicDocumentRow | undefined> {
  const r = await sql<TopicDocumentRow>`select id, code, document, version, update_user_name, update_time from iph_quality_topic
    where tenant_id = ${tenantId} and code = ${code} and is_deleted = 0`.execute(db);
  const row = r.rows[0];
  return row && { ...row, version: Number(row.version) };
}

export interface TopicSave {
  id: string;
  tenantId: string;
  code: string;
  document: unknown;
  userId: string;
  userName: string;
  time: Date;
}

/** A new live row (version 1); false when the tenant already has one for the code (a save raced this one). */
export async function insertTopicRow(db: Db, s: TopicSave): Promise<boolean> {
  const r = await sql`insert into iph_quality_topic (id, tenant_id, code, document, version, create_user, create_time, update_user,
      update_user_name, update_time)
    values (${s.id}, ${s.tenantId}, ${s.code}, ${JSON.stringify(s.document)}::jsonb, 1, ${s.userId}, ${s.time}, ${s.userId},
      ${s.userName}, ${s.time})
    on conflict do nothing returning id`.execute(db);
  return r.rows.length === 1;
}

/** The live row's document replaced if it is still at `version`; false when someone saved in between. */
export async function updateTopicRow(db: Db, s: Omit<TopicSave, 'id'>, version: number): Promise<boolean> {
  const r = await sql`update iph_quality_topic set document = ${JSON.stringify(s.document)}::jsonb, version = version + 1,
      update_user = ${s.userId}, update_user_name = ${s.userName}, update_time = ${s.time}
    where tenant_id = ${s.tenantId} and code = ${s.code} and is_deleted = 0 and version = ${version} returning id`.execute(db);
  return r.rows.length === 1;
}

/** Soft-removes the tenant's live rows of these codes; the codes removed. */
export async function removeTopicRows(db: Db, tenantId: string, codes: string[], userId: string, time: Date): Promise<string[]> {
  if (!codes.length) return [];
  const r = await sql<{ code: string }>`update iph_quality_topic set is_deleted = 1, update_user = ${userId}, update_time = ${time}
    where tenant_id = ${tenantId} and is_deleted = 0 and code in (${sql.join(codes)}) returning code`.execute(db);
  return r.rows.map((row) => row.code);
}
