// The answers of userarchivesother/* (spec 001 §7; issue 32): a maternal or child case as the screens
// read it, and the filing defaults of not-lgt-detail. Server routes answer with these; the web app
// types what it reads as Static<>.
import { Type, type Static } from 'typebox';

const Gestation = Type.Object({ weeks: Type.Integer(), days: Type.Integer(), text: Type.String() });
/** One case; `gestation` is today's for an open pregnancy, else null. */
export const CaseViewSchema = Type.Object({
  id: Type.String(),
  otherId: Type.String(),
  archId: Type.String(),
  kind: Type.String(),
  status: Type.String(),
  statusText: Type.String(),
  personName: Type.String(),
  sex: Type.String(),
  birthday: Type.String(),
  age: Type.Union([Type.Integer(), Type.Null()]),
  idCard: Type.String(),
  pregnantBookId: Type.String(),
  barcode: Type.String(),
  /** 休养地: where the mother stays after the birth ('' until known). */
  restRegion: Type.String(),
  doctorId: Type.String(),
  doctorName: Type.String(),
  unitName: Type.String(),
  lastMenstrualPeriod: Type.Union([Type.String(), Type.Null()]),
  dateOfPrenatal: Type.Union([Type.String(), Type.Null()]),
  gestation: Type.Union([Gestation, Type.Null()]),
  gravidity: Type.Union([Type.Integer(), Type.Null()]),
  parity: Type.Union([Type.Integer(), Type.Null()]),
  riskColor: Type.String(),
  deliveryDate: Type.Union([Type.String(), Type.Null()]),
  birthDate: Type.Union([Type.String(), Type.Null()]),
  birthWeight: Type.Union([Type.Number(), Type.Null()]),
  childSex: Type.String(),
  motherArchId: Type.Union([Type.String(), Type.Null()]),
  highRisk: Type.Integer(),
  closeDate: Type.Union([Type.String(), Type.Null()]),
  closeReason: Type.String(),
  closeReasonText: Type.String(),
  cancelReason: Type.String(),
  cancelTime: Type.String(),
  rowVersion: Type.Integer(),
  createTime: Type.String(),
});

export type CaseView = Static<typeof CaseViewSchema>;

/** not-lgt-detail: a resident's filing defaults (name, birth, ID masked, G/P after her last closed pregnancy). */
export const FilingDefaultsSchema = Type.Object({
  archId: Type.String(),
  personName: Type.String(),
  sex: Type.String(),
  birthday: Type.String(),
  age: Type.Union([Type.Integer(), Type.Null()]),
  idCard: Type.String(),
  filed: Type.Boolean(),
  otherId: Type.Union([Type.String(), Type.Null()]),
  gravidity: Type.Union([Type.Integer(), Type.Null()]),
  parity: Type.Union([Type.Integer(), Type.Null()]),
  lastLmp: Type.Union([Type.String(), Type.Null()]),
  refusal: Type.Union([Type.String(), Type.Null()]),
});
