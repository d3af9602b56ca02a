// The designer's calls (blade-iph-business form…). They live with the feature rather than in
// src/api because they are typed with the engine's FormDocument, which src/api may not import.
import { getData, postData } from '../../api/envelope';
import { RequestError } from '../../api/request';
import type { Page } from '../../api/types';
import type { DictsFile, FormDocument } from '../../engine';
import type { CasesFile } from './case-runner';
import type { Static } from 'typebox';
import type {
  DiffChange as DiffChangeSchema,
  DiffResult,
  FormDetail as FormDetailWire,
  FormListRow,
  ImportedDictionary,
  ImportResult,
  PublishResult,
  ReplayItem,
  ReplayReport,
  VersionRow,
  WorkingStatus,
  WorldDictionary,
} from '../../shared/contract/forms';

/** 未发布 (never published) / 已发布 (the working copy is the latest version) / 有未发布修改. */
export type { FormListRow, VersionRow, WorkingStatus };
/** form/dictionary-world's rows and form/import's report: the contract's. */
export type { ImportedDictionary, ImportResult, WorldDictionary };

/** The dictionaries a working copy carries (rules/<code>.dicts.json's map), created or filled in the tenant at publish. */
export type CarriedDictionaries = DictsFile['dictionaries'];

const BASE = '/api/blade-iph-business/form';

/** form/detail: the contract's, with the engine's types for the document and the cases it passes through. */
export type FormDetail = Omit<FormDetailWire, 'document' | 'cases' | 'dictionaries'> & {
  /** The working copy. */
  document: FormDocument;
  /** The analysts' rule cases kept beside the working copy (cases-file format); null: none. */
  cases: CasesFile | null;
  /** The dictionaries the working copy carries (made in the designer or imported); null or absent: none. */
  dictionaries?: CarriedDictionaries | null;
};

export type DiffChange = Static<typeof DiffChangeSchema>;
export type { DiffResult, ReplayItem };
/** A replay's report (form/replay): the contract's. */
export type ReplayResult = ReplayReport;

/** What a 409 on submit carries: who changed the working copy since it was opened, and when. */
export interface ConflictInfo {
  message: string;
  rowVersion?: number;
  updateUserName?: string;
  updateTime?: string;
}

export interface ListQuery {
  current: number;
  size: number;
  formCode?: string;
  formName?: string;
}

/** The server matches formCode / formName by "contains" (its repository's like). */
export const listForms = (q: ListQuery) =>
  getData<Page<FormListRow>>(`${BASE}/list`, {
    params: { current: q.current, size: q.size, ...(q.formCode && { formCode: q.formCode }), ...(q.formName && { formName: q.formName }) },
    // The page shows a refusal itself (403 → the forbidden result).
    meta: { silent: true },
  });

export const getFormDetail = (id: string) =>
  getData<FormDetail>(`${BASE}/detail`, { params: { id }, meta: { silent: true, noLoading: true } });

/** A published version's document; null when the form has none (never published). */
export async function getPublishedDocument(formCode: string, version?: number): Promise<FormDocument | null> {
  try {
    return await getData<FormDocument>(`${BASE}/version`, {
      params: { formCode, ...(version !== undefined && { version }) },
      meta: { silent: true, noLoading: true },
    });
  } catch (e) {
    if (e instanceof RequestError && e.code === 404) return null;
    throw e;
  }
}

/** Creates (no id) or replaces the working copy; silent: the autosave reports failures itself. */
export const submitForm = (body: {
  id?: string;
  document: FormDocument;
  rowVersion?: number;
  cases?: CasesFile | null;
  dictionaries?: CarriedDictionaries | null;
}) => postData<FormListRow>(`${BASE}/submit`, body, { meta: { silent: true, noLoading: true } });

export const createForm = (document: FormDocument) => postData<FormListRow>(`${BASE}/submit`, { document });

export const copyForm = (id: string) => postData<FormListRow>(`${BASE}/copy`, {}, { params: { id } });

export const removeForms = (ids: string[]) => postData<boolean>(`${BASE}/remove`, {}, { params: { ids: ids.join(',') } });

export const publishForm = (id: string, note: string) => postData<PublishResult>(`${BASE}/publish`, {}, { params: { id, note } });

export const listVersions = (formCode: string) =>
  getData<VersionRow[]>(`${BASE}/versions`, { params: { formCode }, meta: { silent: true } });

/** `to` a version or 'working' (the working copy). */
export const diffVersions = (formCode: string, from: number, to: number | 'working') =>
  getData<DiffResult>(`${BASE}/diff`, { params: { formCode, from, to }, meta: { silent: true } });

export const replayForm = (id: string) =>
  postData<ReplayResult>(`${BASE}/replay`, {}, { params: { id, limit: 500 }, meta: { silent: true } });

export const rollbackForm = (formCode: string, version: number, note: string) =>
  postData<{ version?: number } | null>(`${BASE}/rollback`, {}, { params: { formCode, version, note }, meta: { silent: true } });

/**
 * The analysts' files as chosen (schemas/<code>.json, rules/<code>.rules.json, rules/<code>.cases.json,
 * rules/<code>.dicts.json), answered with what the import read and found.
 */
export const importForms = (files: { name: string; text: string }[]) =>
  postData<ImportResult>(`${BASE}/import`, { files }, { meta: { silent: true } });

/** Every dictionary a form may name in this tenant (business, platform, code maps), crowd_label included. */
export const getDictionaryWorld = () => getData<WorldDictionary[]>(`${BASE}/dictionary-world`, { meta: { silent: true, noLoading: true } });

/** A call the server does not answer yet (404 接口不存在): the screen says so instead of failing. */
export const isMissingEndpoint = (e: unknown): boolean => e instanceof RequestError && e.code === 404 && e.message.includes('接口不存在');

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A 409 answer's who and when (data: { rowVersion, updateUserName, updateTime }). */
export function conflictOf(e: unknown): ConflictInfo | undefined {
  if (!(e instanceof RequestError) || e.code !== 409) return undefined;
  const body = e.body as { data?: { rowVersion?: unknown; updateUserName?: unknown; updateTime?: unknown } } | undefined;
  const data = body?.data ?? {};
  return {
    message: e.message,
    ...(typeof data.rowVersion === 'number' && { rowVersion: data.rowVersion }),
    ...(typeof data.updateUserName === 'string' && { updateUserName: data.updateUserName }),
    ...(typeof data.updateTime === 'string' && { updateTime: data.updateTime }),
  };
}
