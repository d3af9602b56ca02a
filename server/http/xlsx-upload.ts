// An uploaded Excel file (multipart/form-data, one .xlsx part): the imports of users, drugs,
// measurement reports and resource documents read it the same way, with the same messages. The
// route registers @fastify/multipart with its own size limit (MAX_IMPORT_BYTES) before it calls this.
import type { FastifyRequest } from 'fastify';
import { badRequest } from './envelope';

/** The largest import file accepted. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export interface XlsxUpload {
  content: Buffer;
  /** The file's name as sent, at most 200 characters. */
  fileName: string;
  /** The form's other fields, as text. */
  fields: Record<string, string>;
}

/** Reads the request's one .xlsx file and its other fields; refuses anything else with a Chinese message. */
export async function readXlsxUpload(request: FastifyRequest): Promise<XlsxUpload> {
  if (!request.isMultipart()) throw badRequest('请以multipart/form-data上传Excel文件');
  let content: Buffer | undefined;
  let fileName = '';
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type !== 'file') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      continue;
    }
    if (/\.xls$/i.test(part.filename)) throw badRequest('请将xls文件另存为xlsx格式后导入');
    if (!/\.xlsx$/i.test(part.filename)) throw badRequest('只能导入xlsx格式的Excel文件');
    fileName = part.filename.slice(0, 200);
    content = await part.toBuffer().catch(() => {
      throw badRequest('导入文件不能超过5MB');
    });
    if (part.file.truncated) throw badRequest('导入文件不能超过5MB');
  }
  if (!content) throw badRequest('请选择要导入的Excel文件');
  return { content, fileName, fields };
}
