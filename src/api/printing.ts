// Printing (issue 33): a form record as its paper form, a PDF made on the server (server/printing).
import { request } from './request';

const FOLLOWUP = '/api/blade-iph-business/userfollowup';

/** The server's message of a refused print (JSON inside the binary answer), else a general one. */
export async function refusalMessage(error: unknown): Promise<string> {
  const body: unknown =
    (error as { body?: unknown; response?: { data?: unknown } }).body ?? (error as { response?: { data?: unknown } }).response?.data;
  try {
    const text = body instanceof Blob ? await body.text() : body instanceof ArrayBuffer ? new TextDecoder().decode(body) : undefined;
    const msg = text ? (JSON.parse(text) as { msg?: unknown }).msg : (body as { msg?: unknown } | undefined)?.msg;
    if (typeof msg === 'string' && msg) return msg;
  } catch {
    // not JSON: the general message
  }
  return error instanceof Error && error.message ? error.message : '打印失败';
}

/** userfollowup/pdf-print: the record's PDF bytes; a refusal is thrown with the server's message. */
export async function fetchRecordPdf(id: string): Promise<Uint8Array> {
  try {
    const res = await request.post<Blob>(`${FOLLOWUP}/pdf-print`, null, { params: { id }, responseType: 'blob', meta: { silent: true } });
    return new Uint8Array(await res.data.arrayBuffer());
  } catch (error) {
    throw new Error(await refusalMessage(error));
  }
}

/**
 * A printout the server serves at `link` (a link it answered, e.g. get-agreement-url's agreement):
 * fetched with the session's headers — a new window would carry none — for the PDF viewer.
 */
export async function fetchPdf(link: string): Promise<Uint8Array> {
  try {
    const res = await request.get<Blob>(link, { responseType: 'blob', meta: { silent: true } });
    return new Uint8Array(await res.data.arrayBuffer());
  } catch (error) {
    throw new Error(await refusalMessage(error));
  }
}
