import { getData, postData } from './envelope';
import { RequestError } from './request';
import type { DictEntryView } from '../shared/contract/dicts';
import type { Page } from './types';
import type {
  ArchiveCancelBody,
  ArchiveHistoryView,
  ArchiveIdQuery,
  ArchiveListQuery,
  ArchiveRestoreBody,
  ArchiveSaveBody,
  ArchiveView,
  IdCardQuery,
} from '../shared/contract/archives';

/**
 * Resident archives (spec 001 §3 archive record, §7 userarchives / commuserarchives / userinfomain).
 * Lists answer ID numbers and phones masked unless the caller may see them: the screens show what
 * the server sends and never unmask on their own.
 */
const BASE = '/api/blade-iph-business';

/** An archive as every archive call answers it (the contract's ArchiveView). */
export type ArchiveRecord = ArchiveView;

export interface ArchiveSearch {
  personName?: string;
  archivesNo?: string;
  idCard?: string;
  current: number;
  size: number;
}

/** Only the filled search fields go on the query: an empty field must not filter on ''. */
export function archiveListParams(search: ArchiveSearch): ArchiveListQuery {
  const params: ArchiveListQuery = { current: search.current, size: search.size };
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
  getData<ArchiveRecord>(`${BASE}/commuserarchives/detail`, { params: { id: archId } satisfies ArchiveIdQuery, meta: { silent: true } });

/**
 * The add-archive dialog's body (the contract's, with the fields the dialog always sends made
 * required); an update carries the version it read (issue 22 §6): none → 428, an old one → 409.
 */
export type ArchiveInput = ArchiveSaveBody & {
  personName: string;
  idCard: string;
  cardType: string;
  sex: string;
  birthday: string;
  /** Crowd labels such as 'hypertension' and 'diabetes': they decide the archive's follow-up forms. */
  crowdLabels?: string[];
};

export const saveArchive = (input: ArchiveInput) => postData<ArchiveRecord>(`${BASE}/userarchives/create-update-archives`, input);

/** An update of an existing archive: failures come back to the edit screen (a 409 opens its conflict dialog, no toast). */
export const updateArchive = (input: ArchiveInput & { id: string; rowVersion: number }) =>
  postData<ArchiveRecord>(`${BASE}/userarchives/create-update-archives`, input, { meta: { silent: true } });

/**
 * The resident's photo (spec 001: the archive and maternal headers' avatar): the archive's own
 * `avatar`, saved as an update of the archive with the version read. Only the name and address go
 * with it; the server keeps the stored ID number, sex, birth date and phones of a field not sent.
 */
export const saveArchiveAvatar = (archive: Pick<ArchiveRecord, 'id' | 'rowVersion' | 'personName' | 'homeAddress'>, avatar: string) =>
  postData<ArchiveRecord>(
    `${BASE}/userarchives/create-update-archives`,
    {
      id: archive.id,
      rowVersion: archive.rowVersion,
      personName: archive.personName,
      homeAddress: archive.homeAddress,
      avatar,
    } satisfies ArchiveSaveBody,
    { meta: { silent: true } },
  );

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
export type ArchiveHistoryEntry = ArchiveHistoryView;

/** The archive's change history, newest first (the archivehistory page). */
export const getArchiveHistory = (archId: string) =>
  getData<ArchiveHistoryEntry[]>(`${BASE}/userarchivesdev/history`, { params: { archId } satisfies ArchiveIdQuery });

/** An archive of this ID number already known to this institution, or null. */
export const findArchiveByIdCard = (idCard: string) =>
  getData<ArchiveRecord | null>(`${BASE}/userinfomain/get-by-id-card`, {
    params: { idCard } satisfies IdCardQuery,
    meta: { silent: true },
  });

/** The cancel form (spec 001 §3): offType 1 death (deadFlag 1, deadDate, deadReason), 9 other (detail). */
export type CancelForm = ArchiveCancelBody & { offType: string; offDate: string; offUser: string; offTenant: string };

/** Cancel and restore answer the ids of the archives changed. */
export const cancelArchive = (form: CancelForm) => postData<string[]>(`${BASE}/userarchives/cancel`, form);

export const restoreArchive = (archId: string) =>
  postData<string[]>(`${BASE}/userarchives/restore`, { archId } satisfies ArchiveRestoreBody);

/** Dictionary entry (dictKey/dictValue…) as blade-system answers it: the contract's. */
export type DictEntry = DictEntryView;

/** Cancel reasons: dictionary reason_cancellation (spec 001 §7 Card). */
export const getCancelReasons = () =>
  getData<DictEntry[]>('/api/blade-system/dict-biz/dictionary', { params: { code: 'reason_cancellation' }, meta: { silent: true } });
