import type { AccessRow } from './route-access.table';

/** The care team: 健康教育 (3005) and its buttons 4370–4375, granted to doctors, nurses and team leaders. */
const CARE_TEAM: AccessRow = ['admin', 'doctor', 'nurse', 'leader'];

/** Who may call 健康教育's routes (server/education, issue 34, decision 0036): rows as in route-access.table.ts. */
export const EDUCATION_ACCESS: Record<string, AccessRow> = {
  'GET /blade-iph-business/userpromotion/new-list': CARE_TEAM,
  'GET /blade-iph-business/userpromotion/new-main-list': CARE_TEAM,
  'GET /blade-iph-business/userpromotion/detail': CARE_TEAM,
  'GET /blade-iph-business/userpromotion/get-detail-follow-up-id': CARE_TEAM,
  'GET /blade-iph-business/userpromotion/crowd-residents': CARE_TEAM,
  'GET /blade-iph-business/userpromotion/archives-submit-status': CARE_TEAM,
  'POST /blade-iph-business/userpromotion/submit': CARE_TEAM,
  'POST /blade-iph-business/userpromotion/save-or-update-prescription': CARE_TEAM,
  'POST /blade-iph-business/userpromotion/save-prescription-crowd-label': CARE_TEAM,
  'POST /blade-iph-business/userpromotion/save-hypersion-or-diabetes': CARE_TEAM,
  'POST /blade-iph-business/userpromotion/remove': CARE_TEAM,
  'POST /blade-iph-business/userpromotion/remove-jkjycf': CARE_TEAM,
  'POST /blade-iph-business/userpromotion/remove-gxy-tnb-xj': CARE_TEAM,
  'POST /blade-iph-business/userpromotion/push-promotion': CARE_TEAM,
  'POST /blade-iph-business/userpromotion/push-promotion-jkjycf': CARE_TEAM,
};
