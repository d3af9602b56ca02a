// The maternal forms and the spec calls that save them (spec 001 §7 userfollowup; issue 32), and what a
// saved record changes on its case (iph_user_archives_other): the risk colour, the delivery date, the
// close-off of the 42-day exam.
import type { FormPath } from '../../followups/index';
import { MATERNAL_SAVE_CALLS, type MaternalFormCode } from '../../../src/shared/contract/maternal-saves';

/** Form codes of the maternal programme (schemas/maternal*.json; the maternal shell relies on them). */
export const MATERNAL_FORMS = {
  firstVisit: 'maternalfirstvisit',
  prenatal: 'maternalprenatal',
  delivery: 'maternaldelivery',
  postpartum: 'maternalpostpartum',
  postpartum42: 'maternalpostpartum42',
  death: 'maternaldeath',
  newborn: 'maternalnewborn',
} as const satisfies Record<string, MaternalFormCode>;

/** One row per save call (the paths are the shared contract's, the maternal shell posts to them); app.ts registers them with followups' one handler (formPathRoutes). */
export const MATERNAL_FORM_PATHS: readonly FormPath[] = Object.values(MATERNAL_FORMS).map((formCode) => ({
  path: MATERNAL_SAVE_CALLS[formCode],
  formCode,
  other: 'maternal' as const,
}));

/** The forms that carry the pregnancy risk assessment (riskGrade, riskInfectious and the four factor lists). */
export const GRADED_FORMS: readonly string[] = [MATERNAL_FORMS.firstVisit, MATERNAL_FORMS.prenatal];

export const RISK_COLORS = ['green', 'yellow', 'orange', 'red'] as const;
export type RiskColor = (typeof RISK_COLORS)[number];

/** The factor lists of the assessment, by colour, with their dictionaries (codemaps/maternal.json). */
export const RISK_FACTOR_FIELDS = [
  { field: 'riskYellow', color: 'yellow', bizCode: 'mat_risk_yellow' },
  { field: 'riskOrange', color: 'orange', bizCode: 'mat_risk_orange' },
  { field: 'riskRed', color: 'red', bizCode: 'mat_risk_red' },
  { field: 'riskPurple', color: 'purple', bizCode: 'mat_risk_purple' },
] as const;

/** 产后42天健康检查 处理 = 结案 (mat_pp42_handling '1') closes the case with this reason. */
export const CLOSE_REASON_42 = '产后42天检查结案';

export const riskColorOf = (v: unknown): RiskColor | null => ((RISK_COLORS as readonly unknown[]).includes(v) ? (v as RiskColor) : null);
