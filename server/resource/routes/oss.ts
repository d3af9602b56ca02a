import multipart from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/route-access';
import { textEnum } from '../../http/route-schemas';
import { findAttachment } from '../repositories/attachments';
import { checkIncomingFile, MAX_UPLOAD_BYTES, storeUpload } from '../services/oss-uploads';
import { resourceAnswers as answers } from '../../../src/shared/contract/resource';

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
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });

    app.post(
      '/blade-resource/oss/endpoint/put-file',
      { config: { access: SIGNED_IN }, schema: { ...putQuery, response: { 200: answers.upload } } },
      async (request) => {
        if (!request.isMultipart()) throw badRequest('请以multipart/form-data上传文件');
        const file = await request.file();
        if (!file) throw badRequest('请选择要上传的文件');
        const content = await file.toBuffer().catch(() => {
          throw badRequest('文件过大');
        });
        if (file.file.truncated) throw badRequest('文件过大');
        // One set of checks and one store for every upload call (resource/services/oss-uploads.ts).
        const incoming = { name: file.filename, type: file.mimetype, content };
        checkIncomingFile(incoming, request.query.type ?? 'voucher');
        return ok(await storeUpload(deps.db, request.auth, incoming, new Date(deps.now())));
      },
    );

    app.get(
      '/blade-resource/oss/file/:id',
      { config: { public: true }, schema: { ...fileParams, response: { 200: answers.file } } },
      async (request, reply) => {
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
      },
    );
  };
