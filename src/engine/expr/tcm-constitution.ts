// 老年人中医药健康管理服务记录表: the constitution scoring of 国家基本公共卫生服务规范（第三版）
// (老年人中医药健康管理服务规范, 体质判定标准). The 33 answers are codes "1"–"5" (没有 … 总是); which
// questions belong to which constitution is written in the form's rules, so an analyst can read
// it there — these functions only add up and apply the thresholds.
import type { FunctionSpec } from './functions';

/** 是 / 倾向是 (平和质: 基本是) / 否 — the codes of tcm_verdict and tcm_balanced_verdict. */
export const VERDICT_YES = '1';
export const VERDICT_LEANING = '2';
export const VERDICT_NO = '3';

/** An answer code "1"–"5" (or the number) as its score, else null. */
export function answerScore(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[1-5]$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
}

/** The sum of the answers; null while any is missing or not 1–5 (an unfinished questionnaire has no score). */
export function sumAnswers(answers: readonly unknown[]): number | null {
  let total = 0;
  for (const a of answers) {
    const s = answerScore(a);
    if (s === null) return null;
    total += s;
  }
  return total;
}

/**
 * 平和质: question 1 scored as answered, questions 2, 4, 5 and 13 reverse-scored (1↔5, 2↔4): being
 * rarely tired, breathless, low or cold-averse counts for a balanced constitution.
 */
export function balancedSum(q1: unknown, q2: unknown, q4: unknown, q5: unknown, q13: unknown): number | null {
  const direct = answerScore(q1);
  const reversed = sumAnswers([q2, q4, q5, q13]);
  return direct === null || reversed === null ? null : direct + 4 * 6 - reversed;
}

/** A biased constitution (4 questions, 4–20): ≥11 是, 9–10 倾向是, ≤8 否. */
export function biasedVerdict(score: number): string | null {
  if (!Number.isFinite(score)) return null;
  if (score >= 11) return VERDICT_YES;
  if (score >= 9) return VERDICT_LEANING;
  return VERDICT_NO;
}

/**
 * 平和质 (5 questions, 5–25): 是 when its score is ≥17 and every biased constitution scores ≤8;
 * 基本是 when its score is ≥17 and every biased one scores ≤10; otherwise 否.
 */
export function balancedVerdict(score: number, biasedScores: readonly number[]): string | null {
  if (!Number.isFinite(score) || biasedScores.some((s) => !Number.isFinite(s))) return null;
  if (score < 17) return VERDICT_NO;
  const highest = Math.max(...biasedScores);
  if (highest <= 8) return VERDICT_YES;
  if (highest <= 10) return VERDICT_LEANING;
  return VERDICT_NO;
}

/**
 * The constitutions a resident has, as tcm_constitution codes ("1" 平和质 … "9" 特禀质): every one
 * judged 是 or 倾向是 (平和质: 是 or 基本是). The verdicts come in the code order of tcm_constitution.
 */
export function identifiedConstitutions(verdicts: readonly unknown[]): string[] | null {
  if (verdicts.some((v) => v !== VERDICT_YES && v !== VERDICT_LEANING && v !== VERDICT_NO)) return null;
  return verdicts.flatMap((v, i) => (v === VERDICT_NO ? [] : [String(i + 1)]));
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number.NaN);

/** The expression functions, merged into FUNCTIONS (functions.ts). */
export const TCM_FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  tcmSum: {
    params: ['string', 'string', 'string', 'string'],
    returns: 'number',
    impl: (_c, a, b, c, d) => sumAnswers([a, b, c, d]),
    doc: '中医体质: the sum of four answers (codes 1–5), the raw score of a biased constitution (4–20)',
  },
  tcmBalancedSum: {
    params: ['string', 'string', 'string', 'string', 'string'],
    returns: 'number',
    impl: (_c, q1, q2, q4, q5, q13) => balancedSum(q1, q2, q4, q5, q13),
    doc: '平和质 score (5–25) from questions 1, 2, 4, 5, 13 in that order; 2, 4, 5 and 13 reverse-scored',
  },
  tcmVerdict: {
    params: ['number'],
    returns: 'string',
    impl: (_c, s) => biasedVerdict(num(s)),
    doc: 'biased constitution verdict (code map tcm_verdict): "1" 是 ≥11, "2" 倾向是 9–10, "3" 否 ≤8',
  },
  tcmBalancedVerdict: {
    params: ['number', 'number', 'number', 'number', 'number', 'number', 'number', 'number', 'number'],
    returns: 'string',
    impl: (_c, s, ...others) => balancedVerdict(num(s), others.map(num)),
    doc: '平和质 verdict (tcm_balanced_verdict) from its score and the eight biased scores: "1" 是 (≥17, all others ≤8), "2" 基本是 (≥17, all others ≤10), "3" 否',
  },
  tcmConstitutions: {
    params: ['string', 'string', 'string', 'string', 'string', 'string', 'string', 'string', 'string'],
    returns: 'list',
    impl: (_c, ...verdicts) => identifiedConstitutions(verdicts),
    doc: 'the constitutions judged 是 / 倾向是 (基本是) as tcm_constitution codes, from the nine verdicts in code order (平和质 … 特禀质)',
  },
};
