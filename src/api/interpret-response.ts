/**
 * The error catalogue (spec 000 §8) as a pure decision: given what came back, say whether the
 * caller gets the body, the session ends, or the call fails (with or without a toast).
 */

export type ResponseOutcome =
  | { kind: 'ok'; body: unknown }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'error'; code: number; message: string; toast: boolean; body: unknown };

export interface ResponseInput {
  status: number;
  body: unknown;
  url: string;
  /** Codes the caller expects and handles itself: reject without a toast. */
  whiteList?: readonly number[];
  /** Per-request: reject without a toast. */
  silent?: boolean;
}

export const UNKNOWN_ERROR = '未知错误';

/** Codes whose msg is a JSON document carrying the real message in `error`. */
const JSON_MESSAGE_CODES = [2000, 2001];

/**
 * Known answers whose screens explain the situation themselves, so a toast would only repeat it:
 * a resident archived at another institution (needs migration) or cancelled, and a child already
 * archived here.
 */
const SUPPRESSED_TOASTS: readonly { url: string; messageParts: readonly string[] }[] = [
  { url: 'smart-intelligent-index', messageParts: ['需要迁移', '已注销'] },
  { url: 'children-valid', messageParts: ['已在本机构建档'] },
];

interface BodyFields {
  code?: unknown;
  success?: unknown;
  msg?: unknown;
  error_description?: unknown;
}

const asFields = (body: unknown): BodyFields => (body !== null && typeof body === 'object' ? (body as BodyFields) : {});
const asText = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The server appends diagnostics after "tg_id"; users only need what comes before. */
export function stripTgId(message: string): string {
  const at = message.indexOf('tg_id');
  return at < 0 ? message : message.slice(0, at).replace(/[\s,，;；:：(（[【]+$/u, '');
}

function jsonErrorMessage(msg: string | undefined): string {
  if (!msg) return UNKNOWN_ERROR;
  try {
    const parsed: unknown = JSON.parse(msg);
    const error = asFields(parsed) as { error?: unknown };
    return asText(error.error) ?? msg;
  } catch {
    // Not JSON after all: the raw text is still more useful than nothing.
    return msg;
  }
}

export function interpretResponse(input: ResponseInput): ResponseOutcome {
  const fields = asFields(input.body);
  // Raw answers (token, captcha) carry no code: the HTTP status stands in for it.
  const code = typeof fields.code === 'number' ? fields.code : input.status;
  const msg = asText(fields.msg);

  if (code === 401 || input.status === 401) {
    return { kind: 'unauthorized', message: msg ?? asText(fields.error_description) ?? UNKNOWN_ERROR };
  }
  if (code === 200 || (fields.success === true && input.status < 400)) return { kind: 'ok', body: input.body };

  if (JSON_MESSAGE_CODES.includes(code)) {
    return { kind: 'error', code, message: jsonErrorMessage(msg), toast: !input.silent, body: input.body };
  }

  const message = stripTgId(msg ?? asText(fields.error_description) ?? UNKNOWN_ERROR);
  const whiteListed = input.whiteList?.includes(code) ?? false;
  const suppressed = SUPPRESSED_TOASTS.some(
    (rule) => input.url.includes(rule.url) && rule.messageParts.some((part) => message.includes(part)),
  );
  return { kind: 'error', code, message, toast: !(whiteListed || suppressed || input.silent), body: input.body };
}
