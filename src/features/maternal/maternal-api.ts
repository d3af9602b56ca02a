// The maternal screens' calls (server/archives-other, userarchivesother/*); answers typed from the shared contract.
import { getData, postData } from '../../api/envelope';
import type { CaseView } from '../../shared/contract/archives-other';

export type MaternalCase = CaseView;
export interface CasePage {
  records: MaternalCase[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const BASE = '/api/blade-iph-business/userarchivesother';

export const listMaternalCases = (params: Record<string, unknown>) =>
  getData<CasePage>(`${BASE}/list-by-param`, { params: { kind: 'maternal', ...params } });
export const getMaternalCase = (otherId: string) => getData<MaternalCase>(`${BASE}/detail`, { params: { otherId } });
export const getOpenPregnancy = (archId: string) => getData<MaternalCase | null>(`${BASE}/maternal-pregnancy`, { params: { archId } });
export interface MaternalCaseInput {
  id?: string;
  rowVersion?: number;
  archId: string;
  lastMenstrualPeriod: string;
  gravidity: number | null;
  parity: number | null;
  pregnantBookId: string;
  barcode: string;
  restRegion: string;
}
export const saveMaternalCase = (input: MaternalCaseInput) =>
  postData<MaternalCase>(`${BASE}/create-or-update`, { kind: 'maternal', ...input });

/** The child cases naming this resident as mother (list-by-param, kind child, motherArchId). */
export const listChildrenOf = async (motherArchId: string): Promise<MaternalCase[]> =>
  (await getData<CasePage>(`${BASE}/list-by-param`, { params: { kind: 'child', motherArchId, current: 1, size: 50 } })).records;
/** May a pregnancy be filed for the resident today: `reason` is the server's refusal ('' when valid). */
export const getMaternalValid = (archId: string) =>
  getData<{ valid: boolean; reason: string }>(`${BASE}/maternal-valid`, { params: { archId } });
/** The resident's cases, newest first (closed and cancelled pregnancies too). */
export const listCasesOfResident = (archId: string) => listMaternalCases({ current: 1, size: 20, archId });
