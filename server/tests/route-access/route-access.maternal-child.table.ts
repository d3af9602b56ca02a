import type { AccessRow } from './route-access.table';

/** The care team that keeps residents' archives (the menu 居民健康档案, publichealthwork). */
export const CARE_TEAM: AccessRow = ['admin', 'doctor', 'nurse', 'leader'];
export const EVERYONE: AccessRow = ['admin', 'doctor', 'nurse', 'leader', 'cdc'];

/**
 * Who may call the maternal and child health routes (spec 001 §7 userarchivesother and the maternal
 * and child calls of userfollowup; issue 32), written from the spec: rows as in route-access.table.ts.
 */
export const MATERNAL_CHILD_ACCESS: Record<string, AccessRow> = {
  // anchor maternal
  // userarchivesother (spec 001 §7): the care team that keeps the archives (居民健康档案); 注销/恢复 the
  // button 注销档案 (admin, doctor, leader — not the nurse). Disease control reads statistics only.
  'POST /blade-iph-business/userarchivesother/create-or-update': CARE_TEAM,
  'GET /blade-iph-business/userarchivesother/detail': CARE_TEAM,
  'GET /blade-iph-business/userarchivesother/list-by-param': CARE_TEAM,
  'POST /blade-iph-business/userarchivesother/remove': CARE_TEAM,
  'POST /blade-iph-business/userarchivesother/close-off': CARE_TEAM,
  'GET /blade-iph-business/userarchivesother/maternal-pregnancy': CARE_TEAM,
  'GET /blade-iph-business/userarchivesother/maternal-valid': CARE_TEAM,
  'GET /blade-iph-business/userarchivesother/not-lgt-detail': CARE_TEAM,
  'POST /blade-iph-business/userarchivesother/create-by-follow': CARE_TEAM,
  'GET /blade-iph-business/userarchivesother/child_plagiarism_check': CARE_TEAM,
  'POST /blade-iph-business/userarchivesother/cancel-archives-other': ['admin', 'doctor', 'leader'],
  'POST /blade-iph-business/userarchivesother/cancelArchivesOtehr': ['admin', 'doctor', 'leader'],
  'POST /blade-iph-business/cancelArchivesOtehr': ['admin', 'doctor', 'leader'],
  'POST /blade-iph-business/userarchivesother/restore-archives-other': ['admin', 'doctor', 'leader'],
  'POST /blade-iph-business/userarchivesother/restoreArchivesOther': ['admin', 'doctor', 'leader'],
  'POST /blade-iph-business/restoreArchivesOther': ['admin', 'doctor', 'leader'],
  // anchor maternal-forms
  'POST /blade-iph-business/userfollowup/save-maternal-newborn-registration': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/list-maternal-newborn-registration': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_for_the_first_time_maternal': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_prenatal_follow_up': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_perinatl_childbirth': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_postpartum_visit': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/postpartum_42_days_health_check': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_maternal_death_report_card': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/get-first-maternal-userfollow-up-init': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/get-first-time-and-6-10-maternal-userfollow-up': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/get-maternal-userfollow-up': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/get-maternity-visits-high-risk-score': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/get-death-report-by-other-id-and-arch-id': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/list-maternal-family-visits': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/maternal-should-visit': CARE_TEAM,
  // anchor child
  'POST /blade-iph-business/userfollowup/save-or-update-neonatal-family-userfollow-up': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_1_8_children_health_check': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_12_30_children_health_check': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_3_6_year_children_health_check': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/months-of-age': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/get-children-userfollow-up': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save-maternal-children-visits': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save-maternal-children-family-visits': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/creating-child-eye-care': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/list-maternal-children-visits': CARE_TEAM,
};
