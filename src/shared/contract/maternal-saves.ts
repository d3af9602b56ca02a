/**
 * The spec's save calls of the maternal forms (spec 001 §7 userfollowup/*), by form code, without the
 * /api prefix: the server binds each path to its form (server/maternal-care, followups' one handler)
 * and the maternal shell posts each form to its own, so both read them from here.
 */
const U = '/blade-iph-business/userfollowup';
export const MATERNAL_SAVE_CALLS = {
  maternalfirstvisit: `${U}/save_or_update_for_the_first_time_maternal`,
  maternalprenatal: `${U}/save_or_update_prenatal_follow_up`,
  maternaldelivery: `${U}/save_or_update_perinatl_childbirth`,
  maternalpostpartum: `${U}/save_or_update_postpartum_visit`,
  maternalpostpartum42: `${U}/postpartum_42_days_health_check`,
  maternaldeath: `${U}/save_or_update_maternal_death_report_card`,
  maternalnewborn: `${U}/save-maternal-newborn-registration`,
} as const;

export type MaternalFormCode = keyof typeof MATERNAL_SAVE_CALLS;
