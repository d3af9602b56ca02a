// 检查检验报告 (issue 33; decision 0037): usermeasure/*, usermeasureproject/* (server/measurements).
import { getData, postData } from './envelope';
import { request } from './request';
import type { Envelope } from './types';
import type { Page } from '../shared/blade-envelope';
import type { UploadView } from '../shared/contract/resource';
import type {
  MeasureHistoryRow,
  MeasureListQuery,
  MeasureProject,
  MeasureResultView,
  MeasureSaveBody,
  MeasureSaved,
  MeasureView,
  ApplyOneBody,
  ApplyProjectView,
  BarCodeRow,
} from '../shared/contract/measurements';

export type {
  ApplyProjectView,
  BarCodeRow,
  MeasureHistoryRow,
  MeasureProject,
  MeasureResultView,
  MeasureSaveBody,
  MeasureSaved,
  MeasureView,
};

const P = '/api/blade-iph-business/usermeasureproject';
const M = '/api/blade-iph-business/usermeasure';

export const listMeasures = (params: MeasureListQuery) => getData<Page<MeasureView>>(`${P}/list`, { params });
/** The tree's projects (of one type when given) with their indicators. */
export const measureProjects = (projType?: number) =>
  getData<MeasureProject[]>(`${M}/measure-project-list`, { params: projType === undefined ? {} : { projType } });
/** A resident's result rows of one indicator, newest first (the lab history). */
export const indicatorHistory = (archId: string, ehrCode: string) =>
  getData<MeasureResultView[]>(`${P}/detail-list-arch`, { params: { archId, ehrCode } });

/** The entry dialog's save; answers the saved report and the server's message (an overwrite says so). */
export async function saveMeasure(body: MeasureSaveBody): Promise<{ saved: MeasureSaved; msg: string }> {
  const res = await request.post<Envelope<MeasureSaved>>(`${M}/save-measure-data`, body);
  return { saved: res.data.data, msg: res.data.msg };
}

/**
 * A device's reading kept as a 测量报告 (usermeasure/put-data, decision 0046); quiet: the caller says
 * 保存测量结果成功 or why it was not kept.
 */
export async function putMeasureData(body: MeasureSaveBody): Promise<MeasureSaved> {
  const res = await request.post<Envelope<MeasureSaved[]>>(`${M}/put-data`, { data: [body] }, { meta: { silent: true } });
  return res.data.data[0]!;
}

export async function removeMeasures(ids: string[]): Promise<void> {
  await request.post(`${P}/remove`, undefined, { params: { ids: ids.join(',') } });
}

/** An exam report's image, uploaded first (oss put-file); its link is saved with the report. */
export async function uploadReportImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await request.post<Envelope<UploadView>>('/api/blade-resource/oss/endpoint/put-file', form, {
    params: { type: 'voucher' },
    meta: { silent: true },
  });
  return res.data.data.link;
}

const A = '/api/blade-iph-business/userapplyphysical';

/** 体检申请 for one resident: answers the application's id. */
export const applyPhysical = (body: ApplyOneBody) =>
  postData<{ id: string; residents: number; projects: number }>(`${A}/apply-modal`, body);
/** A resident's applied projects with their bar codes and whether the report has come. */
export const applyProjectsOf = (archId: string) => getData<Page<ApplyProjectView>>(`${A}/new-list`, { params: { archId, size: 100 } });
/** The label print rows of an application. */
export const barCodeRows = (mainId: string) =>
  getData<BarCodeRow[]>('/api/blade-iph-business/userapplyproject/listBarCodeData', { params: { mainId } });
