// Resident identity numbers (001 §5, 000 §5): GB 11643 format, region prefix, birth date, check digit,
// and the 15 → 18 upgrade. Messages are those of the original validator, kept in one table.
import { ageYears, formatDate, fromClock, compareDates, type CalendarDate, daysInMonth } from './dates';

export const ID_CARD_MESSAGES = {
  empty: '身份证号不能为空',
  format: '你输入的身份证长度或格式错误',
  region: '你的身份证地区非法',
  birth: '身份证上的出生日期非法',
  checksum: '你输入的身份证号非法',
} as const;

/** Province-level prefixes, with Taiwan 71, Hong Kong 81, Macau 82 and overseas 91. */
export const ID_CARD_REGIONS: Readonly<Record<string, string>> = {
  '11': '北京',
  '12': '天津',
  '13': '河北',
  '14': '山西',
  '15': '内蒙古',
  '21': '辽宁',
  '22': '吉林',
  '23': '黑龙江',
  '31': '上海',
  '32': '江苏',
  '33': '浙江',
  '34': '安徽',
  '35': '福建',
  '36': '江西',
  '37': '山东',
  '41': '河南',
  '42': '湖北',
  '43': '湖南',
  '44': '广东',
  '45': '广西',
  '46': '海南',
  '50': '重庆',
  '51': '四川',
  '52': '贵州',
  '53': '云南',
  '54': '西藏',
  '61': '陕西',
  '62': '甘肃',
  '63': '青海',
  '64': '宁夏',
  '65': '新疆',
  '71': '台湾',
  '81': '香港',
  '82': '澳门',
  '91': '国外',
};

export const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CODES = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'] as const;

/** The check character of the first 17 digits: weighted sum modulo 11. */
export function idCardCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_CARD_WEIGHTS[i] ?? 0);
  return CHECK_CODES[sum % 11] ?? '';
}

/** Upgrades a 15-digit number: '19' goes before the two-digit birth year, then the check digit. */
export function idCard15To18(id15: string): string {
  const first17 = `${id15.slice(0, 6)}19${id15.slice(6, 15)}`;
  return first17 + idCardCheckDigit(first17);
}

export interface IdCardResult {
  ok: boolean;
  /** The first failing check's message, as shown to staff. */
  message?: string;
  /** The 18-character number (upgraded when 15 were given), upper-case X. */
  id18?: string;
  region?: string;
  birthDate?: string;
  /** '1' male (odd 17th digit), '2' female (even). */
  gender?: '1' | '2';
}

function birthOf(digits8: string): CalendarDate | null {
  const y = Number(digits8.slice(0, 4));
  const m = Number(digits8.slice(4, 6));
  const d = Number(digits8.slice(6, 8));
  if (y < 1800 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

/**
 * Validates in the original order — empty, length/format, region, birth date, check digit — and
 * returns the first message. With `now`, a birth date after today is impossible too.
 */
export function checkIdCard(input: unknown, now?: Date): IdCardResult {
  const raw = typeof input === 'string' ? input.trim() : typeof input === 'number' ? String(input) : '';
  if (raw === '') return { ok: false, message: ID_CARD_MESSAGES.empty };
  if (!/^\d{15}$/.test(raw) && !/^\d{17}[\dXx]$/.test(raw)) return { ok: false, message: ID_CARD_MESSAGES.format };
  const region = ID_CARD_REGIONS[raw.slice(0, 2)];
  if (region === undefined) return { ok: false, message: ID_CARD_MESSAGES.region };
  const is15 = raw.length === 15;
  const birth = birthOf(is15 ? `19${raw.slice(6, 12)}` : raw.slice(6, 14));
  if (!birth || (now && compareDates(birth, fromClock(now)) > 0)) return { ok: false, message: ID_CARD_MESSAGES.birth };
  const id18 = is15 ? idCard15To18(raw) : raw.toUpperCase();
  if (!is15 && idCardCheckDigit(id18.slice(0, 17)) !== id18[17]) return { ok: false, message: ID_CARD_MESSAGES.checksum };
  const genderDigit = Number(id18[16]);
  return { ok: true, id18, region, birthDate: formatDate(birth), gender: genderDigit % 2 === 1 ? '1' : '2' };
}

export function idCardBirthDate(input: unknown): string | null {
  return checkIdCard(input).birthDate ?? null;
}

export function idCardGender(input: unknown): '1' | '2' | null {
  return checkIdCard(input).gender ?? null;
}

/** Completed years at the passed-in clock. */
export function idCardAge(input: unknown, now: Date): number | null {
  const r = checkIdCard(input, now);
  return r.birthDate ? ageYears(r.birthDate, formatDate(fromClock(now))) : null;
}
