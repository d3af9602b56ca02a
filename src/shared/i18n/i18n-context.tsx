import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LANG, isLang, type Lang, type MessageTable, type MessageValue } from './define-messages';
import { STORAGE_PREFIX } from '../config';

/** Same key name as the rest of the app's storage so clearing storage keeps the rule "prefixed". */
export const LANG_STORAGE_KEY = `${STORAGE_PREFIX}language`;

interface I18nValue {
  lang: Lang;
  setLang: (lang: Lang) => void;
}

const I18nContext = createContext<I18nValue>({ lang: DEFAULT_LANG, setLang: () => undefined });

export function readStoredLang(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Lang {
  try {
    const stored = storage?.getItem(LANG_STORAGE_KEY);
    return isLang(stored) ? stored : DEFAULT_LANG;
  } catch {
    // Storage can throw in privacy modes; the default language is a safe answer.
    return DEFAULT_LANG;
  }
}

export function I18nProvider({ children, initialLang }: { children: ReactNode; initialLang?: Lang }) {
  const [lang, setLangState] = useState<Lang>(() => initialLang ?? readStoredLang());
  const setLang = useCallback((next: Lang) => {
    setLangState(next);
    try {
      localStorage.setItem(LANG_STORAGE_KEY, next);
    } catch {
      // Not persisting is acceptable; the switch still applies for this page view.
    }
  }, []);
  const value = useMemo(() => ({ lang, setLang }), [lang, setLang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useLang(): I18nValue {
  return useContext(I18nContext);
}

/** The current language's half of a feature's message table. */
export function useMessages<T extends Record<string, MessageValue>>(table: MessageTable<T>): T {
  const { lang } = useLang();
  return table[lang];
}
