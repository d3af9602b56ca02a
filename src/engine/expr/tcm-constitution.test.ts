import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerScore,
  balancedSum,
  balancedVerdict,
  biasedVerdict,
  identifiedConstitutions,
  sumAnswers,
  TCM_FUNCTIONS,
} from './tcm-constitution';

const answer = fc.constantFrom('1', '2', '3', '4', '5');
const clock = { now: new Date('2024-06-15T10:00:00') };

describe('answers and sums', () => {
  it('reads codes 1–5 and nothing else', () => {
    expect(answerScore('3')).toBe(3);
    expect(answerScore(5)).toBe(5);
    expect(answerScore('0')).toBeNull();
    expect(answerScore('6')).toBeNull();
    expect(answerScore('')).toBeNull();
    expect(answerScore(null)).toBeNull();
  });

  it('has no score while a question is unanswered', () => {
    expect(sumAnswers(['1', '2', '3', '4'])).toBe(10);
    expect(sumAnswers(['1', '2', null, '4'])).toBeNull();
  });

  it('reverse-scores questions 2, 4, 5 and 13 of 平和质', () => {
    // Energetic (5) and never tired, quiet-voiced, low or cold-averse (1): the highest score.
    expect(balancedSum('5', '1', '1', '1', '1')).toBe(25);
    expect(balancedSum('1', '5', '5', '5', '5')).toBe(5);
    expect(balancedSum('3', '3', '3', '3', '3')).toBe(15);
    expect(balancedSum('5', '1', '1', '1', null)).toBeNull();
  });

  it('a biased score is 4–20 and 平和质 5–25 for every complete answer set (property)', () => {
    fc.assert(
      fc.property(fc.array(answer, { minLength: 5, maxLength: 5 }), ([a, b, c, d, e]) => {
        const biased = sumAnswers([a, b, c, d]) as number;
        const balanced = balancedSum(a, b, c, d, e) as number;
        expect(biased).toBeGreaterThanOrEqual(4);
        expect(biased).toBeLessThanOrEqual(20);
        expect(balanced).toBeGreaterThanOrEqual(5);
        expect(balanced).toBeLessThanOrEqual(25);
      }),
    );
  });
});

describe('verdicts (规范 体质判定标准)', () => {
  it('biased constitutions: ≥11 是, 9–10 倾向是, ≤8 否', () => {
    expect([4, 8, 9, 10, 11, 20].map(biasedVerdict)).toEqual(['3', '3', '2', '2', '1', '1']);
    expect(biasedVerdict(Number.NaN)).toBeNull();
  });

  it('平和质: ≥17 with all others ≤8 是, all others ≤10 基本是, else 否', () => {
    const others = (highest: number) => [highest, 4, 4, 4, 4, 4, 4, 4];
    expect(balancedVerdict(17, others(8))).toBe('1');
    expect(balancedVerdict(17, others(9))).toBe('2');
    expect(balancedVerdict(17, others(10))).toBe('2');
    expect(balancedVerdict(17, others(11))).toBe('3');
    expect(balancedVerdict(16, others(4))).toBe('3');
    expect(balancedVerdict(25, [4, 4, 4, 4, 4, 4, 4, Number.NaN])).toBeNull();
  });

  it('a 平和质 of 是 never goes with a biased 是 or 倾向是 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 25 }),
        fc.array(fc.integer({ min: 4, max: 20 }), { minLength: 8, maxLength: 8 }),
        (score, biased) => {
          const verdict = balancedVerdict(score, biased);
          if (verdict === '1') expect(biased.map(biasedVerdict).every((v) => v === '3')).toBe(true);
          if (verdict === '2') expect(biased.map(biasedVerdict).some((v) => v === '1')).toBe(false);
        },
      ),
    );
  });

  it('lists the constitutions judged 是 or 倾向是 in code order', () => {
    expect(identifiedConstitutions(['3', '1', '3', '2', '3', '3', '3', '3', '1'])).toEqual(['2', '4', '9']);
    expect(identifiedConstitutions(['1', '3', '3', '3', '3', '3', '3', '3', '3'])).toEqual(['1']);
    expect(identifiedConstitutions(['1', '3', null, '3', '3', '3', '3', '3', '3'])).toBeNull();
  });
});

describe('expression functions', () => {
  it('are called with the answers as the rules pass them', () => {
    expect(TCM_FUNCTIONS.tcmSum!.impl(clock, '3', '3', '3', '2')).toBe(11);
    expect(TCM_FUNCTIONS.tcmBalancedSum!.impl(clock, '4', '2', '2', '2', '2')).toBe(20);
    expect(TCM_FUNCTIONS.tcmVerdict!.impl(clock, 9)).toBe('2');
    expect(TCM_FUNCTIONS.tcmBalancedVerdict!.impl(clock, 20, 8, 8, 8, 8, 8, 8, 8, 8)).toBe('1');
    expect(TCM_FUNCTIONS.tcmConstitutions!.impl(clock, '2', '3', '3', '3', '3', '3', '3', '3', '3')).toEqual(['1']);
  });
});
