// The child filing screen's calls (server/archives-other, userarchivesother/* with kind child; the
// resident search of 居民健康档案): answers typed from the shared contracts.
import { getData, postData } from '../../api/envelope';
import { listArchives, type ArchiveRecord } from '../../api/archives';
import type { CaseView } from '../../shared/contract/archives-other';

export type ChildCase = CaseView;
export interface ChildCasePage {
  records: ChildCase[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const BASE = '/api/blade-iph-business/userarchivesother';

export const listChildCases = (params: Record<string, unknown>) =>
  getData<ChildCasePage>(`${BASE}/list-by-param`, { params: { ...params, kind: 'child' } });

/** The spec's children-valid check: the live child case this child already has here, if any. */
export const findFiledChild = (archId: string) =>
  getData<{ filed: boolean; case: ChildCase | null }>(`${BASE}/child_plagiarism_check`, { params: { archId } });

export interface ChildCaseInput {
  archId: string;
  birthDate: string;
  childSex: string;
  birthWeight: number | null;
  motherArchId: string | null;
}
export const saveChildCase = (input: ChildCaseInput) => postData<ChildCase>(`${BASE}/create-or-update`, { kind: 'child', ...input });

/** Residents by name (居民健康档案's list), for choosing the child and the mother. */
export const searchResidents = async (personName: string): Promise<ArchiveRecord[]> =>
  (await listArchives({ personName, current: 1, size: 10 })).records;
