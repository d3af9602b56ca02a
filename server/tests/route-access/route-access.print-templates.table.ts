import type { AccessRow } from './route-access.table';

/** The care team: 打印档案 (archive_print, 4393 under 居民健康档案), granted with the archive work. */
const CARE_TEAM: AccessRow = ['admin', 'doctor', 'nurse', 'leader'];
/** 打印模板 (3965 under 业务配置, buttons 4390–4392): the institution's administrator. */
const ADMINISTRATOR: AccessRow = ['admin'];

/** Who may call 打印模板's and the printed files' routes (server/print-templates, issue 33, decision 0038). */
export const PRINT_TEMPLATES_ACCESS: Record<string, AccessRow> = {
  'GET /blade-iph-business/report/list': ADMINISTRATOR,
  'GET /blade-iph-business/report/lazy-list': ADMINISTRATOR,
  'GET /blade-iph-business/report/tree': ADMINISTRATOR,
  'GET /blade-iph-business/report/detail': ADMINISTRATOR,
  'POST /blade-iph-business/report/submit': ADMINISTRATOR,
  'POST /blade-iph-business/report/remove': ADMINISTRATOR,
  'GET /blade-iph-business/report/pdf/fields': ADMINISTRATOR,
  'GET /blade-iph-business/report/list-codes': CARE_TEAM,
  'GET /blade-iph-business/report/get-preview-url': CARE_TEAM,
  'POST /blade-iph-business/report/get-preview-urls': CARE_TEAM,
  'GET /blade-iph-business/report/create-qr-code2': CARE_TEAM,
  'POST /getPrintFile': CARE_TEAM,
  'GET /blade-report/report/rest/pdf': CARE_TEAM,
  'GET /blade-report/report/rest/list': CARE_TEAM,
  'POST /blade-report/report/rest/remove': CARE_TEAM,
  'GET /blade-report/report/rest/update-remark': CARE_TEAM,
};
