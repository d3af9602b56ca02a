// Notices (blade-desk/notice, spec 002 §7). Administrators write and release them; a released
// notice reaches every user of its tenant (the spec names no recipients: server/README.md
// "Notices"), each with their own read state and their own "remove from my list".
import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import {
  existingNoticeIds,
  findNotice,
  insertNotice,
  listNotices,
  releaseNotices,
  softDeleteNotices,
  stampReceipts,
  updateNotice,
  NOTICE_RELEASED,
  type NoticeRow,
  type NoticeWrite,
} from '../repositories/notices';
import { idList, isFormAdministrator } from '../../forms/index';
import type { NoticeView } from '../../../src/shared/contract/desk';

export type { NoticeView };

/** BladeX's `notice` dictionary: the kinds of notice. */
export const NOTICE_CATEGORIES: Readonly<Record<number, string>> = {
  1: '发布通知',
  2: '批转通知',
  3: '转发通知',
  4: '指示通知',
  5: '任免通知',
  6: '事故通报',
  7: '其他',
};

const NOT_FOUND = '通知不存在';
const iso = (value: Date | string | null) => (value === null ? '' : new Date(value).toISOString());

export const toNoticeView = (row: NoticeRow): NoticeView => ({
  id: row.id,
  tenantId: row.tenant_id,
  title: row.title,
  category: row.category,
  categoryName: NOTICE_CATEGORIES[row.category] ?? '',
  content: row.content,
  status: row.status,
  releaseTime: iso(row.release_time),
  createUser: row.create_user,
  createUserName: row.create_user_name,
  createTime: iso(row.create_time),
  updateTime: iso(row.update_time),
  isRead: row.read_time === null ? 0 : 1,
  readTime: iso(row.read_time),
});

type ListQuery = Record<string, unknown> & { current?: number; size?: number };

/** notice/list: administrators manage every notice (drafts too); others see the released ones. */
export async function noticeList(db: Kysely<Database>, auth: AccessClaims, query: ListQuery) {
  const result = await listNotices(db, auth.tenant_id, auth.user_id, query, {
    releasedOnly: !isFormAdministrator(auth),
    hideRemoved: false,
  });
  return { ...result, rows: result.rows.map(toNoticeView) };
}

/** notice/new-page: the caller's own notices — released, not removed by them; `isRead` 0/1 narrows. */
export async function noticeInbox(db: Kysely<Database>, auth: AccessClaims, query: ListQuery & { isRead?: 0 | 1 | undefined }) {
  const result = await listNotices(db, auth.tenant_id, auth.user_id, query, { releasedOnly: true, hideRemoved: true, read: query.isRead });
  return { ...result, rows: result.rows.map(toNoticeView) };
}

/** notice/dynamic-newList: the caller's newest notices (create_time desc, the spec's order), `size` of them. */
export async function newestNotices(db: Kysely<Database>, auth: AccessClaims, size: number): Promise<NoticeView[]> {
  return (await noticeInbox(db, auth, { current: 1, size })).rows;
}

/** A draft is the administrators' until released: to anyone else it does not exist. */
export async function noticeDetail(db: Kysely<Database>, auth: AccessClaims, id: string): Promise<NoticeView> {
  const row = await findNotice(db, auth.tenant_id, auth.user_id, id);
  if (!row || (row.status !== NOTICE_RELEASED && !isFormAdministrator(auth))) throw new NotFound(NOT_FOUND);
  return toNoticeView(row);
}

export interface NoticeInput {
  id?: string | undefined;
  title?: string | undefined;
  category?: number | undefined;
  content?: string | undefined;
}

/** notice/submit: creates a draft (no id) or changes one notice (id in the body). */
export async function submitNotice(
  db: Kysely<Database>,
  auth: AccessClaims,
  input: NoticeInput,
  now: Date,
): Promise<{ id: string; created: boolean }> {
  const write: NoticeWrite = { title: (input.title ?? '').trim(), category: input.category ?? 1, content: input.content ?? '' };
  if (!write.title) throw new Refusal('请输入通知标题');
  if (!(write.category in NOTICE_CATEGORIES)) throw new Refusal('请选择通知类型');
  const id = (input.id ?? '').trim();
  if (!id)
    return {
      id: await insertNotice(db, auth.tenant_id, write, { userId: auth.user_id, userName: auth.real_name || auth.account }, now),
      created: true,
    };
  if (!(await findNotice(db, auth.tenant_id, auth.user_id, id))) throw new NotFound(NOT_FOUND);
  await updateNotice(db, auth.tenant_id, id, write, auth.user_id, now);
  return { id, created: false };
}

/** The ids a call names (comma-separated), each an existing notice the caller may act on. */
async function namedNotices(db: Kysely<Database>, auth: AccessClaims, raw: string, releasedOnly: boolean): Promise<string[]> {
  const ids = [...new Set(idList(raw))];
  if (ids.length === 0) throw new Refusal('请选择至少一条数据');
  const found = await existingNoticeIds(db, auth.tenant_id, ids, releasedOnly);
  if (found.length !== ids.length) throw new NotFound(NOT_FOUND);
  return ids;
}

/** notice/remove (administrators): the notices are gone for everyone. */
export async function removeNotices(db: Kysely<Database>, auth: AccessClaims, raw: string, now: Date): Promise<void> {
  await softDeleteNotices(db, auth.tenant_id, await namedNotices(db, auth, raw, false), auth.user_id, now);
}

/** notice/message-release (administrators): the drafts become visible to every user of the tenant. */
export async function releaseNoticeIds(db: Kysely<Database>, auth: AccessClaims, raw: string, now: Date): Promise<void> {
  await releaseNotices(db, auth.tenant_id, await namedNotices(db, auth, raw, false), auth.user_id, now);
}

/** notice/read: the caller has read these released notices. */
export async function readNotices(db: Kysely<Database>, auth: AccessClaims, raw: string, now: Date): Promise<void> {
  await stampReceipts(db, auth.tenant_id, auth.user_id, await namedNotices(db, auth, raw, true), 'read', now);
}

/** notice/removeByMe: the caller no longer sees these notices in their own list; others still do. */
export async function removeNoticesForMe(db: Kysely<Database>, auth: AccessClaims, raw: string, now: Date): Promise<void> {
  await stampReceipts(db, auth.tenant_id, auth.user_id, await namedNotices(db, auth, raw, true), 'removed', now);
}
