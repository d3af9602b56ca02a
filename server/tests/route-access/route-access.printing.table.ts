import type { AccessRow } from './route-access.table';

const CARE_TEAM: AccessRow = ['admin', 'doctor', 'nurse', 'leader'];

/**
 * Who may print (issue 33 "Printing", decision 0030): a follow-up record through the button 打印
 * (followup_print, 4300, the care team), a follow-up report through the report menu's own right.
 */
export const PRINTING_ACCESS: Record<string, AccessRow> = {
  'POST /blade-iph-business/userfollowup/pdf-print': CARE_TEAM,
  'GET /blade-iph-business/userfollowupreport/print-report': CARE_TEAM,
  'GET /blade-iph-business/userfollowupreport/print-easy-report': CARE_TEAM,
  // The signed agreement (server/contracts/routes/agreement-pdf.ts): whoever reads contracts.
  'GET /blade-resource/generate-pdf/protocol-service': CARE_TEAM,
  'GET /blade-resource/generate-pdf/written-consent': CARE_TEAM,
};
