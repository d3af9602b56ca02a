import type { AccessRow } from './route-access.table';

/** The care team: 上报管理 (3006) and its buttons 重新上报, 清除错误 (4340, 4341); 随访提交状态 (3004). */
const CARE_TEAM: AccessRow = ['admin', 'doctor', 'nurse', 'leader'];

/** Who may call the outbox's routes (server/push, issue 34, decision 0033): rows as in route-access.table.ts. */
export const PUSH_ACCESS: Record<string, AccessRow> = {
  'GET /blade-iph-business/pushoutbox/list': CARE_TEAM,
  'GET /blade-iph-business/userfollowupvoucher/list-need-report-data': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/archives-submit-status': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/all-reported-push': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/all-reported-push': CARE_TEAM,
  'POST /blade-iph-business/userinfomain/update-submit-error-gw-status': CARE_TEAM,
  'POST /blade-iph-business/userinfomain/remove-gw-status': CARE_TEAM,
  'POST /blade-iph-business/userinfomain/push_to_jw': CARE_TEAM,
  'POST /blade-iph-business/userarchives/push-archives-to-his': CARE_TEAM,
  'POST /blade-gw-helper/gw/helper/push-public-health-data': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/init-gw-statistics': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/init-gw-statistics': CARE_TEAM,
};
