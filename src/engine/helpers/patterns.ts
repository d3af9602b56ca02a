// Helper patterns of 000 §5 / 002 §5, with the spec's messages.

export const MOBILE_MESSAGES = {
  empty: '手机号码不能为空',
  length: '手机号码长度不为11位',
  format: '手机号码格式不正确',
} as const;

/** Mobile numbers: 11 digits starting with 1. Landlines (0xx-xxxxxxx) fail on length or format. */
export function checkMobile(input: unknown): { ok: boolean; message?: string } {
  const v = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (v === '') return { ok: false, message: MOBILE_MESSAGES.empty };
  if (v.length !== 11) return { ok: false, message: MOBILE_MESSAGES.length };
  if (!/^1\d{10}$/.test(v)) return { ok: false, message: MOBILE_MESSAGES.format };
  return { ok: true };
}

export const PATTERNS = {
  mobile: /^1\d{10}$/,
  /** 15 digits, or 17 digits then a digit or X (format only; see checkIdCard for the full check). */
  idCard: /^(\d{15}|\d{17}[\dXx])$/,
  /** A non-negative number with one or two decimal places at most. */
  decimal2: /^\d+(\.\d{1,2})?$/,
  decimal3: /^\d+(\.\d{1,3})?$/,
  decimal1: /^\d+(\.\d)?$/,
  digits7to8: /^\d{7,8}$/,
  alphanumeric: /^[A-Za-z0-9]+$/,
  url: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
} as const;

export type PatternName = keyof typeof PATTERNS;

export function matchesPattern(name: PatternName, input: unknown): boolean {
  const v = typeof input === 'number' ? String(input) : typeof input === 'string' ? input : null;
  return v !== null && PATTERNS[name].test(v);
}

/** True when the text has no Chinese (CJK unified) characters. */
export function hasNoChinese(input: string): boolean {
  return !/[\u3400-\u4dbf\u4e00-\u9fff]/.test(input);
}

/**
 * Number input (002 §5): strips everything but digits and dots, and a negative becomes 0.
 * Returns text, as the widget holds it while typing.
 */
export function sanitiseNumberInput(input: string | number | null | undefined): string {
  if (input === null || input === undefined) return '';
  if (typeof input === 'number') return Number.isFinite(input) ? String(Math.max(0, input)) : '';
  const t = input.trim();
  if (/^-\s*\d/.test(t)) return '0';
  return t.replace(/[^\d.]/g, '');
}
