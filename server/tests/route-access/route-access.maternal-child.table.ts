import type { AccessRow } from './route-access.table';

/** The care team that keeps residents' archives (the menu 居民健康档案, publichealthwork). */
export const CARE_TEAM: AccessRow = ['admin', 'doctor', 'nurse', 'leader'];
export const EVERYONE: AccessRow = ['admin', 'doctor', 'nurse', 'leader', 'cdc'];

/**
 * Who may call the maternal and child health routes (spec 001 §7 userarchivesother and the maternal
 * and child calls of userfollowup; issue 32), written from the spec: rows as in route-access.table.ts.
 */
export const MATERNAL_CHILD_ACCESS: Record<string, AccessRow> = {
  // anchor maternal
  // anchor maternal-forms
  // anchor child
};
