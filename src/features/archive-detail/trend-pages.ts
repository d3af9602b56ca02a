import type { ArchivePage } from './archive-pages';
import { trendMessages } from './trend-messages';
import { BloodPressureTrendPage, GlucoseTrendPage } from './trend-page';

/**
 * Spec 001 §2's "hypertension … trend" and "diabetes … glucose trend" archive pages: offered with
 * the follow-up they chart (the registry decides whom that follow-up applies to), right after it in
 * the menu (高血压随访 20, 高血压筛查 21; 糖尿病随访 30).
 */
export const TREND_PAGES: readonly ArchivePage[] = [
  {
    code: 'hypertensiontrend',
    title: { zh: trendMessages.zh.bpMenu, en: trendMessages.en.bpMenu },
    order: 22,
    offeredWith: (routes) => routes.some((r) => r.code === 'hypertensionfollowup'),
    Page: BloodPressureTrendPage,
  },
  {
    code: 'glucosetrend',
    title: { zh: trendMessages.zh.glucoseMenu, en: trendMessages.en.glucoseMenu },
    order: 31,
    offeredWith: (routes) => routes.some((r) => r.code === 'diabetesfollowup'),
    Page: GlucoseTrendPage,
  },
];
