// The only functions an expression may call. Each has a signature the compiler checks and an
// implementation that never throws: a helper that cannot answer returns null, which the evaluator
// treats as "no value" (a calc clears its field, a condition is false).
// Names forms use for fields (age, bmi, monthAge) are kept free — expr-eval resolves a function
// before a variable of the same name — hence calcAge, calcBmi, calcMonthAge.
import { bmi, roundTo } from '../helpers/body';
import { bpControlled, bpGuidelineGrade, bpLow, bpSpecLevel } from '../helpers/blood-pressure';
import { addDays, ageYears, daysBetween, formatDate, fromClock, monthAge } from '../helpers/dates';
import { checkIdCard, idCardAge, ID_CARD_MESSAGES } from '../helpers/id-card';
import { checkMobile, MOBILE_MESSAGES } from '../helpers/patterns';
import { dueDateFromLmp, gestationAt, gestationText, lmpProblem } from '../helpers/pregnancy';
import { checkNewPassword } from '../../shared/policies/password';
import { isEmptyValue } from '../runtime/values';
import { GROWTH_FUNCTIONS } from './growth-functions';
import { TCM_FUNCTIONS } from './tcm-constitution';
import type { ExprType } from './types';

/** The clock of one evaluation (EvalContext.now), handed to the functions that read it. */
export interface Clock {
  readonly now: Date;
}

export interface FunctionSpec {
  params: ExprType[];
  /** How many trailing params may be left out. */
  optional?: number;
  /** 'arg0': the type of the first argument. */
  returns: ExprType | 'arg0';
  /** Receives empty arguments as null; other functions are not called when an argument is empty. */
  nullAware?: boolean;
  /** Reads the clock: rules using it are re-run when the clock passed in changes. */
  usesClock?: boolean;
  impl: (clock: Clock, ...args: unknown[]) => unknown;
  doc: string;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number.NaN);
const orNull = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);
const today = (clock: Clock): string => formatDate(fromClock(clock.now));
/** The key of a helper's message ('region' for 你的身份证地区非法), so a rule can give each problem its own words. */
const problemKey = (messages: Readonly<Record<string, string>>, result: { ok: boolean; message?: string }): string | null =>
  result.ok ? null : (Object.keys(messages).find((k) => messages[k] === result.message) ?? null);

export const FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  hasValue: {
    params: ['any'],
    returns: 'boolean',
    nullAware: true,
    impl: (_c, v) => !isEmptyValue(v),
    doc: 'true when the value is filled',
  },
  isEmpty: { params: ['any'], returns: 'boolean', nullAware: true, impl: (_c, v) => isEmptyValue(v), doc: 'true when the value is empty' },
  ifEmpty: {
    params: ['any', 'any'],
    returns: 'arg0',
    nullAware: true,
    impl: (_c, v, d) => (isEmptyValue(v) ? d : v),
    doc: 'the value, or the fallback when empty',
  },
  len: {
    params: ['any'],
    returns: 'number',
    nullAware: true,
    impl: (_c, v) => (typeof v === 'string' || Array.isArray(v) ? v.length : 0),
    doc: 'length of a text or number of chosen codes',
  },
  contains: {
    params: ['list', 'string'],
    returns: 'boolean',
    nullAware: true,
    impl: (_c, l, x) => Array.isArray(l) && l.includes(x),
    doc: 'true when a multi-choice value includes the code',
  },
  round: {
    params: ['number', 'number'],
    optional: 1,
    returns: 'number',
    impl: (_c, v, d) => roundTo(num(v), d === undefined ? 0 : num(d)),
    doc: 'half-up rounding to N decimals',
  },
  abs: { params: ['number'], returns: 'number', impl: (_c, v) => Math.abs(num(v)), doc: 'absolute value' },
  floor: { params: ['number'], returns: 'number', impl: (_c, v) => Math.floor(num(v)), doc: 'round down' },
  ceil: { params: ['number'], returns: 'number', impl: (_c, v) => Math.ceil(num(v)), doc: 'round up' },
  min: { params: ['number', 'number'], returns: 'number', impl: (_c, a, b) => Math.min(num(a), num(b)), doc: 'smaller of two' },
  max: { params: ['number', 'number'], returns: 'number', impl: (_c, a, b) => Math.max(num(a), num(b)), doc: 'larger of two' },
  today: { params: [], returns: 'date', usesClock: true, impl: (c) => today(c), doc: "today's date from the clock passed in" },
  calcAge: {
    params: ['date', 'date'],
    optional: 1,
    returns: 'number',
    usesClock: true,
    impl: (c, b, at) => ageYears(b, at ?? today(c)),
    doc: 'completed years from a birth date (to today or a given date)',
  },
  calcMonthAge: {
    params: ['date', 'date'],
    optional: 1,
    returns: 'number',
    usesClock: true,
    impl: (c, s, e) => monthAge(s, e ?? today(c)),
    doc: 'month age; 0 months counts as 1 from 28 days',
  },
  daysBetween: {
    params: ['date', 'date'],
    returns: 'number',
    impl: (_c, a, b) => daysBetween(a, b),
    doc: 'days from the first date to the second',
  },
  addDays: { params: ['date', 'number'], returns: 'date', impl: (_c, d, n) => addDays(d, num(n)), doc: 'a date N days later' },
  calcBmi: {
    params: ['number', 'number'],
    returns: 'number',
    impl: (_c, w, h) => bmi(num(w), num(h)),
    doc: 'weight (kg) / height (cm → m)², 2 decimals',
  },
  bpGuidelineGrade: {
    params: ['number', 'number'],
    returns: 'number',
    impl: (_c, s, d) => bpGuidelineGrade(num(s), num(d)),
    doc: '血压分级 (中国高血压防治指南 2018): 0 正常 <120/80, 1 正常高值 120–139/80–89, 2 1级 140–159/90–99, 3 2级 160–179/100–109, 4 3级 ≥180/110; the higher of the two decides (code map bp_grade)',
  },
  bpControlled: {
    params: ['number', 'number', 'number', 'boolean'],
    optional: 2,
    returns: 'boolean',
    impl: (_c, s, d, a, diab) => bpControlled(num(s), num(d), { age: a === undefined ? null : num(a), diabetic: diab === true }),
    doc: '控制达标: below 140/90 (150/90 at 65 and over, unless the 4th argument says diabetic)',
  },
  bpLow: {
    params: ['number', 'number'],
    returns: 'boolean',
    impl: (_c, s, d) => bpLow(num(s), num(d)),
    doc: '血压偏低: systolic < 90 or diastolic < 60 (001 §5 level 1)',
  },
  // Spec 001 §5's levels, kept because stored form versions may call them; not the guideline's
  // grades (see helpers/blood-pressure.ts), so new rules use bpGuidelineGrade, bpControlled, bpLow.
  bpGrade: {
    params: ['number', 'number', 'number', 'boolean'],
    optional: 2,
    returns: 'number',
    impl: (_c, s, d, a, diab) => bpSpecLevel(num(s), num(d), { age: a === undefined ? null : num(a), diabetic: diab === true }),
    doc: 'deprecated — spec 001 §5 level (not the guideline grade): 0, 1 low, 2 ≥130/85, 3 at or over the target (150 at 65+); use bpGuidelineGrade',
  },
  bpSeverity: {
    params: ['number', 'number', 'number', 'boolean'],
    optional: 2,
    returns: 'number',
    impl: (_c, s, d, a, diab) =>
      bpSpecLevel(num(s), num(d), { age: a === undefined ? null : num(a), diabetic: diab === true, graded: true }),
    doc: 'deprecated — spec 001 §5 level with the second flag (not the guideline grade): 0–2 as bpGrade, 4 over the target below 180/110, 5 ≥180/110; use bpGuidelineGrade',
  },
  idCardValid: {
    params: ['string'],
    returns: 'boolean',
    usesClock: true,
    impl: (c, v) => checkIdCard(v, c.now).ok,
    doc: 'a valid resident identity number',
  },
  idCardBirth: {
    params: ['string'],
    returns: 'date',
    impl: (_c, v) => orNull(checkIdCard(v).birthDate),
    doc: 'birth date from an identity number',
  },
  idCardGender: {
    params: ['string'],
    returns: 'string',
    impl: (_c, v) => orNull(checkIdCard(v).gender),
    doc: "'1' male, '2' female from the 17th digit",
  },
  idCardAge: {
    params: ['string'],
    returns: 'number',
    usesClock: true,
    impl: (c, v) => idCardAge(v, c.now),
    doc: 'age from an identity number',
  },
  codes: {
    params: ['string'],
    returns: 'list',
    impl: (_c, v) =>
      String(v)
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== ''),
    doc: 'a list of dictionary codes from comma-separated text, for options rules: codes("1,2,4")',
  },
  toCode: {
    params: ['number'],
    returns: 'string',
    impl: (_c, v) => (Number.isInteger(num(v)) ? String(num(v)) : null),
    doc: 'a whole number as a dictionary code (3 → "3"), for calcs that fill a select',
  },
  isMobile: { params: ['string'], returns: 'boolean', impl: (_c, v) => checkMobile(v).ok, doc: '11 digits starting with 1' },
  idCardProblem: {
    params: ['string'],
    returns: 'string',
    usesClock: true,
    impl: (c, v) => problemKey(ID_CARD_MESSAGES, checkIdCard(v, c.now)),
    doc: "why a resident identity number is refused, first check first (spec 001 §5): 'format', 'region', 'birth' (impossible or after today), 'checksum'; empty when valid",
  },
  mobileProblem: {
    params: ['string'],
    returns: 'string',
    impl: (_c, v) => problemKey(MOBILE_MESSAGES, checkMobile(v)),
    doc: "why a mobile number is refused: 'length' (not 11 digits), 'format' (not 1 and digits); empty when valid",
  },
  isStrongPassword: {
    params: ['string'],
    returns: 'boolean',
    impl: (_c, v) => checkNewPassword(typeof v === 'string' ? v : String(v)).ok,
    doc: 'the new-password policy (000 §5, src/shared/policies/password.ts): 8+ characters with a digit, lower and upper case and one of ~!@#$%^&*_',
  },
  isMasked: {
    params: ['string'],
    returns: 'boolean',
    impl: (_c, v) => typeof v === 'string' && v.includes('*'),
    doc: 'text the server sent masked (441***********1234, 137****5678): the stored value shown, not one typed',
  },
  isJson: {
    params: ['string'],
    returns: 'boolean',
    impl: (_c, v) => {
      if (typeof v !== 'string') return false;
      try {
        JSON.parse(v);
        return true;
      } catch {
        return false;
      }
    },
    doc: 'text that parses as JSON (a stored data set, avuedata): an object, array, string, number, true, false or null',
  },
  // 孕产妇保健: gestation from the last menstrual period (helpers/pregnancy.ts).
  calcDueDate: {
    params: ['date'],
    returns: 'date',
    impl: (_c, lmp) => dueDateFromLmp(lmp),
    doc: 'the expected date of delivery: LMP + 280 days (Naegele)',
  },
  calcGestationWeeks: {
    params: ['date', 'date'],
    optional: 1,
    returns: 'number',
    usesClock: true,
    impl: (c, lmp, at) => gestationAt(lmp, at ?? today(c))?.weeks ?? null,
    doc: 'completed weeks of pregnancy at the date (default today) from the LMP; empty before the LMP',
  },
  calcGestationDays: {
    params: ['date', 'date'],
    optional: 1,
    returns: 'number',
    usesClock: true,
    impl: (c, lmp, at) => gestationAt(lmp, at ?? today(c))?.totalDays ?? null,
    doc: 'days of pregnancy at the date (default today) from the LMP',
  },
  gestationLabel: {
    params: ['date', 'date'],
    optional: 1,
    returns: 'string',
    usesClock: true,
    impl: (c, lmp, at) => {
      const g = gestationAt(lmp, at ?? today(c));
      return g ? gestationText(g) : null;
    },
    doc: '孕12+3周: the gestational age at the date (default today) as the maternal pages show it',
  },
  lmpProblem: {
    params: ['date'],
    returns: 'string',
    usesClock: true,
    impl: (c, lmp) => lmpProblem(lmp, today(c)),
    doc: "why an LMP is refused today: 'future', 'tooOld' (more than 45 weeks ago); empty when accepted",
  },
  // 老年人中医药健康管理: constitution scores and verdicts (tcm-constitution.ts).
  ...TCM_FUNCTIONS,
  // 儿童健康管理: WHO growth z-scores (growth-functions.ts).
  ...GROWTH_FUNCTIONS,
};

export const FUNCTION_NAMES: readonly string[] = Object.keys(FUNCTIONS);
