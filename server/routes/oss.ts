import multipart from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkUpload, UPLOAD_POLICIES } from '../../src/shared/policies/upload';
import type { AppDeps } from '../app-deps';
import { badRequest, notFound, ok } from '../http/envelope';
import { SIGNED_IN } from '../http/route-access';
import { textEnum } from '../http/route-schemas';
import { findAttachment, insertAttachment } from '../repositories/attachments';

const MAX_BYTES = 5 * 1024 * 1024;

/** First bytes of each accepted type: the declared type must match what the file really is. */
const SIGNATURES: Record<string, number[][]> = {
  'image/png': [[0x89, 0x50, 0x4e, 0x47]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [[0x47, 0x49, 0x46, 0x38]],
  'application/pdf': [[0x25, 0x50, 0x44, 0x46]],
};

function contentMatches(type: string, bytes: Buffer): boolean {
  const signatures = SIGNATURES[type.toLowerCase()];
  return !!signatures && signatures.some((sig) => sig.every((b, i) => bytes[i] === b));
}

const putQuery = { querystring: Type.Object({ type: Type.Optional(textEnum('avatar', 'attachment', 'voucher')) }) };
// Any text: an id that is not a file's UUID is 文件不存在 (404), as a missing file is.
const fileParams = { params: Type.Object({ id: Type.String() }) };

/**
 * blade-resource/oss: files are kept in the database (so PGlite and PostgreSQL installs back them
 * up with the data). GET of a file is public — <img> tags send no token — and its id is a random
 * UUID, so a link is as good as the permission to see it.
 */
export const ossRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1, fields: 10 } });

    app.post('/blade-resource/oss/endpoint/put-file', { config: { access: SIGNED_IN }, schema: putQuery }, async (request) => {
      if (!request.isMultipart()) throw badRequest('请以multipart/form-data上传文件');
      const file = await request.file();
      if (!file) throw badRequest('请选择要上传的文件');
      const content = await file.toBuffer().catch(() => {
        throw badRequest('文件过大');
      });
      if (file.file.truncated) throw badRequest('文件过大');
      const policyName = request.query.type ?? 'voucher';
      const verdict = checkUpload({ name: file.filename, type: file.mimetype, size: content.length }, policyName);
      if (!verdict.ok) throw badRequest(verdict.message ?? UPLOAD_POLICIES[policyName].typeMessage);
      if (!contentMatches(file.mimetype, content)) throw badRequest(UPLOAD_POLICIES[policyName].typeMessage);
      const id = await insertAttachment(deps.db, {
        tenantId: request.auth.tenant_id,
        userId: request.auth.user_id,
        originalName: file.filename.slice(0, 200),
        contentType: file.mimetype,
        content,
        time: new Date(deps.now()),
      });
      const link = `/api/blade-resource/oss/file/${id}`;
      return ok({ link, domain: '', name: id, originalName: file.filename, attachId: id });
    });

    app.get('/blade-resource/oss/file/:id', { config: { public: true }, schema: fileParams }, async (request, reply) => {
      const { id } = request.params;
      if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound('文件不存在');
      const file = await findAttachment(deps.db, id);
      if (!file) throw notFound('文件不存在');
      // inline: images show in place; a download (an export) is still saved under its own name.
      const disposition = `inline; filename*=UTF-8''${encodeURIComponent(file.original_name || id)}`;
      return reply
        .type(file.content_type)
        .header('Cache-Control', 'private, max-age=86400')
        .header('Content-Disposition', disposition)
        .send(Buffer.from(file.content));
    });
  };
