// drugs/import-drugs and drugs/import-drugs-logs (spec 002 §7 line 184): the drug catalogue from an
// .xlsx, and the log of its imports. Thin: the rules are in services/drug-import.ts.
import multipart from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { MAX_IMPORT_BYTES, readXlsxUpload } from '../../http/xlsx-upload';
import { param } from '../../http/request-values';
import { ADMINISTRATORS } from '../../http/route-access';
import { paging, textEnum } from '../../http/route-schemas';
import { actorOf, defaultFormsRoot } from '../../forms/index';
import { paging as pageOf } from '../../platform/repositories/crud-filters';
import { readResourceDocuments, type ResourceDocument } from '../../resource-documents/index';
import { envelope, pageOf as pageSchema } from '../../../src/shared/contract/envelope';
import { drugImportLogs, importDrugs } from '../services/drug-import';

const Problem = Type.Object({ line: Type.Integer(), msg: Type.String() });
const Outcome = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  total: Type.Integer(),
  imported: Type.Integer(),
  refused: Type.Integer(),
  problems: Type.Array(Problem),
});
const LogView = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  total: Type.Integer(),
  imported: Type.Integer(),
  refused: Type.Integer(),
  problems: Type.Array(Problem),
  /** The refused rows as one line for the logs screen: 第4行：请输入药品编码；… */
  problemText: Type.String(),
  createUser: Type.String(),
  createUserName: Type.String(),
  createTime: Type.String(),
});

export const drugImportRoutes =
  (deps: AppDeps, documents: ResourceDocument[] = readResourceDocuments(defaultFormsRoot())): FastifyPluginAsyncTypebox =>
  async (app) => {
    const drugs = documents.find((d) => d.name === 'drugs');
    if (!drugs) return;
    await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } });

    app.post(
      '/blade-iph-business/drugs/import-drugs',
      {
        config: { access: ADMINISTRATORS },
        schema: {
          querystring: Type.Object({ isCovered: Type.Optional(textEnum('0', '1', 'true', 'false', '')) }),
          response: { 200: envelope(Outcome) },
        },
        bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024,
      },
      async (request) => {
        const { content, fileName, fields } = await readXlsxUpload(request);
        const isCovered = (fields.isCovered ?? param(request, 'isCovered')).trim();
        const ctx = { db: deps.db, tenantId: request.auth.tenant_id, now: new Date(deps.now()), dictionaries: deps.caches };
        const outcome = await importDrugs(ctx, drugs, fileName, content, ['1', 'true'].includes(isCovered), actorOf(request.auth));
        const msg =
          outcome.refused === 0 ? `导入成功：${outcome.imported}条` : `导入完成：成功${outcome.imported}条，失败${outcome.refused}条`;
        return ok(outcome, msg);
      },
    );

    app.get(
      '/blade-iph-business/drugs/import-drugs-logs',
      {
        config: { access: ADMINISTRATORS },
        schema: { querystring: Type.Object(paging()), response: { 200: envelope(pageSchema(LogView)) } },
      },
      async (request) => {
        const { current, size } = pageOf(request.query);
        const { records, total } = await drugImportLogs({ db: deps.db, tenantId: request.auth.tenant_id }, current, size);
        return ok(page(records, total, current, size));
      },
    );
  };
