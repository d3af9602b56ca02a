// 家庭医生签约's calls (server/contracts: usercontracts/*, blade-perform-contract): answers typed from
// the shared contract (src/shared/contract/contracts.ts).
import { getData, postData } from '../../api/envelope';
import { request } from '../../api/request';
import type { Envelope } from '../../api/types';
import type {
  AgreementUrl,
  ContractDefaults,
  ContractDetail,
  ContractView,
  PerformData,
  PerformItem,
  PerformRow,
} from '../../shared/contract/contracts';

export type { AgreementUrl, ContractDefaults, ContractDetail, ContractView, PerformData, PerformItem, PerformRow };
export { CONTRACT_STATES } from '../../shared/contract/contracts';

const BASE = '/api/blade-iph-business/usercontracts';

export interface ContractPage {
  records: ContractView[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** The dialog's terms (schemas/contractsign.json). */
export interface ContractTerms {
  teamId?: string;
  doctorId?: string;
  packIds?: string[];
  startDate?: string;
  endDate?: string;
  phone?: string;
  remark?: string;
}

/** The dialog's pickers: the tenant's teams, the teams' members, the enabled packs (with their price). */
export const signOptions = (kind: 'team' | 'doctor' | 'pack') =>
  getData<{ value: string; label: string }[]>(`${BASE}/sign-options`, { params: { kind } });

export const contractDefaults = (archId: string) => postData<ContractDefaults>(`${BASE}/contract-info-generate`, { archId });
export const saveContract = (input: ContractTerms & { archId: string; id?: string; rowVersion?: number; renewFrom?: string }) =>
  postData<ContractView>(`${BASE}/create-or-update-contract`, input);
export const saveAutograph = (id: string, rowVersion: number, autograph: string) =>
  postData<ContractView>(`${BASE}/update`, { id, rowVersion, autograph });
export const signContract = (id: string, rowVersion: number) => postData<ContractView>(`${BASE}/sign-contract`, { id, rowVersion });
export const contractDetail = (id: string) => getData<ContractDetail>(`${BASE}/detail`, { params: { id } });
export const contractsOfArchive = (archId: string) => getData<ContractView[]>(`${BASE}/list-contract-by-arch-id`, { params: { archId } });
export const listContracts = (params: Record<string, unknown>) => getData<ContractPage>(`${BASE}/new-list`, { params });
export const agreementUrl = (id: string) => getData<AgreementUrl>(`${BASE}/get-agreement-url`, { params: { id } });
export const bringIntoEffect = (id: string, rowVersion: number) =>
  postData<ContractView>(`${BASE}/sign-contract-comes-into-effect`, { id, rowVersion });
export const terminateContract = (id: string, rowVersion: number, reason: string) =>
  postData<ContractView>(`${BASE}/contract-termination`, { id, rowVersion, reason });
export const cancelContract = (id: string, rowVersion: number, reason = '') =>
  postData<ContractView>(`${BASE}/contract-cancel`, { id, rowVersion, reason });
export const removeContract = (id: string, rowVersion?: number) =>
  postData<ContractView>(`${BASE}/contract-remove`, { id, deleted: 1, ...(rowVersion === undefined ? {} : { rowVersion }) });

/** 批量生效: the ticked contracts (each 已签约) into effect, all or none; the server says how many. */
export async function bringManyIntoEffect(ids: string[]): Promise<string> {
  const res = await request.post<Envelope<ContractView[]>>(`${BASE}/batch-sign-contract-comes-into-effect`, { ids });
  return res.data.msg;
}

/** 批量作废: the ticked contracts (each 待签约 or 已签约) voided, all or none; the server says how many. */
export async function voidMany(ids: string[], reason: string): Promise<string> {
  const res = await request.post<Envelope<ContractView[]>>(`${BASE}/contract-invalid/byid`, { ids, reason });
  return res.data.msg;
}

const PERFORM = '/api/blade-perform-contract/performcontract';
/** 履约情况: the contracts owed service, each with its items planned and done and the rate (%). */
export const listPerformance = (params: Record<string, unknown>) =>
  getData<{ records: PerformRow[]; total: number; size: number; current: number; pages: number }>(`${PERFORM}/list`, { params });
/** One contract's service items (by its number): planned, done, and the records that count. */
export const performanceOfContract = (contractNo: string) => postData<PerformData>(`${PERFORM}/listPerformDatas`, { cnStr: contractNo });

/**
 * 上报签约 (userfollowup/all-sign-submit-push): the contracts named reported to the regional system
 * again, or without ids every contract whose report failed; the server's message says what was done.
 */
export async function pushContracts(ids: string[]): Promise<{ changed: number; msg: string }> {
  const res = await request.post<Envelope<{ changed: number }>>(
    '/api/blade-iph-business/userfollowup/all-sign-submit-push',
    ids.length ? { ids } : {},
  );
  return { changed: res.data.data.changed, msg: res.data.msg };
}

/** 知情同意书: where the server prints the resident's informed consent (generate-pdf/written-consent), for fetchPdf. */
export const consentLink = (id: string) => `/api/blade-resource/generate-pdf/written-consent?id=${encodeURIComponent(id)}`;

/**
 * 家庭一键签约 (one-key-sign-contract): the family members on the same terms and one signature, each
 * 已签约, one batch; all or none. Quiet: the dialog shows a refusal itself and keeps what was entered.
 */
export async function oneKeySign(
  input: ContractTerms & { archIds: string[]; autograph: string },
): Promise<{ rows: ContractView[]; msg: string }> {
  const res = await request.post<Envelope<ContractView[]>>(`${BASE}/one-key-sign-contract`, input, { meta: { silent: true } });
  return { rows: res.data.data, msg: res.data.msg };
}

/** The contracts of one family signing, by its batch (gwId). */
export const familyBatch = (gwId: string) => postData<ContractView[]>(`${BASE}/get-batch-family-sign-contract-by-gw-id`, { gwId });
