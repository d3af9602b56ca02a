import { request } from './request';
import type { Envelope } from './types';
import type { DictAnswer } from '../shared/contract/dicts';

/** A dictionary entry as blade-system/dict-biz/dictionary returns it. */
export type DictEntry = DictAnswer<'entries'>[number];

const DICT_BIZ_URL = '/api/blade-system/dict-biz/dictionary';
/** How get-cache.ts names this tab's cached answers of that url (its prefix, then url, tenant and params). */
const DICT_BIZ_CACHE = `saber-url-cache:${DICT_BIZ_URL}|`;

/**
 * Forgets this tab's cached answers of dict-biz dictionary (the session GET cache, get-cache.ts):
 * one code's, or every code's. The next ask goes to the server.
 */
export function forgetCachedDictionaries(code?: string, storage: Storage = sessionStorage): void {
  const params = code === undefined ? undefined : `|${JSON.stringify([['code', code]])}`;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(DICT_BIZ_CACHE) && (params === undefined || key.endsWith(params))) keys.push(key);
  }
  keys.forEach((k) => storage.removeItem(k));
}

/**
 * One business dictionary by code (spec 002 §7 dict-biz dictionary). Answers are kept for the
 * session (get-cache.ts), except an empty one: a dictionary the tenant lacks may be created while
 * the session lasts (业务字典, a form's publish), and a kept "none" would hide it until the next
 * login — the designer's preview showed no options for a dictionary the doctor's page already had.
 */
export async function getDictionary(code: string): Promise<DictEntry[]> {
  const res = await request.get<Envelope<DictEntry[] | null>>(DICT_BIZ_URL, {
    params: { code },
    meta: { silent: true, noLoading: true },
  });
  const entries = res.data.data ?? [];
  if (entries.length === 0) forgetCachedDictionaries(code);
  return entries;
}

/**
 * A field's own option source (fieldUrl). Servers answer either an envelope or a bare list, with
 * dictKey/dictValue or value/label pairs; anything else yields no options.
 */
export async function getFieldUrlOptions(url: string): Promise<{ value: string; label: string }[]> {
  const res = await request.get<unknown>(url, { meta: { silent: true, noLoading: true } });
  const body = res.data as { data?: unknown } | unknown[];
  const list = Array.isArray(body) ? body : Array.isArray((body as { data?: unknown }).data) ? (body as { data: unknown[] }).data : [];
  const out: { value: string; label: string }[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const o = item as Record<string, unknown>;
    const value = o.dictKey ?? o.value ?? o.key;
    const label = o.dictValue ?? o.label ?? o.title;
    if ((typeof value === 'string' || typeof value === 'number') && typeof label === 'string') out.push({ value: String(value), label });
  }
  return out;
}
