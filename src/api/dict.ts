import { request } from './request';
import type { Envelope } from './types';
import type { DictAnswer } from '../shared/contract/dicts';

/** A dictionary entry as blade-system/dict-biz/dictionary returns it. */
export type DictEntry = DictAnswer<'entries'>[number];

/** One business dictionary by code (spec 002 §7 dict-biz dictionary). */
export async function getDictionary(code: string): Promise<DictEntry[]> {
  const res = await request.get<Envelope<DictEntry[] | null>>('/api/blade-system/dict-biz/dictionary', {
    params: { code },
    meta: { silent: true, noLoading: true },
  });
  return res.data.data ?? [];
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
