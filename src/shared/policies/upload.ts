// Upload checks (002 §5, 001 §5). The spec gives one message per widget for a rejected file;
// `reason` tells the caller whether type or size failed, for logs and tests. The browser checks a
// file before sending it and the server (routes/oss) checks it again on arrival, with these same policies.

export interface UploadFile {
  name: string;
  /** MIME type as the browser reports it. */
  type: string;
  /** Bytes. */
  size: number;
}

export interface UploadPolicy {
  /** Accepted MIME type → the extensions that go with it. */
  types: Readonly<Record<string, readonly string[]>>;
  maxKb?: number;
  /** Both the MIME type and the extension must be accepted, and belong together. */
  matchExtension: boolean;
  typeMessage: string;
  sizeMessage: string;
}

export const UPLOAD_POLICIES = {
  /** Avatar: png or jpeg, at most 1024 KB. */
  avatar: {
    types: { 'image/png': ['png'], 'image/jpeg': ['jpg', 'jpeg'] },
    maxKb: 1024,
    matchExtension: false,
    typeMessage: '超出文件类型限制',
    sizeMessage: '超出文件类型限制',
  },
  /** Report attachment: one jpg or png, at most 3072 KB. */
  attachment: {
    types: { 'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'] },
    maxKb: 3072,
    matchExtension: false,
    typeMessage: '超出文件类型限制',
    sizeMessage: '超出文件类型限制',
  },
  /** Follow-up vouchers: png, jpg, jpeg, gif or pdf, type and extension both matching. */
  voucher: {
    types: {
      'image/png': ['png'],
      'image/jpeg': ['jpg', 'jpeg'],
      'image/gif': ['gif'],
      'application/pdf': ['pdf'],
    },
    matchExtension: true,
    typeMessage: '只能上传图片文件或PDF文件！',
    sizeMessage: '超出文件类型限制',
  },
  /** Import: xls or xlsx by extension (browsers report varying MIME types for Excel). */
  import: {
    types: {
      'application/vnd.ms-excel': ['xls', 'xlsx'],
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xls', 'xlsx'],
      '': ['xls', 'xlsx'],
    },
    matchExtension: true,
    typeMessage: '不支持的文件类型！',
    sizeMessage: '超出文件类型限制',
  },
} as const satisfies Record<string, UploadPolicy>;

export type UploadPolicyName = keyof typeof UPLOAD_POLICIES;

export function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
}

export function checkUpload(
  file: UploadFile,
  policy: UploadPolicy | UploadPolicyName,
): { ok: boolean; reason?: 'type' | 'size'; message?: string } {
  const p: UploadPolicy = typeof policy === 'string' ? UPLOAD_POLICIES[policy] : policy;
  const ext = extensionOf(file.name);
  const exts = p.types[file.type.toLowerCase()];
  let typeOk: boolean;
  if (p.matchExtension) typeOk = exts !== undefined && exts.includes(ext);
  else typeOk = exts !== undefined;
  if (!typeOk) return { ok: false, reason: 'type', message: p.typeMessage };
  if (p.maxKb !== undefined && file.size > p.maxKb * 1024) return { ok: false, reason: 'size', message: p.sizeMessage };
  return { ok: true };
}
