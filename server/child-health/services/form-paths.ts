// Spec 001 §7 save calls of the child forms, bound to their forms by followups' one handler.
import type { FormPath } from '../../followups/index';

const U = '/blade-iph-business/userfollowup';

/**
 * Spec 001 §7 userfollowup save calls of the child forms: one handler (followups/routes/form-paths.ts)
 * binds each path to its form; `other: 'child'` makes a new record name a live child case of the
 * same resident.
 *
 * The spec names three calls that save a newborn's home visit: save-or-update-neonatal-family-userfollow-up
 * (the child's archive), save-maternal-children-visits and save-maternal-children-family-visits (the
 * maternal shell's 新生儿访视 tab). The national service has one form for it (新生儿家庭访视记录表), so
 * all three save `childnewbornvisit` under the child's own case: the visit is the baby's record, its
 * date is checked against the baby's birth, and the mother's shell finds it through the child case's
 * mother (list-maternal-children-visits).
 */
export const CHILD_FORM_PATHS: readonly FormPath[] = [
  { path: `${U}/save-or-update-neonatal-family-userfollow-up`, formCode: 'childnewbornvisit', other: 'child' },
  { path: `${U}/save_or_update_1_8_children_health_check`, formCode: 'childexam1to8', other: 'child' },
  { path: `${U}/save_or_update_12_30_children_health_check`, formCode: 'childexam12to30', other: 'child' },
  { path: `${U}/save_or_update_3_6_year_children_health_check`, formCode: 'childexam3to6', other: 'child' },
  { path: `${U}/save-maternal-children-visits`, formCode: 'childnewbornvisit', other: 'child' },
  { path: `${U}/save-maternal-children-family-visits`, formCode: 'childnewbornvisit', other: 'child' },
  // The spec's creating-child-eye-care (archIds): our body is a record save's like every other call,
  // one child per call (a batch of empty eye checks would be records without their required answers).
  { path: `${U}/creating-child-eye-care`, formCode: 'childeyecare', other: 'child' },
];
