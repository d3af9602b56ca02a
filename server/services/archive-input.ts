import { checkIdCard } from '../../src/engine/helpers/id-card';
import { formatDate, parseDate } from '../../src/engine/helpers/dates';
import { checkMobile } from '../../src/engine/helpers/patterns';
import { badRequest } from '../http/envelope';

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

export const ARCHIVE_MESSAGES = {
  name: '请输入姓名',
  cardNumber: '证件号必须填写',
  sex: '请选择性别',
  birthday: '请选择出生日期',
  birthdayInvalid: '出生日期格式不正确',
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
 * Checks what the server must never trust: the ID number with the engine's helper (its Chinese
 * message), sex and birth date taken from a resident ID card rather than from the client, and
 * the phones. Throws the first problem as a 400 with its message.
 */
export function checkArchiveBody(body: ArchiveBody, today: Date): CheckedArchive {
  const personName = body.personName?.trim() ?? '';
  if (personName === '') throw badRequest(ARCHIVE_MESSAGES.name);
  const cardType = body.cardType?.trim() || RESIDENT_ID_CARD;
  let idCard = body.idCard?.trim() ?? '';
  let sex = body.sex?.trim() ?? '';
  let birthday = body.birthday?.trim() ?? '';
  if (cardType === RESIDENT_ID_CARD) {
    const id = checkIdCard(idCard, today);
    if (!id.ok) throw badRequest(id.message ?? '你输入的身份证号非法');
    idCard = id.id18!;
    sex = id.gender!;
    birthday = id.birthDate!;
  } else {
    if (idCard === '') throw badRequest(ARCHIVE_MESSAGES.cardNumber);
    if (sex === '') throw badRequest(ARCHIVE_MESSAGES.sex);
    if (birthday === '') throw badRequest(ARCHIVE_MESSAGES.birthday);
    const parsed = parseDate(birthday);
    if (!parsed) throw badRequest(ARCHIVE_MESSAGES.birthdayInvalid);
    birthday = formatDate(parsed);
    idCard = idCard.toUpperCase();
  }
  const phone = body.phone?.trim() ?? '';
  if (phone !== '') {
    const mobile = checkMobile(phone);
    if (!mobile.ok) throw badRequest(mobile.message ?? '手机号码格式不正确');
  }
  const contactPhone = body.contactPhone?.trim() ?? '';
  if (contactPhone !== '') {
    const mobile = checkMobile(contactPhone);
    if (!mobile.ok) throw badRequest(`联系人${mobile.message ?? '手机号码格式不正确'}`);
  }
  const labels = body.crowdLabels === undefined ? undefined : (Array.isArray(body.crowdLabels) ? body.crowdLabels : body.crowdLabels.split(',')).map((s) => s.trim()).filter(Boolean).join(',');
  return { personName, idCard, cardType, sex, birthday, phone, contactPhone, crowdLabels: labels };
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
