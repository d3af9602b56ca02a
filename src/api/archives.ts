import { getData, postData } from './envelope';
import { RequestError } from './request';
import type { Page } from './types';

/**
 * Resident archives (spec 001 §3 archive record, §7 userarchives / commuserarchives / userinfomain).
 * Lists answer ID numbers and phones masked unless the caller may see them: the screens show what
 * the server sends and never unmask on their own.
 */
const BASE = '/api/blade-iph-business';

/** The archive fields the screens use (spec 001 §3); the server may send more. */
export interface ArchiveRecord {
  id: string;
  archId?: string;
  archivesNo?: string;
  /** '1' active; '2' cancelled (spec 001 §4 — the archive picker lists only status 1). */
  archivesStatus?: string;
  archivesStatusText?: string;
  personName: string;
  /** '1' male, '2' female (the id-card helper's codes). */
  sex?: string;
  age?: number | string;
  birthday?: string;
  idCard?: string;
  cardType?: string;
  phone?: string;
  contactPhone?: string;
  familyId?: string;
  doctorName?: string;
  mainDoctorId?: string;
  teamName?: string;
  homeAddress?: string;
  tenantId?: string;
  /** Crowd labels as codes, e.g. hypertension / diabetes (server-defined). */
  crowdLabels?: string[];
  rowVersion?: number;
}

export interface ArchiveSearch {
  personName?: string;
  archivesNo?: string;
  idCard?: string;
  current: number;
  size: number;
}

/** Only the filled search fields go on the query: an empty field must not filter on ''. */
export function archiveListParams(search: ArchiveSearch): Record<string, string | number> {
  const params: Record<string, string | number> = { current: search.current, size: search.size };
  const name = search.personName?.trim();
  const no = search.archivesNo?.trim();
  const id = search.idCard?.trim();
  if (name) params.personName_like = name;
  if (no) params.archivesNo_like = no;
  // An ID number is an exact key: a partial match would list strangers.
  if (id) params.idCard_equal = id.toUpperCase();
  return params;
}

export const listArchives = (search: ArchiveSearch) =>
  getData<Page<ArchiveRecord>>(`${BASE}/commuserarchives/list`, { params: archiveListParams(search) });

export const getArchive = (archId: string) =>
  getData<ArchiveRecord | null>(`${BASE}/commuserarchives/detail`, { params: { id: archId }, meta: { silent: true } });

/** The add-archive dialog's body (spec 001 §3 field names). */
export interface ArchiveInput {
  id?: string;
  personName: string;
  idCard: string;
  cardType: string;
  sex: string;
  birthday: string;
  phone?: string;
  contactPhone?: string;
  homeAddress?: string;
  /** Crowd labels such as 'hypertension' and 'diabetes': they decide the archive's follow-up forms. */
  crowdLabels?: string[];
  /** An update carries the version it read (issue 22 §6): none → 428, an old one → 409. */
  rowVersion?: number;
}

export const saveArchive = (input: ArchiveInput) => postData<ArchiveRecord>(`${BASE}/userarchives/create-update-archives`, input);

/** An update of an existing archive: failures come back to the edit screen (a 409 opens its conflict dialog, no toast). */
export const updateArchive = (input: ArchiveInput & { id: string; rowVersion: number }) =>
  postData<ArchiveRecord>(`${BASE}/userarchives/create-update-archives`, input, { meta: { silent: true } });

/** Who saved the archive in between, from a 409 (the server's data: current version, name, time). */
export interface ArchiveConflict {
  message: string;
  rowVersion?: number;
  updateUserName?: string;
  updateTime?: string;
}

export function archiveConflictOf(e: unknown): ArchiveConflict | undefined {
  if (!(e instanceof RequestError) || e.code !== 409) return undefined;
  const data = (e.body as { data?: Record<string, unknown> } | undefined)?.data ?? {};
  return {
    message: e.message,
    ...(typeof data.rowVersion === 'number' && { rowVersion: data.rowVersion }),
    ...(typeof data.updateUserName === 'string' && { updateUserName: data.updateUserName }),
    ...(typeof data.updateTime === 'string' && { updateTime: data.updateTime }),
  };
}

/** One change of an archive: each field (wire name) before → after. */
export interface ArchiveHistoryEntry {
  id: string;
  action: 'create' | 'update' | 'cancel' | 'restore';
  rowVersion: number;
  changes: { field: string; before: unknown; after: unknown }[];
  updateUserName: string;
  updateTime: string;
}

/** The archive's change history, newest first (the archivehistory page). */
export const getArchiveHistory = (archId: string) =>
  getData<ArchiveHistoryEntry[]>(`${BASE}/userarchivesdev/history`, { params: { archId } });

/** An archive of this ID number already known to this institution, or null. */
export const findArchiveByIdCard = (idCard: string) =>
  getData<ArchiveRecord | null>(`${BASE}/userinfomain/get-by-id-card`, { params: { idCard }, meta: { silent: true } });

/** The cancel form (spec 001 §3): offType 1 death (deadFlag 1, deadDate, deadReason), 9 other (detail). */
export interface CancelForm {
  archId: string;
  offType: string;
  offReason?: string;
  deadFlag?: string;
  deadDate?: string;
  deadReason?: string;
  offDate: string;
  offUser: string;
  offTenant: string;
  logoutType?: string;
}

export const cancelArchive = (form: CancelForm) => postData<unknown>(`${BASE}/userarchives/cancel`, form);

export const restoreArchive = (archId: string) => postData<unknown>(`${BASE}/userarchives/restore`, { archId });

/** Dictionary entry (dictKey/dictValue) as blade-system answers it. */
export interface DictEntry {
  dictKey: string;
  dictValue: string;
}

/** Cancel reasons: dictionary reason_cancellation (spec 001 §7 Card). */
export const getCancelReasons = () =>
  getData<DictEntry[]>('/api/blade-system/dict-biz/dictionary', { params: { code: 'reason_cancellation' }, meta: { silent: true } });
