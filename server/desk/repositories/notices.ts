// blade_notice and blade_notice_receipt (blade-desk/notice, spec 002 §7): a tenant's notices and
// each user's read state. A released notice reaches every user of its tenant (server/README.md
// "Notices"); a user without a receipt row has not read it.
import { sql, type Kysely, type Selectable } from 'kysely';
import { newId } from '../../db/ids';
import type { Database, NoticeTable } from '../../db/schema';
import { filterConditions, paging, type FilterColumn } from '../../platform/repositories/crud-filters';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

export type NoticeRow = Selectable<NoticeTable> & { read_time: Date | string | null };

export const NOTICE_DRAFT = 1;
export const NOTICE_RELEASED = 2;

const FILTERS: Record<string, FilterColumn> = {
  title: { column: 'n.title', kind: 'text' },
  category: { column: 'n.category', kind: 'number' },
  status: { column: 'n.status', kind: 'number' },
  content: { column: 'n.content', kind: 'text' },
  releaseTime: { column: 'n.release_time', kind: 'date' },
  createTime: { column: 'n.create_time', kind: 'date' },
};

export interface NoticeListOptions {
  /** Only released notices (a reader's view); administrators also see drafts. */
  releasedOnly: boolean;
  /** The reader's own list: leave out what they removed (removeByMe). */
  hideRemoved: boolean;
  /** 0 unread, 1 read; undefined both. */
  read?: 0 | 1 | undefined;
}

/** The tenant's live notices joined with the caller's receipt. */
function visible(db: Kysely<Database>, tenantId: string, userId: string) {
  return db
    .selectFrom('blade_notice as n')
    .leftJoin('blade_notice_receipt as r', (join) => join.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', userId))
    .where('n.tenant_id', '=', tenantId)
    .where('n.is_deleted', '=', 0);
}

/** A page of notices, newest first, with the caller's read time (BladeX `_like` / `_equal` filters apply). */
export async function listNotices(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  query: Record<string, unknown> & { current?: number; size?: number },
  options: NoticeListOptions,
) {
  const { current, size, offset } = paging(query);
  const conditions = filterConditions(query, FILTERS);
  const base = visible(db, tenantId, userId)
    .$if(options.releasedOnly, (q) => q.where('n.status', '=', NOTICE_RELEASED))
    .$if(options.hideRemoved, (q) => q.where('r.removed_time', 'is', null))
    .$if(options.read === 1, (q) => q.where('r.read_time', 'is not', null))
    .$if(options.read === 0, (q) => q.where('r.read_time', 'is', null))
    .$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll('n')
    .select('r.read_time')
    .orderBy('n.create_time', 'desc')
    .orderBy('n.id', 'desc')
    .limit(size)
    .offset(offset)
    .execute();
  return { rows, total, current, size };
}

export async function findNotice(db: Kysely<Database>, tenantId: string, userId: string, id: string): Promise<NoticeRow | undefined> {
  return visible(db, tenantId, userId).selectAll('n').select('r.read_time').where('n.id', '=', id).executeTakeFirst();
}

/** The ids among `ids` that are live notices of the tenant (released ones only when asked). */
export async function existingNoticeIds(
  db: Kysely<Database>,
  tenantId: string,
  ids: readonly string[],
  releasedOnly: boolean,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('blade_notice')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('id', 'in', ids)
    .$if(releasedOnly, (q) => q.where('status', '=', NOTICE_RELEASED))
    .execute();
  return rows.map((r) => r.id);
}

export interface NoticeWrite {
  title: string;
  category: number;
  content: string;
}

export interface NoticeAuthor {
  userId: string;
  userName: string;
}

export async function insertNotice(
  db: Kysely<Database>,
  tenantId: string,
  input: NoticeWrite,
  author: NoticeAuthor,
  now: Date,
): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('blade_notice')
    .values({
      id,
      tenant_id: tenantId,
      ...input,
      status: NOTICE_DRAFT,
      release_time: null,
      create_user: author.userId,
      create_user_name: author.userName,
      create_time: now,
      update_user: author.userId,
      update_time: now,
      is_deleted: 0,
    })
    .execute();
  return id;
}

export async function updateNotice(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  input: NoticeWrite,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('blade_notice')
    .set({ ...input, update_user: userId, update_time: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .execute();
}

export async function softDeleteNotices(
  db: Kysely<Database>,
  tenantId: string,
  ids: readonly string[],
  userId: string,
  now: Date,
): Promise<void> {
  await softDeleteFrom(db, 'blade_notice', tenantId, { update_user: userId, update_time: now }).where('id', 'in', ids).execute();
}

/** Releases drafts among `ids` (an already released notice keeps its first release time). */
export async function releaseNotices(
  db: Kysely<Database>,
  tenantId: string,
  ids: readonly string[],
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('blade_notice')
    .set({ status: NOTICE_RELEASED, release_time: now, update_user: userId, update_time: now })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .where('status', '=', NOTICE_DRAFT)
    .execute();
}

/** Marks the notices read (first read time kept) or removed from the user's own list. */
export async function stampReceipts(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  ids: readonly string[],
  stamp: 'read' | 'removed',
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const column = stamp === 'read' ? 'read_time' : 'removed_time';
  await db
    .insertInto('blade_notice_receipt')
    .values(
      ids.map((id) => ({
        tenant_id: tenantId,
        notice_id: id,
        user_id: userId,
        read_time: stamp === 'read' ? now : null,
        removed_time: stamp === 'removed' ? now : null,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['notice_id', 'user_id'])
        .doUpdateSet({ [column]: sql`coalesce(blade_notice_receipt.${sql.ref(column)}, excluded.${sql.ref(column)})` }),
    )
    .execute();
}
