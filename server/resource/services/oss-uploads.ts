// The checks every upload passes (put-file, put-file-attach, put-base64 and put-base64-json): the upload policy's types and sizes (src/shared/policies/upload),
// at most 5 MB, and the first bytes must be what the declared type says. Then the file is stored by
// the embedded storage (blade_attach), whatever configuration is enabled (resource/services/oss-configs.ts).
import type { Kysely } from 'kysely';
import { checkUpload, extensionOf, UPLOAD_POLICIES, type UploadPolicyName } from '../../../src/shared/policies/upload';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { Refusal } from '../../domain/errors';
import { insertAttachment } from '../repositories/attachments';
import { fileLink } from '../repositories/oss-attachments';
import type { UploadView } from '../../../src/shared/contract/resource';

/** The same bound as put-file's multipart limit. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MESSAGES = {
  tooLarge: '文件过大',
  noFile: '请选择要上传的文件',
  noName: '参数[fileName]不能为空',
  notBase64: '文件内容不是有效的Base64编码',
};

/** First bytes of each accepted type: the declared type must match what the file really is. */
const SIGNATURES: Record<string, number[][]> = {
  'image/png': [[0x89, 0x50, 0x4e, 0x47]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [[0x47, 0x49, 0x46, 0x38]],
  'application/pdf': [[0x25, 0x50, 0x44, 0x46]],
};

const contentMatches = (type: string, bytes: Uint8Array) =>
  (SIGNATURES[type.toLowerCase()] ?? []).some((sig) => sig.every((b, i) => bytes[i] === b));

export interface IncomingFile {
  name: string;
  /** As declared (multipart); a base64 upload declares none: it is taken from the name's extension. */
  type: string;
  content: Buffer;
}

/** Refuses what put-file refuses, with the policy's own message. */
export function checkIncomingFile(file: IncomingFile, policyName: UploadPolicyName): void {
  if (file.content.length === 0) throw new Refusal(UPLOAD_MESSAGES.noFile);
  if (file.content.length > MAX_UPLOAD_BYTES) throw new Refusal(UPLOAD_MESSAGES.tooLarge);
  const policy = UPLOAD_POLICIES[policyName];
  const verdict = checkUpload({ name: file.name, type: file.type, size: file.content.length }, policyName);
  if (!verdict.ok) throw new Refusal(verdict.message ?? policy.typeMessage);
  if (!contentMatches(file.type, file.content)) throw new Refusal(policy.typeMessage);
}

/** The policy's MIME type for a file name's extension ('' when the policy takes no such file). */
function typeByName(name: string, policyName: UploadPolicyName): string {
  const ext = extensionOf(name);
  const types: Readonly<Record<string, readonly string[]>> = UPLOAD_POLICIES[policyName].types;
  return Object.entries(types).find(([type, exts]) => type !== '' && exts.includes(ext))?.[0] ?? '';
}

/**
 * A put-base64 file: plain base64 or a data URL (`data:image/png;base64,…`, whose type is then
 * checked against the name's). Its size is judged from the text before anything is decoded.
 */
export function decodeBase64File(base64: string, fileName: string, policyName: UploadPolicyName): IncomingFile {
  const name = fileName.trim();
  if (!name) throw new Refusal(UPLOAD_MESSAGES.noName);
  const dataUrl = /^data:([^;,]*);base64,/i.exec(base64);
  const text = (dataUrl ? base64.slice(dataUrl[0].length) : base64).replace(/\s+/g, '');
  if (text === '') throw new Refusal(UPLOAD_MESSAGES.noFile);
  if (Math.floor((text.length * 3) / 4) - 2 > MAX_UPLOAD_BYTES) throw new Refusal(UPLOAD_MESSAGES.tooLarge);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1) throw new Refusal(UPLOAD_MESSAGES.notBase64);
  const type = typeByName(name, policyName);
  const policy = UPLOAD_POLICIES[policyName];
  const declared = dataUrl?.[1]?.toLowerCase() ?? '';
  if (!type || (declared !== '' && declared !== type)) throw new Refusal(policy.typeMessage);
  return { name, type, content: Buffer.from(text, 'base64') };
}

/** Stores a checked file; answers put-file's `{link, domain, name, originalName, attachId}`. */
export async function storeUpload(db: Kysely<Database>, auth: AccessClaims, file: IncomingFile, now: Date): Promise<UploadView> {
  const id = await insertAttachment(db, {
    tenantId: auth.tenant_id,
    userId: auth.user_id,
    originalName: file.name.slice(0, 200),
    contentType: file.type,
    content: file.content,
    time: now,
  });
  return { link: fileLink(id), domain: '', name: id, originalName: file.name, attachId: id };
}
