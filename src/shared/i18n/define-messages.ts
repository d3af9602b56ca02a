/** The two interface languages (spec §1: zh default, en offered). */
export type Lang = 'zh' | 'en';

export const LANGS: readonly Lang[] = ['zh', 'en'];
export const DEFAULT_LANG: Lang = 'zh';

/** A message may need values (a count, a name); such entries are functions. */
export type MessageValue = string | ((...args: never[]) => string);

export interface MessageTable<T extends Record<string, MessageValue>> {
  zh: T;
  en: { [K in keyof T]: T[K] };
}

/**
 * Declares one feature's messages. The English table must have exactly the Chinese keys with the
 * same shapes, so a missing translation is a type error rather than a blank label at runtime.
 */
export function defineMessages<T extends Record<string, MessageValue>>(zh: T, en: { [K in keyof T]: T[K] }): MessageTable<T> {
  return { zh, en };
}

export function isLang(value: unknown): value is Lang {
  return value === 'zh' || value === 'en';
}
