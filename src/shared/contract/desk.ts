// The notice contract (spec 002 §7 blade-desk/notice): what the server's desk/ routes answer.
import { Type, type Static } from 'typebox';
import { Done, envelope, pageOf } from './envelope';

/** A notice as every notice call answers it, with the caller's own read state. */
export const NoticeView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  title: Type.String(),
  category: Type.Integer(),
  categoryName: Type.String(),
  content: Type.String(),
  /** 1 draft, 2 released. */
  status: Type.Integer(),
  releaseTime: Type.String(),
  createUser: Type.String(),
  createUserName: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
  /** The caller's read state: 0 unread, 1 read. */
  isRead: Type.Union([Type.Literal(0), Type.Literal(1)]),
  readTime: Type.String(),
});
export type NoticeView = Static<typeof NoticeView>;

/** The answers, as the routes declare them. */
export const deskAnswers = {
  noticePage: envelope(pageOf(NoticeView)),
  notices: envelope(Type.Array(NoticeView)),
  notice: envelope(NoticeView),
  saved: envelope(Type.Object({ id: Type.String() })),
  done: envelope(Done),
};
