// 消息 (issue 33, decision 0040): messages about a resident written on the detail page's side panel
// (drafts with their versions, then sent to chosen colleagues) and message tasks sent to many
// residents at once (a reminder to a list of archives or to a crowd label). What is stored is
// sanitised on the server (services/rich-text.ts) and, once sent, has its placeholders filled for
// the resident it is about; a sent message is never changed again.
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { newId } from '../../db/ids';
import { Conflict, NotFound, Refusal, VersionRequired } from '../../domain/errors';
import { dateTime, SERVER_CODEMAPS } from '../../forms/index';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { archiveScopeOf } from '../../task-centre/index';
import { formatDate, fromClock } from '../../../src/shared/calendar-date';
import { fillPlaceholders, MESSAGE_CONTENT_MAX, richTextIsEmpty } from '../../../src/shared/rich-text';
import type {
  MessageItem,
  MessageListQuery,
  MessageVersion,
  MissionBody,
  MissionCrowdLabelBody,
  MissionResult,
  RestoreVersionBody,
  SaveDraftBody,
  SendMessageBody,
} from '../../../src/shared/contract/messages';
import {
  findMessage,
  findResident,
  findTemplate,
  findUsers,
  insertMessages,
  insertVersion,
  markSent,
  messagePage,
  residentsInScope,
  tenantName,
  updateDraft,
  versionsOf,
  type DraftChange,
  type MessageRow,
  type NewMessage,
  type ResidentRow,
} from '../repositories/messages';
import { sanitizeMessageHtml } from './rich-text';

/** The most recipients one message names, and the most residents one message task reaches. */
export const RECIPIENTS_MAX = 50;
export const MISSION_MAX = 2000;

/** The spec's messages (001 §5, §8) where it gives them; ours otherwise (decision 0040). */
export const MESSAGE_TEXTS = {
  sent: '发送成功!',
  saved: '保存成功',
  restored: '已恢复到所选版本',
  emptyContent: '请输入内容',
  noRecipient: '请选择接收人',
  archiveMissing: '档案不存在',
  tooLong: `消息内容过长（最多${MESSAGE_CONTENT_MAX}个字符）`,
  tooManyRecipients: `一条消息最多发送给${RECIPIENTS_MAX}位接收人`,
  unknownRecipients: (ids: string) => `接收人不存在或已停用：${ids}`,
  templateMissing: '消息模板不存在或已停用',
  messageMissing: '消息不存在',
  alreadySent: '消息已发送，不能再修改',
  stale: '消息已被修改，请刷新后重试',
  versionMissing: '请先读取消息再修改（缺少版本号）',
  versionNotFound: '历史版本不存在',
  chooseResidents: '请选择要发送的居民',
  outOfScope: (names: string) => `以下居民不在您可发送的范围内：${names}`,
  unknownLabel: '人群标签不正确',
  nobodyLabelled: '该人群中没有您可发送的居民',
  tooManyResidents: `一次最多向${MISSION_MAX}位居民发送，请按团队分批发送`,
} as const;

export interface MessageContext {
  deps: AppDeps;
  auth: AccessClaims;
}

const tenantOf = (ctx: MessageContext) => ctx.auth.tenant_id;
const nowOf = (ctx: MessageContext) => new Date(ctx.deps.now());
const senderName = (auth: AccessClaims) => auth.real_name || auth.user_name || auth.account;
const timeText = (t: Date | string | null): string | null => (t === null ? null : typeof t === 'string' ? t : dateTime(t));

export function messageView(m: MessageRow): MessageItem {
  return {
    id: m.id,
    archId: m.arch_id,
    followupId: m.followup_id,
    templateId: m.template_id,
    missionId: m.mission_id,
    category: m.category,
    title: m.title,
    content: m.content,
    sendMethod: m.send_method,
    receiveMethod: m.receive_method,
    userIds: m.user_ids,
    users: m.users,
    status: m.status,
    publishUserName: m.publish_user_name,
    createTime: timeText(m.create_time) ?? '',
    sendTime: timeText(m.send_time),
    rowVersion: m.row_version,
  };
}

async function residentOf(ctx: MessageContext, archId: string): Promise<ResidentRow> {
  const resident = await findResident(ctx.deps.db, tenantOf(ctx), archId);
  if (!resident) throw new NotFound(MESSAGE_TEXTS.archiveMissing);
  return resident;
}

interface Wording {
  templateId: string;
  title: string;
  content: string;
  category: string;
  sendMethod: string;
}

/** Title, text, category and channel: the caller's where given, else the template's; the text sanitised and checked. */
async function wordingOf(
  ctx: MessageContext,
  b: {
    templateId?: string | undefined;
    title?: string | undefined;
    content?: string | undefined;
    category?: string | undefined;
    sendMethod?: string | undefined;
  },
  defaults: { category: string },
): Promise<Wording> {
  const template = b.templateId ? await findTemplate(ctx.deps.db, tenantOf(ctx), b.templateId) : undefined;
  if (b.templateId && !template) throw new NotFound(MESSAGE_TEXTS.templateMissing);
  const raw = b.content ?? template?.content ?? '';
  const content = await sanitizeMessageHtml(raw);
  if (richTextIsEmpty(content)) throw new Refusal(MESSAGE_TEXTS.emptyContent);
  if (content.length > MESSAGE_CONTENT_MAX) throw new Refusal(MESSAGE_TEXTS.tooLong);
  return {
    templateId: template?.id ?? '',
    title: (b.title ?? template?.title ?? '').trim(),
    content,
    category: b.category ?? template?.category ?? defaults.category,
    sendMethod: b.sendMethod ?? template?.send_method ?? '2',
  };
}

/** The recipients named (a comma list or an array), each an enabled user of the tenant, in the order given. */
async function recipientsOf(ctx: MessageContext, userIds: string | string[] | undefined, required: boolean) {
  const ids = [...new Set((Array.isArray(userIds) ? userIds : (userIds ?? '').split(',')).map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) {
    if (required) throw new Refusal(MESSAGE_TEXTS.noRecipient);
    return { user_ids: '', users: '' };
  }
  if (ids.length > RECIPIENTS_MAX) throw new Refusal(MESSAGE_TEXTS.tooManyRecipients);
  const found = new Map((await findUsers(ctx.deps.db, tenantOf(ctx), ids)).map((u) => [u.id, u.name]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new Refusal(MESSAGE_TEXTS.unknownRecipients(missing.join(',')));
  return { user_ids: ids.join(','), users: ids.map((id) => found.get(id) ?? '').join(',') };
}

/** The placeholders' values for one resident (decision 0040): {日期} the day given or today. */
async function placeholderValues(ctx: MessageContext, date: string | undefined) {
  const institution = await tenantName(ctx.deps.db, tenantOf(ctx));
  const day = date?.slice(0, 10) ?? formatDate(fromClock(nowOf(ctx)));
  return (r: ResidentRow) => ({
    姓名: r.person_name,
    日期: day,
    医生: r.doctor_name,
    团队: r.team_name,
    机构: institution,
    发送人: senderName(ctx.auth),
  });
}

export async function listMessages(ctx: MessageContext, q: MessageListQuery) {
  await residentOf(ctx, q.archId);
  const current = q.current ?? 1;
  const size = q.size ?? 20;
  const { rows, total } = await messagePage(
    ctx.deps.db,
    tenantOf(ctx),
    { archId: q.archId, followupId: q.followupId, status: q.status },
    current,
    size,
  );
  return { records: rows.map(messageView), total, size, current, pages: Math.ceil(total / size) };
}

async function draftOf(ctx: MessageContext, id: string, rowVersion: number | undefined, archId: string): Promise<MessageRow> {
  const found = await findMessage(ctx.deps.db, tenantOf(ctx), id);
  if (!found || found.arch_id !== archId) throw new NotFound(MESSAGE_TEXTS.messageMissing);
  if (found.status !== 0) throw new Conflict(MESSAGE_TEXTS.alreadySent);
  if (rowVersion === undefined) throw new VersionRequired(MESSAGE_TEXTS.versionMissing);
  if (found.row_version !== rowVersion) throw new Conflict(MESSAGE_TEXTS.stale);
  return found;
}

/** Keeps a draft (new, or a change of one read at rowVersion); each save is a version of its own. */
export async function saveDraft(ctx: MessageContext, b: SaveDraftBody): Promise<MessageItem> {
  const resident = await residentOf(ctx, b.archId);
  const draft = b.id ? await draftOf(ctx, b.id, b.rowVersion, resident.id) : undefined;
  const wording = await wordingOf(ctx, b, { category: draft?.category ?? '9' });
  const recipients = await recipientsOf(ctx, b.userIds, false);
  const change: DraftChange = {
    title: wording.title,
    content: wording.content,
    ...recipients,
    template_id: wording.templateId || (draft?.template_id ?? ''),
    followup_id: b.followupId ?? draft?.followup_id ?? '',
    category: wording.category,
  };
  const id = draft?.id ?? newId();
  const now = nowOf(ctx);
  await inTransaction(ctx.deps.db, async (trx) => {
    if (draft) {
      if (!(await updateDraft(trx, tenantOf(ctx), draft.id, draft.row_version, change, ctx.auth.user_id, now)))
        throw new Conflict(MESSAGE_TEXTS.stale);
    } else {
      await insertMessages(
        trx,
        tenantOf(ctx),
        [newMessage(ctx, id, resident.id, change, { status: 0, sendMethod: wording.sendMethod })],
        now,
      );
    }
    await insertVersion(trx, tenantOf(ctx), id, newId(), { ...change, update_user_name: senderName(ctx.auth) }, now);
  });
  return messageView((await findMessage(ctx.deps.db, tenantOf(ctx), id))!);
}

function newMessage(
  ctx: MessageContext,
  id: string,
  archId: string,
  c: DraftChange,
  o: { status: 0 | 1; sendMethod: string; missionId?: string; sendTime?: Date; receiveMethod?: string },
): NewMessage {
  return {
    id,
    arch_id: archId,
    followup_id: c.followup_id,
    template_id: c.template_id,
    mission_id: o.missionId ?? '',
    category: c.category,
    title: c.title,
    content: c.content,
    send_method: o.sendMethod,
    receive_method: o.receiveMethod ?? o.sendMethod,
    user_ids: c.user_ids,
    users: c.users,
    status: o.status,
    publish_user_id: ctx.auth.user_id,
    publish_user_name: senderName(ctx.auth),
    send_time: o.sendTime ?? null,
  };
}

/** send-message: a draft or a new message to chosen colleagues, its placeholders filled for the resident. */
export async function sendMessage(ctx: MessageContext, b: SendMessageBody): Promise<MessageItem> {
  const resident = await residentOf(ctx, b.archId);
  const draft = b.id ? await draftOf(ctx, b.id, b.rowVersion, resident.id) : undefined;
  // A draft is sent as it was kept unless the call brings its own words or recipients.
  const text = draft
    ? { ...b, title: b.title ?? draft.title, content: b.content ?? draft.content, category: b.category ?? draft.category }
    : b;
  const wording = await wordingOf(ctx, text, { category: draft?.category ?? '9' });
  const recipients = await recipientsOf(ctx, b.userIds ?? draft?.user_ids, true);
  const values = (await placeholderValues(ctx, b.date))(resident);
  const change: DraftChange = {
    title: wording.title,
    content: fillPlaceholders(wording.content, values),
    ...recipients,
    template_id: wording.templateId || (draft?.template_id ?? ''),
    followup_id: b.followupId ?? draft?.followup_id ?? '',
    category: wording.category,
  };
  const now = nowOf(ctx);
  const id = draft?.id ?? newId();
  if (draft) {
    const sent = await markSent(
      ctx.deps.db,
      tenantOf(ctx),
      draft.id,
      draft.row_version,
      { ...change, send_method: wording.sendMethod },
      ctx.auth.user_id,
      now,
    );
    if (!sent) throw new Conflict(MESSAGE_TEXTS.stale);
  } else {
    await insertMessages(
      ctx.deps.db,
      tenantOf(ctx),
      [newMessage(ctx, id, resident.id, change, { status: 1, sendMethod: wording.sendMethod, sendTime: now })],
      now,
    );
  }
  return messageView((await findMessage(ctx.deps.db, tenantOf(ctx), id))!);
}

/** One message task (category 6: its title shows as the sender) to each resident, filled for each. */
async function sendMission(ctx: MessageContext, residents: ResidentRow[], b: MissionBody | MissionCrowdLabelBody): Promise<MissionResult> {
  const wording = await wordingOf(ctx, { ...b, category: '6' }, { category: '6' });
  const fill = await placeholderValues(ctx, b.date);
  const missionId = newId();
  const now = nowOf(ctx);
  const rows = residents.map((r) =>
    newMessage(
      ctx,
      newId(),
      r.id,
      {
        title: wording.title || '任务消息',
        content: fillPlaceholders(wording.content, fill(r)),
        user_ids: '',
        users: r.person_name,
        template_id: wording.templateId,
        followup_id: '',
        category: '6',
      },
      { status: 1, sendMethod: wording.sendMethod, missionId, sendTime: now },
    ),
  );
  for (let i = 0; i < rows.length; i += 500) await insertMessages(ctx.deps.db, tenantOf(ctx), rows.slice(i, i + 500), now);
  return { missionId, count: rows.length };
}

/** mission: to the residents chosen; one outside the caller's reach (or not in use) refuses all, naming them. */
export async function mission(ctx: MessageContext, b: MissionBody): Promise<MissionResult> {
  const ids = [...new Set(b.archIds.map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) throw new Refusal(MESSAGE_TEXTS.chooseResidents);
  const found = await residentsInScope(ctx.deps.db, tenantOf(ctx), archiveScopeOf(ctx.auth), { ids }, ids.length);
  const reached = new Set(found.map((r) => r.id));
  const others = ids.filter((id) => !reached.has(id));
  if (others.length) throw new Refusal(MESSAGE_TEXTS.outOfScope(others.slice(0, 20).join(',')));
  return sendMission(ctx, found, b);
}

/** mission-crowd-label: to every resident of the label (and team) the caller reaches. */
export async function missionCrowdLabel(ctx: MessageContext, b: MissionCrowdLabelBody): Promise<MissionResult> {
  const label = b.crowdLabel.trim();
  if (!label || SERVER_CODEMAPS.codeLabel('crowd_label', label) === undefined) throw new Refusal(MESSAGE_TEXTS.unknownLabel);
  const filter = { crowdLabel: label, teamId: b.teamId?.trim() || undefined };
  const found = await residentsInScope(ctx.deps.db, tenantOf(ctx), archiveScopeOf(ctx.auth), filter, MISSION_MAX + 1);
  if (found.length === 0) throw new Refusal(MESSAGE_TEXTS.nobodyLabelled);
  if (found.length > MISSION_MAX) throw new Refusal(MESSAGE_TEXTS.tooManyResidents);
  return sendMission(ctx, found, b);
}

async function messageOf(ctx: MessageContext, id: string): Promise<MessageRow> {
  const found = await findMessage(ctx.deps.db, tenantOf(ctx), id);
  if (!found) throw new NotFound(MESSAGE_TEXTS.messageMissing);
  return found;
}

/** 历史版本: the wordings a message had while a draft, newest first (a message sent without a draft has none). */
export async function messageHistory(ctx: MessageContext, id: string): Promise<MessageVersion[]> {
  await messageOf(ctx, id);
  return (await versionsOf(ctx.deps.db, tenantOf(ctx), id)).map((v) => ({
    version: v.version,
    title: v.title,
    content: v.content,
    userIds: v.user_ids,
    users: v.users,
    updateUserName: v.update_user_name,
    updateTime: timeText(v.create_time) ?? '',
  }));
}

/** 恢复版本: the draft takes an earlier wording again — itself a new version, so nothing is lost. */
export async function restoreVersion(ctx: MessageContext, b: RestoreVersionBody): Promise<MessageItem> {
  const message = await messageOf(ctx, b.id);
  const version = (await versionsOf(ctx.deps.db, tenantOf(ctx), b.id)).find((v) => v.version === b.version);
  if (!version) throw new NotFound(MESSAGE_TEXTS.versionNotFound);
  return saveDraft(ctx, {
    id: message.id,
    rowVersion: b.rowVersion,
    archId: message.arch_id,
    title: version.title,
    content: version.content,
    userIds: version.user_ids,
  });
}
