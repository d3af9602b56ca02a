import { useCallback, useEffect, useRef, useState } from 'react';
import { validateDocument, type FormDocument } from '../../engine';
import type { CasesFile } from './case-runner';
import {
  conflictOf,
  errorText,
  getFormDetail,
  submitForm,
  type CarriedDictionaries,
  type ConflictInfo,
  type FormDetail,
} from './designer-api';

/** How long after the last change the working copy is saved. */
export const AUTOSAVE_DELAY_MS = 1500;

export type SaveStatus = 'loading' | 'saved' | 'dirty' | 'saving' | 'invalid' | 'error' | 'conflict';

export interface WorkingCopy {
  row?: FormDetail;
  doc?: FormDocument;
  /** The analysts' rule cases kept with the working copy (null: none). */
  cases: CasesFile | null;
  /** The dictionaries the working copy carries (created or filled in the tenant at publish; null: none). */
  dictionaries: CarriedDictionaries | null;
  status: SaveStatus;
  /** The last save's refusal (status 'error'). */
  error?: string;
  /** Set by a 409: who saved in between. Autosave stops until reload. */
  conflict?: ConflictInfo;
  loadError?: string;
  setDoc: (update: (doc: FormDocument) => FormDocument) => void;
  setCases: (cases: CasesFile | null) => void;
  setDictionaries: (dictionaries: CarriedDictionaries | null) => void;
  /** Saves now what is unsaved (publish and replay need the server to hold the latest edit). */
  flush: () => Promise<boolean>;
  /** Loads the server's working copy again, dropping local changes (after a conflict). */
  reload: () => Promise<void>;
}

interface Content {
  doc: FormDocument;
  cases: CasesFile | null;
  dictionaries: CarriedDictionaries | null;
}

/** An empty map is no dictionaries. */
const carriedOf = (d: CarriedDictionaries | null | undefined): CarriedDictionaries | null => (d && Object.keys(d).length ? d : null);

const textOf = (c: Content) => JSON.stringify(c);

/**
 * The designer's working copy: loaded with form/detail, saved with form/submit 1.5 s after the
 * last change, carrying the rowVersion it read. A 409 (someone else saved in between) stops the
 * saving and keeps the local document: nothing is ever overwritten from here. A document the
 * meta-schema refuses is not sent (the server would refuse it too) until it is fixed.
 */
export function useWorkingCopy(formId: string): WorkingCopy {
  const [row, setRow] = useState<FormDetail>();
  const [content, setContent] = useState<Content>();
  const [status, setStatus] = useState<SaveStatus>('loading');
  const [error, setError] = useState<string>();
  const [conflict, setConflict] = useState<ConflictInfo>();
  const [loadError, setLoadError] = useState<string>();

  const current = useRef<Content>();
  const savedText = useRef<string>('');
  /** Cases are sent only when they changed: a server that keeps none is never asked to clear them. */
  const savedCases = useRef<string>('null');
  /** The carried dictionaries likewise: sent only when they changed. */
  const savedDictionaries = useRef<string>('null');
  const rowVersion = useRef<number | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inFlight = useRef<Promise<boolean> | undefined>(undefined);
  const stopped = useRef(false);
  const mounted = useRef(true);

  // The first form/detail is asked for while the page renders, not after it has committed and run
  // its effects: on a long form the request is out a couple of hundred ms earlier.
  const early = useRef<{ formId: string; detail: Promise<FormDetail> | undefined }>();
  if (early.current?.formId !== formId) {
    const detail = getFormDetail(formId);
    detail.catch(() => undefined); // awaited by load(); this only marks a refusal as handled if the page is gone first
    early.current = { formId, detail };
  }

  const load = useCallback(async () => {
    setStatus('loading');
    try {
      // The early request serves the first load only; a reload asks again.
      const pending = early.current?.formId === formId ? early.current.detail : undefined;
      if (early.current) early.current.detail = undefined;
      const detail = await (pending ?? getFormDetail(formId));
      const loaded: Content = { doc: detail.document, cases: detail.cases ?? null, dictionaries: carriedOf(detail.dictionaries) };
      if (!mounted.current) return;
      current.current = loaded;
      savedText.current = textOf(loaded);
      savedCases.current = JSON.stringify(loaded.cases);
      savedDictionaries.current = JSON.stringify(loaded.dictionaries);
      rowVersion.current = detail.rowVersion;
      stopped.current = false;
      setRow(detail);
      setContent(loaded);
      setConflict(undefined);
      setError(undefined);
      setLoadError(undefined);
      setStatus('saved');
    } catch (e) {
      if (mounted.current) setLoadError(errorText(e));
    }
  }, [formId]);

  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  const save = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) {
      await inFlight.current;
      return save();
    }
    const c = current.current;
    if (!c || stopped.current) return false;
    const text = textOf(c);
    if (text === savedText.current) {
      if (mounted.current) setStatus('saved');
      return true;
    }
    if (!validateDocument(c.doc).ok) {
      if (mounted.current) setStatus('invalid');
      return false;
    }
    if (mounted.current) setStatus('saving');
    const attempt = (async () => {
      try {
        const casesText = JSON.stringify(c.cases);
        const dictionariesText = JSON.stringify(c.dictionaries);
        const saved = await submitForm({
          id: formId,
          document: c.doc,
          ...(rowVersion.current !== undefined && { rowVersion: rowVersion.current }),
          ...(casesText !== savedCases.current && { cases: c.cases }),
          ...(dictionariesText !== savedDictionaries.current && { dictionaries: c.dictionaries }),
        });
        savedText.current = text;
        savedCases.current = casesText;
        savedDictionaries.current = dictionariesText;
        if (saved && typeof saved.rowVersion === 'number') rowVersion.current = saved.rowVersion;
        if (mounted.current) {
          setRow((r) => (r ? { ...r, ...saved, document: c.doc } : r));
          setError(undefined);
          setStatus(textOf(current.current ?? c) === text ? 'saved' : 'dirty');
        }
        return true;
      } catch (e) {
        const clash = conflictOf(e);
        if (clash) {
          stopped.current = true;
          if (mounted.current) {
            setConflict(clash);
            setStatus('conflict');
          }
        } else if (mounted.current) {
          setError(errorText(e));
          setStatus('error');
        }
        return false;
      }
    })();
    inFlight.current = attempt;
    try {
      return await attempt;
    } finally {
      inFlight.current = undefined;
    }
  }, [formId]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    if (stopped.current) return;
    timer.current = setTimeout(() => {
      void save().then((ok) => {
        // Changes made while that save was on its way get their own save.
        if (ok && current.current && textOf(current.current) !== savedText.current) schedule();
      });
    }, AUTOSAVE_DELAY_MS);
  }, [save]);

  const update = useCallback(
    (next: Content) => {
      current.current = next;
      setContent(next);
      if (stopped.current) return;
      const dirty = textOf(next) !== savedText.current;
      setStatus(dirty ? (validateDocument(next.doc).ok ? 'dirty' : 'invalid') : 'saved');
      if (dirty) schedule();
    },
    [schedule],
  );

  const setDoc = useCallback(
    (fn: (doc: FormDocument) => FormDocument) => {
      const c = current.current;
      if (!c) return;
      const doc = fn(c.doc);
      if (doc !== c.doc) update({ ...c, doc });
    },
    [update],
  );

  const setCases = useCallback(
    (cases: CasesFile | null) => {
      const c = current.current;
      if (c && JSON.stringify(c.cases) !== JSON.stringify(cases)) update({ ...c, cases });
    },
    [update],
  );

  const setDictionaries = useCallback(
    (dictionaries: CarriedDictionaries | null) => {
      const c = current.current;
      const next = carriedOf(dictionaries);
      if (c && JSON.stringify(c.dictionaries) !== JSON.stringify(next)) update({ ...c, dictionaries: next });
    },
    [update],
  );

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    return save();
  }, [save]);

  // Leaving the editor (another tab, back to the list) saves what is pending instead of dropping it.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      const c = current.current;
      // A save on its way schedules the next one itself when it lands.
      if (c && !stopped.current && !inFlight.current && textOf(c) !== savedText.current && validateDocument(c.doc).ok) {
        const casesChanged = JSON.stringify(c.cases) !== savedCases.current;
        const dictionariesChanged = JSON.stringify(c.dictionaries) !== savedDictionaries.current;
        void submitForm({
          id: formId,
          document: c.doc,
          ...(rowVersion.current !== undefined && { rowVersion: rowVersion.current }),
          ...(casesChanged && { cases: c.cases }),
          ...(dictionariesChanged && { dictionaries: c.dictionaries }),
        }).catch(() => undefined);
      }
    },
    [formId],
  );

  // A reload or closing the window with unsaved edits asks first.
  useEffect(() => {
    if (status !== 'dirty' && status !== 'saving' && status !== 'invalid' && status !== 'conflict') return undefined;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  return {
    row,
    doc: content?.doc,
    cases: content?.cases ?? null,
    dictionaries: content?.dictionaries ?? null,
    status,
    error,
    conflict,
    loadError,
    setDoc,
    setCases,
    setDictionaries,
    flush,
    reload: load,
  };
}
