// 统计报表 (issue 34 "Statistics"): 工作量统计 and 重点人群健康管理 and their Excel files
// (server/statistics; contract src/shared/contract/statistics.ts).
import { getData } from './envelope';
import { downloadFile } from './file-download';
import type {
  IndicatorDefinition,
  KeyPopulationReport,
  KeyPopulationRow,
  WorkloadForm,
  WorkloadGroup,
  WorkloadReport,
  WorkloadRow,
} from '../shared/contract/statistics';

export type { IndicatorDefinition, KeyPopulationReport, KeyPopulationRow, WorkloadForm, WorkloadGroup, WorkloadReport, WorkloadRow };

export interface StatisticsParams {
  /** yyyy-MM */
  start?: string;
  end?: string;
  teamId?: string;
  doctorId?: string;
  groupBy?: WorkloadGroup;
}

const S = '/api/blade-iph-business/statisticalreport';
const drop = (params: StatisticsParams) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
const query = (params: StatisticsParams) => new URLSearchParams(drop(params) as Record<string, string>).toString();

export const getWorkload = (params: StatisticsParams) => getData<WorkloadReport>(`${S}/workload-statistics`, { params: drop(params) });

export const getKeyPopulation = (params: StatisticsParams) =>
  getData<KeyPopulationReport>(`${S}/key-population-health-manage`, { params: drop(params) });

export const exportWorkload = (params: StatisticsParams) =>
  downloadFile(`${S}/workload-statistics/export?${query(params)}`, '工作量统计.xlsx');

export const exportKeyPopulation = (params: StatisticsParams) =>
  downloadFile(`${S}/key-population-health-manage/export?${query(params)}`, '重点人群健康管理.xlsx');
