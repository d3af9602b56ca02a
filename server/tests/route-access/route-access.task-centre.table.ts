import type { AccessRow } from './route-access.table';

const CARE_TEAM: AccessRow = ['admin', 'doctor', 'nurse', 'leader'];
const TEAM_LEADS: AccessRow = ['admin', 'leader'];

/**
 * Who may call the task centre's routes (issue 34 "Work lists", decision 0032): the menu 任务中心 (3003)
 * for the due lists and statistics, the home page too for its totals, and the 医生任务 buttons —
 * a team leader gives, changes, removes and reassigns (4330–4333), the care team finishes (4334).
 */
export const TASK_CENTRE_ACCESS: Record<string, AccessRow> = {
  'GET /blade-iph-business/userfollowup/task-centre-list': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/statistical-task-by-types': CARE_TEAM,
  'GET /blade-iph-business/userfollowup/statistical-task-by-user': CARE_TEAM,
  'GET /blade-iph-business/userinfomain/get-home-page-total': ['admin', 'doctor', 'nurse', 'leader', 'cdc'],
  'GET /blade-iph-business/userinfomain/home-show-page': ['admin', 'doctor', 'nurse', 'leader', 'cdc'],
  'GET /blade-iph-business/doctortask/list': CARE_TEAM,
  'GET /blade-iph-business/doctortask/detail': CARE_TEAM,
  'POST /blade-iph-business/doctortask/submit': TEAM_LEADS,
  'POST /blade-iph-business/doctortask/remove': TEAM_LEADS,
  'POST /blade-iph-business/doctortask/assign-doctor-task': TEAM_LEADS,
  'POST /blade-iph-business/doctortask/finishedDoctorTask': CARE_TEAM,
};
