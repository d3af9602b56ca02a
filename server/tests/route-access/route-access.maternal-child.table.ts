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
  // anchor maternal-forms
  // anchor child
  'POST /blade-iph-business/userfollowup/save-or-update-neonatal-family-userfollow-up': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_1_8_children_health_check': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_12_30_children_health_check': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/save_or_update_3_6_year_children_health_check': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/months-of-age': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/get-children-userfollow-up': CARE_TEAM,
};
