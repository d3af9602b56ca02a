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
  // The other sources' pushes (077, push-sources.ts): the lists' 上报 buttons 4401–4405 are the care team's;
  // the status lists are 上报管理's (and 签约管理's, 生活习惯's).
  'GET /blade-iph-business/userfollowup/sign-submit-status': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/archives-other-submit-status': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/all-sign-submit-push': CARE_TEAM,
  'POST /blade-iph-business/userfollowup/all-sign-submit-push': CARE_TEAM,
  'GET /blade-iph-business/userinfohabits/sync/:id': CARE_TEAM,
  'POST /blade-iph-business/userinfohabits/sync/:id': CARE_TEAM,
  'GET /blade-iph-business/userinfohabits/list-need-report-data': CARE_TEAM,
  'POST /blade-iph-business/userinfohabits/push-habits-to-jw': CARE_TEAM,
  'POST /blade-iph-business/usermedication/push-to-jw': CARE_TEAM,
  'POST /blade-iph-business/useraskhypertension/push-to-jw': CARE_TEAM,
  'POST /blade-iph-business/useraskhyperglycemia/push-to-jw': CARE_TEAM,
  'POST /blade-iph-business/userfollowupvoucher/push-voucher-to-jw': CARE_TEAM,
  // 审核档案 (4400): the reviewers — team leader, disease control, the administrator.
  'POST /blade-iph-business/userarchives/change-sh-status': ['admin', 'leader', 'cdc'],
};
