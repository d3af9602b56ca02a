// Printing with templates (issue 33; server/print-templates, decision 0038): the selected archives'
// print (POST /getPrintFile: one PDF of every item) and the templates a print screen may offer.
import { request } from './request';
import { refusalMessage } from './printing';
import type { PrintItem, ReportCode, ReportFileView } from '../shared/contract/print-templates';
import type { Envelope, Page } from './types';

/** The spec's print file timeout (000 line 190): a year's health archive of many residents takes a while. */
export const PRINT_FILE_TIMEOUT_MS = 210_000;

/** The archive templates the screens print: the yearly health archive and the archive card. */
export const HEALTH_ARCHIVE = 'healtharchiveprint';
export const ARCHIVE_CARD = 'archivecard';

export const archiveItem = (archId: string, code: string, printYear: number): PrintItem => ({
  origin: 'archive',
  code,
  param: { archId, printYear },
});

/** A measurement / lab / exam report's printout (the built-in template measure/measurereport, decision 0046). */
export const MEASURE_REPORT = 'measurereport';
export const measureItem = (id: string): PrintItem => ({ origin: 'measure', code: MEASURE_REPORT, param: { id } });

/** getPrintFile: the items as one PDF's bytes; a refusal is thrown with the server's message (请选择要打印的档案! …). */
export async function fetchPrintFile(items: PrintItem[]): Promise<Uint8Array> {
  try {
    const res = await request.post<Blob>('/api/getPrintFile', items, {
      responseType: 'blob',
      timeout: PRINT_FILE_TIMEOUT_MS,
      meta: { silent: true },
    });
    return new Uint8Array(await res.data.arrayBuffer());
  } catch (error) {
    throw new Error(await refusalMessage(error));
  }
}

/** report/list-codes: the templates of an origin the caller may print with. */
export async function listPrintCodes(origin: string): Promise<ReportCode[]> {
  const res = await request.get<Envelope<ReportCode[]>>('/api/blade-iph-business/report/list-codes', { params: { origin } });
  return res.data.data;
}

// 报表文件 (blade-report/report/rest/*): the caller's printed files, kept links made into their PDF when opened.
const REST = '/api/blade-report/report/rest';

export type ReportFile = ReportFileView;

/** rest/list: a page of the caller's printed files, newest first, optionally by name. */
export async function listReportFiles(current: number, size: number, nameLike?: string): Promise<Page<ReportFile>> {
  const res = await request.get<Envelope<Page<ReportFile>>>(`${REST}/list`, {
    params: { current, size, ...(nameLike ? { name_like: nameLike } : {}) },
  });
  return res.data.data;
}

/** rest/remove: the files gone, all or none. */
export async function removeReportFiles(ids: string[]): Promise<void> {
  await request.post(`${REST}/remove`, null, { params: { ids: ids.join(',') } });
}

/** rest/update-remark: the file's remark replaced (empty clears it). */
export async function updateReportFileRemark(id: string, remark: string): Promise<ReportFile> {
  const res = await request.get<Envelope<ReportFile>>(`${REST}/update-remark`, { params: { id, remark } });
  return res.data.data;
}
