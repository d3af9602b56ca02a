// Spec 001 §7 save calls of the child forms, bound to their forms by followups' one handler.
import type { FormPath } from '../../followups/index';

/**
 * Spec 001 §7 userfollowup save calls of the child forms: one handler (followups/routes/form-paths.ts)
 * binds each path to its form; `other: 'child'` makes a new record name a live child case of the
 * same resident.
 */
export const CHILD_FORM_PATHS: readonly FormPath[] = [
  { path: '/blade-iph-business/userfollowup/save-or-update-neonatal-family-userfollow-up', formCode: 'childnewbornvisit', other: 'child' },
  { path: '/blade-iph-business/userfollowup/save_or_update_1_8_children_health_check', formCode: 'childexam1to8', other: 'child' },
  { path: '/blade-iph-business/userfollowup/save_or_update_12_30_children_health_check', formCode: 'childexam12to30', other: 'child' },
  { path: '/blade-iph-business/userfollowup/save_or_update_3_6_year_children_health_check', formCode: 'childexam3to6', other: 'child' },
];
