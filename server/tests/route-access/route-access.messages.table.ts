import type { AccessRow } from './route-access.table';

/** 居民健康档案 (3002) and 发送消息 (4410): the care team. */
const CARE_TEAM: AccessRow = ['admin', 'doctor', 'nurse', 'leader'];
/** 消息任务 (4411): administrators, doctors and team leaders — not nurses, who are nobody's responsible doctor. */
const MISSION: AccessRow = ['admin', 'doctor', 'leader'];

/** Who may call 消息's routes (server/messages, issue 33, decision 0040): rows as in route-access.table.ts. */
export const MESSAGES_ACCESS: Record<string, AccessRow> = {
  'GET /blade-iph-business/msgtemp/message-list': CARE_TEAM,
  'GET /blade-iph-business/msgtemp/message-history': CARE_TEAM,
  'POST /blade-iph-business/msgtemp/save-draft': CARE_TEAM,
  'POST /blade-iph-business/msgtemp/send-message': CARE_TEAM,
  'POST /blade-iph-business/msgtemp/restore-version': CARE_TEAM,
  'POST /blade-iph-business/msgtemp/mission': MISSION,
  'POST /blade-iph-business/msgtemp/mission-crowd-label': MISSION,
};
