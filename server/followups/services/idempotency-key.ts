// A client request id (clientRequestId) as the server keeps it (issue 22 §5): scoped to the user
// and the route, so another user's or another call's id never finds this one's record, and with a
// hash of the content, so the same id sent with other content is refused rather than answered
// with the first record — the second user's data would otherwise be lost without a word.
import crypto from 'node:crypto';
import { canonicalJson } from '../../../src/engine';
import { Unprocessable } from '../../domain/errors';

export interface IdempotencyKey {
  /** What request_idempotency.client_request_id holds: user, route and the client's id. */
  scoped: string;
  payloadHash: string;
}

export const KEY_REUSED_MESSAGE = '请求编号已用于另一份内容：同一请求编号只能用于重试同一次提交';

/** `content`: what the submit says (record id, form, archive, values, acknowledgements…). */
export function idempotencyKey(userId: string, route: string, clientRequestId: string, content: Record<string, unknown>): IdempotencyKey {
  return {
    scoped: `${userId}|${route}|${clientRequestId}`,
    payloadHash: crypto.createHash('sha256').update(canonicalJson(content)).digest('hex'),
  };
}

/** The kept answer for a retry of the same content; a 422 for the same id with other content. */
export function replayOrRefuse(key: IdempotencyKey, kept: { answer: unknown; payloadHash: string | null }): unknown {
  if (kept.payloadHash !== null && kept.payloadHash !== key.payloadHash) throw new Unprocessable(KEY_REUSED_MESSAGE);
  return kept.answer;
}
