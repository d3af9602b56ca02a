// 导出任务 (spec 002 §7 asyntask): the caller's asynchronous exports, and the call that starts one.
import { getData, postData } from './envelope';
import { fileNameFromDisposition, saveBlob } from './file-download';
import { request } from './request';
import type { Page } from '../shared/blade-envelope';
import type { AsyncExportBody, AsyncTask } from '../shared/contract/asyntask';

export type { AsyncExportBody, AsyncTask };

const BASE = '/api/blade-iph-business/asyntask';

/** Starts an export of a list path off the request; answers its task (排队中). */
export const startAsyncExport = (body: AsyncExportBody) => postData<AsyncTask>(`${BASE}/genrate-asyn-task`, body);
export const listAsyncTasks = (params: { current: number; size: number }) => getData<Page<AsyncTask>>(`${BASE}/list`, { params });
export const removeAsyncTasks = (ids: string[]) => postData<number>(`${BASE}/remove`, null, { params: { ids: ids.join(',') } });

/** Downloads a finished task's workbook; a refusal (任务尚未完成, 404) is thrown with the server's message. */
export async function downloadAsyncTask(task: Pick<AsyncTask, 'id' | 'fileName'>): Promise<void> {
  try {
    const res = await request.post<Blob>(`${BASE}/asyn-download`, null, {
      params: { id: task.id },
      responseType: 'blob',
      meta: { silent: true },
    });
    saveBlob(res.data, fileNameFromDisposition(res.headers['content-disposition'], task.fileName || '导出数据.xlsx'));
  } catch (error) {
    const body = (error as { response?: { data?: unknown } }).response?.data;
    let msg = '下载失败';
    if (body instanceof Blob) {
      try {
        msg = (JSON.parse(await body.text()) as { msg?: string }).msg || msg;
      } catch {
        // not JSON: keep the general message
      }
    }
    throw new Error(msg);
  }
}
