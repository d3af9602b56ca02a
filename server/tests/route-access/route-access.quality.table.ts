import type { AccessRow } from './route-access.table';

/** 质量管理 (3007): administrator, team leader, disease control; 开始质控 (4350) the same roles. */
const QUALITY: AccessRow = ['admin', 'leader', 'cdc'];
/** Checking given records now: whoever works on the archives (居民健康档案) or on quality. */
const CHECK: AccessRow = ['admin', 'doctor', 'nurse', 'leader', 'cdc'];

/** 编辑专题 (4430, decision 0042): the topic editor's check, save, removal and forms — administrator and 疾控, not a team leader. */
const EDIT: AccessRow = ['admin', 'cdc'];

/** Who may call the quality routes (issue 34 "Quality management", "Roles"; decision 0034). */
export const QUALITY_ACCESS: Record<string, AccessRow> = {
  'GET /blade-iph-business/quality-manage/list': QUALITY,
  'GET /blade-iph-business/quality-manage/list/:code': QUALITY,
  'POST /blade-iph-business/quality-manage/run': QUALITY,
  'GET /blade-iph-business/quality-manage/run-detail': QUALITY,
  'POST /blade-iph-business/userarchives/do-quality-archives': CHECK,
  'POST /blade-iph-business/userfollowup/do-quality-followup': CHECK,
  'POST /blade-iph-business/userarchivesother/do-quality-arch-other': CHECK,
  'GET /blade-iph-business/quality-manage/topic/detail': QUALITY,
  'POST /blade-iph-business/quality-manage/topic/check': EDIT,
  'POST /blade-iph-business/quality-manage/topic/submit': EDIT,
  'POST /blade-iph-business/quality-manage/topic/remove': EDIT,
  'GET /blade-iph-business/quality-manage/topic/forms': EDIT,
};
