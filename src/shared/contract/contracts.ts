// 家庭医生签约 (spec 001 §7 usercontracts, blade-sign-contract, blade-perform-contract; issue 33):
// what the server's contracts/ routes answer and the web app reads. States: decision 0031.
import { Type, type Static } from 'typebox';
import { pageOf } from './envelope';

/** 0 待签约, 1 已签约, 2 生效中, 3 已到期 (read from the period), 4 已解约, 5 已作废. */
export const CONTRACT_STATES = { generated: 0, signed: 1, inEffect: 2, expired: 3, terminated: 4, cancelled: 5 } as const;

export const ContractView = Type.Object({
  id: Type.String(),
  contractNo: Type.String(),
  archId: Type.String(),
  personName: Type.String(),
  phone: Type.String(),
  teamId: Type.String(),
  teamName: Type.String(),
  doctorId: Type.String(),
  doctorName: Type.String(),
  packIds: Type.Array(Type.String()),
  packNames: Type.String(),
  fee: Type.Number(),
  startDate: Type.String(),
  endDate: Type.String(),
  state: Type.Integer(),
  stateText: Type.String(),
  signType: Type.Integer(),
  signTypeText: Type.String(),
  batchNo: Type.String(),
  gwId: Type.String(),
  hasAutograph: Type.Boolean(),
  autographLink: Type.String(),
  signUserName: Type.String(),
  signTime: Type.String(),
  effectTime: Type.String(),
  endReason: Type.String(),
  endTime: Type.String(),
  endUserName: Type.String(),
  renewFrom: Type.String(),
  renewable: Type.Boolean(),
  remark: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
  rowVersion: Type.Integer(),
});
export type ContractView = Static<typeof ContractView>;

export const ContractPage = pageOf(ContractView);

/** contract-info-generate: what the sign-agreement dialog opens with. */
export const ContractDefaults = Type.Object({
  archId: Type.String(),
  personName: Type.String(),
  phone: Type.String(),
  teamId: Type.String(),
  doctorId: Type.String(),
  packIds: Type.Array(Type.String()),
  startDate: Type.String(),
  endDate: Type.String(),
  remark: Type.String(),
});
export type ContractDefaults = Static<typeof ContractDefaults>;

const PackItem = Type.Object({ name: Type.String(), timesPerYear: Type.Integer() });

/** The agreement's content (the printed agreement is made from it). */
export const AgreementContent = Type.Object({
  title: Type.String(),
  contractNo: Type.String(),
  partyA: Type.Object({
    name: Type.String(),
    sex: Type.String(),
    idCardMasked: Type.String(),
    phone: Type.String(),
    address: Type.String(),
  }),
  partyB: Type.Object({ teamName: Type.String(), doctorName: Type.String() }),
  period: Type.Object({ startDate: Type.String(), endDate: Type.String() }),
  packs: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), price: Type.Number(), items: Type.Array(PackItem) })),
  fee: Type.Number(),
  clauses: Type.Array(Type.String()),
  signature: Type.Object({ link: Type.String(), signedBy: Type.String(), signTime: Type.String() }),
  stateText: Type.String(),
});
export type AgreementContent = Static<typeof AgreementContent>;

export const ContractDetail = Type.Object({ ...ContractView.properties, agreement: AgreementContent });
export type ContractDetail = Static<typeof ContractDetail>;

/** get-agreement-url: where the printed agreement and the signature image are served. */
export const AgreementUrl = Type.Object({ id: Type.String(), archId: Type.String(), link: Type.String(), autographLink: Type.String() });
export type AgreementUrl = Static<typeof AgreementUrl>;

export const PerformItem = Type.Object({
  packId: Type.String(),
  projectCode: Type.String(),
  projectName: Type.String(),
  formCode: Type.String(),
  planned: Type.Integer(),
  done: Type.Integer(),
  records: Type.Array(Type.Object({ id: Type.String(), visitDate: Type.String() })),
});
export type PerformItem = Static<typeof PerformItem>;

export const PerformRow = Type.Object({ ...ContractView.properties, planned: Type.Integer(), done: Type.Integer(), rate: Type.Number() });
export type PerformRow = Static<typeof PerformRow>;
export const PerformData = Type.Object({ contract: ContractView, items: Type.Array(PerformItem) });
export type PerformData = Static<typeof PerformData>;

/** The dialog's pickers (fieldUrl of schemas/contractsign.json). */
export const PickOption = Type.Object({ value: Type.String(), label: Type.String() });
