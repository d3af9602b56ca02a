import type { AccessRow } from './route-access.table';

/** 统计报表 (3008): the care team (each their own scope), disease control and the administrator. */
const STATISTICS: AccessRow = ['admin', 'doctor', 'nurse', 'leader', 'cdc'];

/**
 * Who may call 统计报表's routes (issue 34 "Statistics", decision 0035): the menu 统计报表 (3008) for
 * the numbers, its button 导出Excel (4360) for the files — both granted to the same roles.
 */
export const STATISTICS_ACCESS: Record<string, AccessRow> = {
  'GET /blade-iph-business/statisticalreport/workload-statistics': STATISTICS,
  'GET /blade-iph-business/statisticalreport/workload-statistics/export': STATISTICS,
  'GET /blade-iph-business/statisticalreport/key-population-health-manage': STATISTICS,
  'GET /blade-iph-business/statisticalreport/key-population-health-manage/export': STATISTICS,
};
