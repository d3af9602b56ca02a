import type { AccessRow } from './route-access.table';

/** The care team: 检查检验报告 (3960) and its buttons 4380–4384, granted to doctors, nurses and team leaders. */
const CARE_TEAM: AccessRow = ['admin', 'doctor', 'nurse', 'leader'];

/** Who may call the measurement routes (server/measurements, issue 33, decision 0037): rows as in route-access.table.ts. */
export const MEASUREMENTS_ACCESS: Record<string, AccessRow> = {
  'GET /blade-iph-business/usermeasureproject/list': CARE_TEAM,
  'GET /blade-iph-business/usermeasureproject/detail': CARE_TEAM,
  'GET /blade-iph-business/usermeasureproject/detail-list': CARE_TEAM,
  'GET /blade-iph-business/usermeasureproject/detail-lists': CARE_TEAM,
  'GET /blade-iph-business/usermeasureproject/detail-list-arch': CARE_TEAM,
  'GET /blade-iph-business/usermeasureproject/cl-project-new-List': CARE_TEAM,
  'GET /blade-iph-business/usermeasureproject/get-cl-data-cureent-day': CARE_TEAM,
  'POST /blade-iph-business/usermeasureproject/import-measure': CARE_TEAM,
  'POST /blade-iph-business/usermeasureproject/remove-measurement': CARE_TEAM,
  'POST /blade-iph-business/usermeasureproject/remove': CARE_TEAM,
  'GET /blade-iph-business/usermeasure/measure-project-list': CARE_TEAM,
  'GET /blade-iph-business/usermeasure/measure-list': CARE_TEAM,
  'GET /blade-iph-business/usermeasure/cl-new-list': CARE_TEAM,
  'POST /blade-iph-business/usermeasure/refresh-user-measure-by-ids': CARE_TEAM,
  'POST /blade-iph-business/usermeasure/put-data': CARE_TEAM,
  'POST /blade-iph-business/usermeasure/save-measure-data': CARE_TEAM,
  'POST /blade-iph-business/usermeasure/associated-archives': CARE_TEAM,
  'GET /blade-iph-business/userapplyphysical/list': CARE_TEAM,
  'GET /blade-iph-business/userapplyphysical/new-list': CARE_TEAM,
  'GET /blade-iph-business/userapplyphysical/detail-right': CARE_TEAM,
  'POST /blade-iph-business/userapplyphysical/apply-modal': CARE_TEAM,
  'POST /blade-iph-business/userapplyphysical/apply-modal-archs': CARE_TEAM,
  'GET /blade-iph-business/userapplyproject/listBarCodeData': CARE_TEAM,
};
