import { checkIdCard, formatDate, parseDate } from '../../../src/engine';
import { checkDialog, dialogValues, DIALOG_FORMS, type DialogCheck } from '../../forms/index';

/** The create-update-archives body (spec 001 §3 names); the route's JSON schema checks the types. */
export interface ArchiveBody {
  id?: string;
  rowVersion?: number;
  personName?: string;
  idCard?: string;
  cardType?: string;
  sex?: string;
  birthday?: string;
  phone?: string;
  contactName?: string;
  contactPhone?: string;
  contactRelaCode?: string;
  compateAddress?: string;
  compateAddressNumber?: string;
  homeAddress?: string;
  homeAddressNumber?: string;
  regionCode?: string;
  regionAddress?: string;
  familyId?: string;
  mainDoctorId?: string;
  teamId?: string;
  empId?: string;
  insuranceCode?: string;
  cardNo?: string;
  avatar?: string;
  crowdLabels?: string[] | string;
}

/** Resident identity card, the default card type (dictionary card_type). */
export const RESIDENT_ID_CARD = '1';

/**
 * What the server adds to the archive form's rules (rules/archiveedit.rules.json: ID number, name,
 * sex and birth date for other cards, phones): uniqueness, versions, state and the people named.
 */
export const ARCHIVE_MESSAGES = {
  duplicate: '该证件号已在本机构建档',
  stale: '档案已被他人修改，请刷新后重试',
  versionMissing: '请先读取档案再修改（缺少版本号）',
  cancelled: '档案已注销，不能修改',
  doctor: '责任医生不存在',
  team: '团队不存在',
} as const;

export interface CheckedArchive {
  personName: string;
  idCard: string;
  cardType: string;
  sex: string;
  birthday: string;
  phone: string;
  contactPhone: string;
  crowdLabels: string | undefined;
}

/**
 * The body's fields the archive form checks. Not the id: by now an update's ID number and phones
 * are the stored ones wherever the caller sent them masked (withStoredIdentity), and are checked
 * as a new archive's (the form skips them only for the dialog, which shows them masked). Nor the
 * crowd labels: a published form's placement may name a new one.
 */
const ARCHIVE_FIELDS = ['cardType', 'idCard', 'personName', 'sex', 'birthday', 'phone', 'contactPhone', 'homeAddress'] as const;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The archive dialog's form (schemas/archiveedit.json) run on the body: the first problem is thrown
 * as a 400 with the dialog's message. For a resident ID card the form's calculations take sex and
 * birth date from the number, never from the client; the number itself is kept as 18 characters
 * (a 15-digit one upgraded, x as X).
 */
export async function checkArchiveBody(ctx: DialogCheck, body: ArchiveBody): Promise<CheckedArchive> {
  const cardType = body.cardType?.trim() || RESIDENT_ID_CARD;
  const values = await checkDialog(ctx, DIALOG_FORMS.archive, { ...dialogValues(body, ARCHIVE_FIELDS), cardType });
  const resident = cardType === RESIDENT_ID_CARD;
  const idCard = resident ? checkIdCard(values.idCard, ctx.now).id18! : text(values.idCard).toUpperCase();
  const labels =
    body.crowdLabels === undefined
      ? undefined
      : (Array.isArray(body.crowdLabels) ? body.crowdLabels : body.crowdLabels.split(','))
          .map((s) => s.trim())
          .filter(Boolean)
          .join(',');
  return {
    personName: text(values.personName),
    idCard,
    cardType,
    sex: text(values.sex),
    birthday: formatDate(parseDate(values.birthday)!),
    phone: text(values.phone),
    contactPhone: text(values.contactPhone),
    crowdLabels: labels,
  };
}

/** What an update needs of the stored archive to fill in what the caller did not (or could not) send. */
export interface StoredIdentity {
  id_card: string;
  card_type: string;
  sex: string;
  birthday: string;
  phone: string;
  contact_phone: string;
}

const unsentOrMasked = (value: string | undefined) => value === undefined || value.includes('*');

/**
 * An update's body with the stored ID number, card type, sex, birth date and phones wherever the
 * caller left them out or sent them masked: a user without the sensitive-view permission only
 * ever sees 441***********1234, and saving the edit screen must neither fail on nor store that.
 */
export function withStoredIdentity(body: ArchiveBody, stored: StoredIdentity): ArchiveBody {
  const keepCard = unsentOrMasked(body.idCard);
  return {
    ...body,
    ...(keepCard && { idCard: stored.id_card, cardType: stored.card_type, sex: stored.sex, birthday: stored.birthday }),
    ...(unsentOrMasked(body.phone) && { phone: stored.phone }),
    ...(unsentOrMasked(body.contactPhone) && { contactPhone: stored.contact_phone }),
  };
}
