import { request, RequestError } from './request';

/**
 * The file name a download answer gives in Content-Disposition: RFC 5987 `filename*=UTF-8''…`
 * first (the server's Chinese names travel so), then a plain `filename=` (percent-decoded when it
 * is, as BladeX's URLEncoder sends it), else `fallback`.
 */
export function fileNameFromDisposition(header: unknown, fallback: string): string {
  if (typeof header !== 'string') return fallback;
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header)?.[1];
  if (extended) return decode(extended.trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? decode(name) : fallback;
}

/** A refused download answers JSON inside the Blob it asked for: its msg is the message to show. */
async function refusalOf(error: unknown): Promise<unknown> {
  if (!(error instanceof RequestError) || !(error.body instanceof Blob)) return error;
  try {
    const body: unknown = JSON.parse(await error.body.text());
    const msg = (body as { msg?: unknown } | null)?.msg;
    return typeof msg === 'string' && msg ? new RequestError(msg, error.code, body) : error;
  } catch {
    return error;
  }
}

/**
 * GETs a file through the app's request client, so it carries the session headers (Blade-Auth,
 * tenant, role) a plain link cannot: the server refuses an unauthenticated template download.
 * Silent: the caller shows the refusal (the request layer could only say 未知错误 of a Blob body).
 */
export async function fetchFile(url: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  try {
    const res = await request.get<Blob>(url, { responseType: 'blob', meta: { silent: true } });
    const header: unknown = res.headers['content-disposition'];
    return { blob: res.data, fileName: fileNameFromDisposition(header, fallbackName) };
  } catch (error) {
    throw await refusalOf(error);
  }
}

/** Hands a Blob to the browser's download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** fetchFile + saveBlob: downloads `url` with the session and saves it. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchFile(url, fallbackName);
  saveBlob(blob, fileName);
}
