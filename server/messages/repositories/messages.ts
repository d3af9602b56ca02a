// 消息's queries (migration 079, decision 0040): messages about one resident (iph_message) and the
// wordings a draft had (iph_message_version); the residents, recipients and template a message is
// made from. Raw SQL, values always bound; every statement names the caller's tenant besides
// row-level security.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { residentScopeCondition as scopeOf, type ResidentScope } from '../../platform/repositories/resident-scope';

type Db = Kysely<Database>;

export type { ResidentScope };

export interface ResidentRow {
  id: string;
  person_name: string;
  doctor_name: string;
  team_name: string;
}

/** One live archive of the tenant (the detail page's resident), or undefined. */
export async function findResident(db: Db, tenantId: string, archId: string): Promise<ResidentRow | undefined> {
  const r = await sql<ResidentRow>`select a.id, a.person_name, a.doctor_name, a.team_name from user_archive a
    where a.tenant_id = ${tenantId} and a.id = ${archId} and a.is_deleted = 0`.execute(db);
  return r.rows[0];
}

export interface ResidentFilter {
  ids?: string[] | undefined;
  crowdLabel?: string | undefined;
  teamId?: string | undefined;
}

/** The archives in use the caller reaches, among `ids` or of a crowd label (and team), at most `limit`. */
export async function residentsInScope(
  db: Db,
  tenantId: string,
  scope: ResidentScope,
  f: ResidentFilter,
  limit: number,
): Promise<ResidentRow[]> {
  const r = await sql<ResidentRow>`select a.id, a.person_name, a.doctor_name, a.team_name from user_archive a
    where a.tenant_id = ${tenantId} and a.is_deleted = 0 and a.archives_status = '1' and ${scopeOf(scope)}
    ${f.ids ? sql`and a.id in (${sql.join(f.ids)})` : sql``}
    ${f.crowdLabel ? sql`and ${f.crowdLabel} = any(string_to_array(a.crowd_labels, ','))` : sql``}
    ${f.teamId ? sql`and a.team_id = ${f.teamId}` : sql``}
    order by a.person_name, a.id limit ${limit}`.execute(db);
  return r.rows;
}

/** The tenant's enabled users among `ids`, with the name a message shows. */
export async function findUsers(db: Db, tenantId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  const r = await sql<{ id: string; name: string }>`select u.id, coalesce(nullif(u.real_name, ''), u.account) as name from blade_user u
    where u.tenant_id = ${tenantId} and u.is_deleted = 0 and u.status = 1 and u.id in (${sql.join(ids)})`.execute(db);
  return r.rows;
}

export async function tenantName(db: Db, tenantId: string): Promise<string> {
  const r = await sql<{ tenant_name: string }>`select tenant_name from blade_tenant where tenant_id = ${tenantId}`.execute(db);
  return r.rows[0]?.tenant_name ?? '';
}

export interface TemplateRow {
  id: string;
  title: string;
  category: string;
  content: string;
  send_method: string;
}

/** One enabled message template of the tenant (消息模板, migration 042). */
export async function findTemplate(db: Db, tenantId: string, id: string): Promise<TemplateRow | undefined> {
  const r = await sql<TemplateRow>`select id, title, category, content, send_method from iph_msg_temp
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0 and status = 1`.execute(db);
  return r.rows[0];
}

export interface MessageRow {
  id: string;
  arch_id: string;
  followup_id: string;
  template_id: string;
  mission_id: string;
  category: string;
  title: string;
  content: string;
  send_method: string;
  receive_method: string;
  user_ids: string;
  users: string;
  status: number;
  publish_user_id: string;
  publish_user_name: string;
  send_time: Date | string | null;
  row_version: number;
  create_time: Date | string;
}

export type NewMessage = Omit<MessageRow, 'row_version' | 'create_time' | 'send_time'> & { send_time: Date | null };

/** Stores messages (one statement: all or none). */
export async function insertMessages(db: Db, tenantId: string, rows: NewMessage[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    (m) =>
      sql`(${m.id}, ${tenantId}, ${m.arch_id}, ${m.followup_id}, ${m.template_id}, ${m.mission_id}, ${m.category}, ${m.title}, ${m.content},
        ${m.send_method}, ${m.receive_method}, ${m.user_ids}, ${m.users}, ${m.status}, ${m.publish_user_id}, ${m.publish_user_name},
        ${m.send_time}, ${m.publish_user_id}, ${now})`,
  );
  await sql`insert into iph_message (id, tenant_id, arch_id, followup_id, template_id, mission_id, category, title, content, send_method,
      receive_method, user_ids, users, status, publish_user_id, publish_user_name, send_time, create_user, create_time)
    values ${sql.join(values)}`.execute(db);
}

const COLUMNS = sql`id, arch_id, followup_id, template_id, mission_id, category, title, content, send_method, receive_method, user_ids, users,
  status, publish_user_id, publish_user_name, send_time, row_version, create_time`;

export interface MessageFilter {
  archId: string;
  followupId?: string | undefined;
  status?: number | undefined;
}

/** A page of one resident's messages, newest first (a draft by its last save). */
export async function messagePage(db: Db, tenantId: string, f: MessageFilter, current: number, size: number) {
  const where = sql`tenant_id = ${tenantId} and is_deleted = 0 and arch_id = ${f.archId}
    ${f.followupId ? sql`and followup_id = ${f.followupId}` : sql``}
    ${f.status === undefined ? sql`` : sql`and status = ${f.status}`}`;
  const count = await sql<{ n: number }>`select count(*)::int as n from iph_message where ${where}`.execute(db);
  const rows = await sql<MessageRow>`select ${COLUMNS} from iph_message where ${where}
    order by coalesce(send_time, update_time, create_time) desc, id desc limit ${size} offset ${(current - 1) * size}`.execute(db);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

export async function findMessage(db: Db, tenantId: string, id: string): Promise<MessageRow | undefined> {
  const r =
    await sql<MessageRow>`select ${COLUMNS} from iph_message where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0`.execute(db);
  return r.rows[0];
}

export interface DraftChange {
  title: string;
  content: string;
  user_ids: string;
  users: string;
  template_id: string;
  followup_id: string;
  category: string;
}

/** Changes a draft read at `rowVersion` (false when it changed meanwhile or is no longer a draft). */
export async function updateDraft(db: Db, tenantId: string, id: string, rowVersion: number, c: DraftChange, userId: string, now: Date) {
  const r = await sql`update iph_message set title = ${c.title}, content = ${c.content}, user_ids = ${c.user_ids}, users = ${c.users},
      template_id = ${c.template_id}, followup_id = ${c.followup_id}, category = ${c.category},
      row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0 and status = 0 and row_version = ${rowVersion}
    returning id`.execute(db);
  return r.rows.length === 1;
}

/** Marks a draft read at `rowVersion` sent, with its final text (false when it changed meanwhile). */
export async function markSent(
  db: Db,
  tenantId: string,
  id: string,
  rowVersion: number,
  c: DraftChange & { send_method: string },
  userId: string,
  now: Date,
) {
  const r = await sql`update iph_message set title = ${c.title}, content = ${c.content}, user_ids = ${c.user_ids}, users = ${c.users},
      template_id = ${c.template_id}, followup_id = ${c.followup_id}, category = ${c.category}, send_method = ${c.send_method},
      status = 1, send_time = ${now}, row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0 and status = 0 and row_version = ${rowVersion}
    returning id`.execute(db);
  return r.rows.length === 1;
}

export interface VersionRow {
  version: number;
  title: string;
  content: string;
  user_ids: string;
  users: string;
  update_user_name: string;
  create_time: Date | string;
}

/** Keeps the wording a draft has just been given, as its next version. */
export async function insertVersion(
  db: Db,
  tenantId: string,
  messageId: string,
  id: string,
  v: Omit<VersionRow, 'version' | 'create_time'>,
  now: Date,
) {
  await sql`insert into iph_message_version (id, tenant_id, message_id, version, title, content, user_ids, users, update_user_name, create_time)
    select ${id}, ${tenantId}, ${messageId}, coalesce(max(version), 0) + 1, ${v.title}, ${v.content}, ${v.user_ids}, ${v.users},
      ${v.update_user_name}, ${now}
    from iph_message_version where tenant_id = ${tenantId} and message_id = ${messageId}`.execute(db);
}

/** A message's versions, newest first. */
export async function versionsOf(db: Db, tenantId: string, messageId: string): Promise<VersionRow[]> {
  const r = await sql<VersionRow>`select version, title, content, user_ids, users, update_user_name, create_time from iph_message_version
    where tenant_id = ${tenantId} and message_id = ${messageId} order by version desc limit 200`.execute(db);
  return r.rows;
}
