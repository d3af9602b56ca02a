// 儿童健康管理: the growth expression functions the child health exams' rules use (z-score,
// percentile and evaluation of weight, length/height, head circumference and BMI against the WHO
// Child Growth Standards). The tables come from the registry the host fills (helpers/growth.ts);
// without them the functions answer null and the calc fields stay empty.
import { daysBetween } from '../helpers/dates';
import { growthBmi, growthEvaluation, growthZ, percentileOf, whoLengthHeight } from '../helpers/growth';
import type { FunctionSpec } from './functions';

const round2 = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);
const round1 = (v: number | null): number | null => (v === null ? null : Math.round(v * 10) / 10);

/** The expression functions, merged into FUNCTIONS (functions.ts). */
export const GROWTH_FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  calcAgeDays: {
    params: ['date', 'date'],
    returns: 'number',
    impl: (_c, birth, at) => {
      const d = daysBetween(birth, at);
      return d === null || d < 0 ? null : d;
    },
    doc: 'age in days from the birth date to the visit date (the index of the WHO age tables); empty when reversed',
  },
  growthZ: {
    params: ['string', 'any', 'number', 'number'],
    returns: 'number',
    impl: (_c, indicator, sex, index, value) => round2(growthZ(indicator, sex, index, value)),
    doc: "WHO z-score (2 decimals): growthZ('wfa'|'lhfa'|'wfl'|'wfh'|'hcfa'|'bfa', sex 1/2, age in days or length/height cm, value)",
  },
  growthPercentile: {
    params: ['string', 'any', 'number', 'number'],
    returns: 'number',
    impl: (_c, indicator, sex, index, value) => {
      const z = growthZ(indicator, sex, index, value);
      return z === null ? null : round1(percentileOf(z));
    },
    doc: 'WHO percentile (1 decimal) of the measurement, same arguments as growthZ',
  },
  growthEval: {
    params: ['string', 'number'],
    returns: 'string',
    impl: (_c, indicator, z) => growthEvaluation(indicator, z),
    doc: 'the evaluation of a z-score: 低体重 / 生长迟缓 / 消瘦 / 超重 / 肥胖 / 头围过小 … or 正常 (儿童营养性疾病管理技术规范 cut-offs)',
  },
  whoLength: {
    params: ['number', 'number', 'any'],
    returns: 'number',
    // 测量方式 is optional: an empty one leaves the measurement as taken, so the function must see it.
    nullAware: true,
    impl: (_c, ageDays, cm, position) => whoLengthHeight(ageDays, cm, position),
    doc: "the length/height WHO's tables expect (cm): +0.7 for a child under 2 measured standing, −0.7 from 2 years measured lying (position '1' 卧位, '2' 立位)",
  },
  calcChildBmi: {
    params: ['number', 'number'],
    returns: 'number',
    impl: (_c, w, h) => round2(growthBmi(w, h)),
    doc: 'BMI kg/m² (2 decimals) from weight kg and length/height cm, for BMI-for-age',
  },
};
