// 消息's contract (issue 33, decision 0040): msgtemp/send-message, mission, mission-crowd-label (spec
// 001 §7) and ours: message-list, save-draft, message-history, restore-version — the message side
// panel of a resident's detail page and message tasks to many residents. server/messages answers
// them, src/api/messages.ts reads them.
import { Type, type Static } from 'typebox';
import { envelope, orNull, pageOf } from './envelope';
import { ArchId, DatePrefix, Id, paging, text, textEnum } from './pieces';

const optional = Type.Optional;
/** Our calls refuse names they do not know (a misspelt field would otherwise be dropped silently). */
const CLOSED = { additionalProperties: false } as const;

/** 消息模板's categories (1 随访提醒, 2 体检通知, 3 签约通知, 9 其他) and the spec's 6 (任务消息: the title shows as sender) and 7 (更新记录). */
export const MessageCategory = textEnum('1', '2', '3', '6', '7', '9');
export type MessageCategory = Static<typeof MessageCategory>;
/** 1 短信, 2 站内消息 (as 消息模板's 发送方式). */
export const SendMethod = textEnum('1', '2');

/** Recipients: a comma list (BladeX's userIds) or an array of user ids. */
const UserIds = Type.Union([Type.String({ maxLength: 4000, pattern: '^([0-9]+(,[0-9]+)*)?$' }), Type.Array(Id, { maxItems: 50 })]);
/** Rich text as the editor sends it; sanitised and bounded again on the server. */
const RichText = text(20000);

export const MessageListQuery = Type.Object(
  {
    ...paging(),
    archId: ArchId,
    followupId: optional(text(40)),
    status: optional(Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1] })),
  },
  CLOSED,
);
export type MessageListQuery = Static<typeof MessageListQuery>;

/** One message about one resident: a draft (status 0) or sent (status 1). */
export const MessageItem = Type.Object({
  id: Type.String(),
  archId: Type.String(),
  followupId: Type.String(),
  templateId: Type.String(),
  missionId: Type.String(),
  category: Type.String(),
  title: Type.String(),
  /** Sanitised rich text, placeholders filled. */
  content: Type.String(),
  sendMethod: Type.String(),
  receiveMethod: Type.String(),
  /** Recipient users, comma list, and their names (users). */
  userIds: Type.String(),
  users: Type.String(),
  status: Type.Integer(),
  publishUserName: Type.String(),
  createTime: Type.String(),
  sendTime: orNull('string'),
  rowVersion: Type.Integer(),
});
export type MessageItem = Static<typeof MessageItem>;

const MessageText = {
  templateId: optional(Id),
  title: optional(text(100)),
  content: optional(RichText),
  followupId: optional(text(40)),
};

/** A draft kept (new without id, a change with id and the rowVersion read): each save is a version. */
export const SaveDraftBody = Type.Object(
  {
    id: optional(Id),
    rowVersion: optional(Type.Integer({ minimum: 1 })),
    archId: ArchId,
    ...MessageText,
    category: optional(MessageCategory),
    userIds: optional(UserIds),
  },
  CLOSED,
);
export type SaveDraftBody = Static<typeof SaveDraftBody>;

/** send-message: a draft (id, rowVersion) or a new message, a template or free text, to chosen users. */
export const SendMessageBody = Type.Object(
  {
    id: optional(Id),
    rowVersion: optional(Type.Integer({ minimum: 1 })),
    archId: ArchId,
    ...MessageText,
    category: optional(MessageCategory),
    sendMethod: optional(SendMethod),
    userIds: optional(UserIds),
    /** {日期} when the text names one (a visit day); today otherwise. */
    date: optional(DatePrefix),
  },
  CLOSED,
);
export type SendMessageBody = Static<typeof SendMessageBody>;

const MissionText = { ...MessageText, sendMethod: optional(SendMethod), date: optional(DatePrefix) };

/** mission: one message (a reminder…) to each of the residents chosen. */
export const MissionBody = Type.Object({ archIds: Type.Array(ArchId, { maxItems: 500 }), ...MissionText }, CLOSED);
export type MissionBody = Static<typeof MissionBody>;

/** mission-crowd-label: the same to every resident of a crowd label (and team) the caller reaches. */
export const MissionCrowdLabelBody = Type.Object({ crowdLabel: text(40), teamId: optional(text(40)), ...MissionText }, CLOSED);
export type MissionCrowdLabelBody = Static<typeof MissionCrowdLabelBody>;

export const MissionResult = Type.Object({ missionId: Type.String(), count: Type.Integer() });
export type MissionResult = Static<typeof MissionResult>;

export const MessageHistoryQuery = Type.Object({ id: Id }, CLOSED);

/** One wording a draft had (历史版本). */
export const MessageVersion = Type.Object({
  version: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  userIds: Type.String(),
  users: Type.String(),
  updateUserName: Type.String(),
  updateTime: Type.String(),
});
export type MessageVersion = Static<typeof MessageVersion>;

export const RestoreVersionBody = Type.Object(
  { id: Id, version: Type.Integer({ minimum: 1 }), rowVersion: Type.Integer({ minimum: 1 }) },
  CLOSED,
);
export type RestoreVersionBody = Static<typeof RestoreVersionBody>;

export const messageAnswers = {
  page: envelope(pageOf(MessageItem)),
  message: envelope(MessageItem),
  mission: envelope(MissionResult),
  versions: envelope(Type.Array(MessageVersion)),
};
