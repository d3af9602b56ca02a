// The agreement a resident signs, as content (the printed PDF is made from it elsewhere:
// `agreementContent` is what a PDF template fills in), and the performance of a contract — how many
// times each service item of its packs has been done, counted from the records that exist.
import { findPacksByIds, findProjectsOfPacks } from '../../catalogue/index';
import { findArchive } from '../../archives/index';
import { recordsOfForms, type ContractRow } from '../repositories/contracts';
import { autographLink, contractView, day, type ContractView } from './contract-views';
import { contractOf, type ContractContext } from './contracts';

export const AGREEMENT_TITLE = '家庭医生签约服务协议';

/** The clauses every agreement carries (甲方 the resident, 乙方 the family-doctor team). */
export const AGREEMENT_CLAUSES: readonly string[] = [
  '乙方为甲方建立并维护居民健康档案，按所签服务包提供基本医疗和基本公共卫生服务。',
  '甲方如实提供健康信息，配合乙方完成随访、体检等服务，按约定缴纳个人承担的服务费用。',
  '协议期内甲方可申请解约；协议期满未续签的，协议自动终止。',
  '乙方对甲方的个人信息和健康信息负有保密义务，未经甲方同意不得向第三方提供。',
];

export interface AgreementContent {
  title: string;
  contractNo: string;
  partyA: { name: string; sex: string; idCardMasked: string; phone: string; address: string };
  partyB: { teamName: string; doctorName: string };
  period: { startDate: string; endDate: string };
  packs: { id: string; name: string; price: number; items: { name: string; timesPerYear: number }[] }[];
  fee: number;
  clauses: string[];
  signature: { link: string; signedBy: string; signTime: string };
  stateText: string;
}

const maskIdCard = (id: string) => (id.length >= 8 ? `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}` : id);

/** The agreement of a contract of the tenant: parties, period, packs with their items, fee, clauses and the signature's link. */
export async function agreementContent(ctx: ContractContext, id: string): Promise<AgreementContent> {
  const row = await contractOf(ctx, id);
  const view = contractView(row, ctx.now);
  const archive = await findArchive(ctx.db, ctx.tenantId, row.arch_id);
  const projects = await findProjectsOfPacks(ctx.db, ctx.tenantId, view.packIds);
  const names = row.pack_names.split('、');
  const packs = new Map((await findPacksByIds(ctx.db, ctx.tenantId, view.packIds)).map((p) => [p.id, p]));
  return {
    title: AGREEMENT_TITLE,
    contractNo: row.contract_no,
    partyA: {
      name: row.person_name,
      sex: archive?.sex === '1' ? '男' : archive?.sex === '2' ? '女' : '',
      idCardMasked: maskIdCard(archive?.id_card ?? ''),
      phone: row.phone,
      address: String((archive as Record<string, unknown> | undefined)?.['home_address'] ?? ''),
    },
    partyB: { teamName: row.team_name, doctorName: row.doctor_name },
    period: { startDate: view.startDate, endDate: view.endDate },
    packs: view.packIds.map((packId, i) => ({
      id: packId,
      name: names[i] ?? packs.get(packId)?.pack_name ?? '',
      price: Number(packs.get(packId)?.price ?? 0),
      items: projects.filter((p) => p.pack_id === packId).map((p) => ({ name: p.project_name, timesPerYear: p.times_per_year })),
    })),
    fee: view.fee,
    clauses: [...AGREEMENT_CLAUSES],
    signature: { link: autographLink(row.autograph_id), signedBy: row.sign_user_name, signTime: view.signTime },
    stateText: view.stateText,
  };
}

export interface PerformItem {
  packId: string;
  projectCode: string;
  projectName: string;
  /** The form whose records count as this item done (the item's 项目类别), or '' when it names none. */
  formCode: string;
  planned: number;
  done: number;
  records: { id: string; visitDate: string }[];
}

/** Years (rounded up) a contract's period covers: an item's times a year are planned once per year begun. */
const yearsOf = (row: ContractRow) => {
  const days = (Date.parse(`${day(row.end_date)}T00:00:00Z`) - Date.parse(`${day(row.start_date)}T00:00:00Z`)) / 86_400_000 + 1;
  return Math.max(1, Math.ceil(days / 366));
};

/**
 * The performance of one contract: each item of its packs, planned (times a year × years) and done —
 * the resident's live records, within the period, of the form the item's 项目类别 names. An item
 * whose category names no form has nothing to count and shows 0 done.
 */
export async function performanceOf(ctx: ContractContext, row: ContractRow): Promise<{ contract: ContractView; items: PerformItem[] }> {
  const contract = contractView(row, ctx.now);
  const projects = await findProjectsOfPacks(ctx.db, ctx.tenantId, contract.packIds);
  const codes = [...new Set(projects.map((p) => p.category.trim()).filter((c) => /^[A-Za-z][A-Za-z0-9_]*$/.test(c)))];
  const records = await recordsOfForms(ctx.db, ctx.tenantId, row.arch_id, codes, contract.startDate, contract.endDate);
  const years = yearsOf(row);
  const items = projects.map((p) => {
    const formCode = codes.includes(p.category.trim()) ? p.category.trim() : '';
    const mine = formCode ? records.filter((r) => r.form_code === formCode) : [];
    return {
      packId: p.pack_id,
      projectCode: p.project_code,
      projectName: p.project_name,
      formCode,
      planned: p.times_per_year * years,
      done: mine.length,
      records: mine.map((r) => ({ id: r.id, visitDate: day(r.visit_date) })),
    };
  });
  return { contract, items };
}

/** The totals the performance list shows per contract. */
export function performTotals(items: PerformItem[]): { planned: number; done: number; rate: number } {
  const planned = items.reduce((s, i) => s + i.planned, 0);
  const done = items.reduce((s, i) => s + Math.min(i.done, i.planned), 0);
  return { planned, done, rate: planned === 0 ? 0 : Math.round((done / planned) * 1000) / 10 };
}
