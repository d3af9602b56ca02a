// POST /getPrintFile (spec 000 line 164, 001 line 125; the client waits up to 210 s): print items —
// the selected archives' print from the archive list — as one A4 PDF; and 报表文件, the printouts kept
// by link: blade-report/report/rest/list, remove, update-remark (spec 002 line 193) and the link
// itself, rest/pdf. Who may: 打印档案 (`archive_print`, the care team) or 打印模板's menu.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { mayCall } from '../../http/route-access';
import { PdfBytes, sendPdf } from '../../http/pdf-reply';
import { Id } from '../../http/route-schemas';
import {
  IdsQuery,
  PrintItemsBody,
  RemarkQuery,
  ReportFileListQuery,
  printTemplateAnswers as answers,
} from '../../../src/shared/contract/print-templates';
import { checkItems, printItems, type PrintContext } from '../services/print-file';
import { filePage, filePdf, remarkFile, removeFileRows } from '../services/report-files';
import { PRINTS, itemsOf } from './report';
import { requestIds } from '../../http/request-values';

const REST = '/blade-report/report/rest';
const PRINT_FILE = { permission: 'archive_print' } as const;
const optional = Type.Optional;

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

export const printFileRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const ctx = (request: FastifyRequest): PrintContext => ({
      deps,
      auth: request.auth,
      route: routeOf(request),
      may: (permission) => mayCall(deps, request.auth, { permission }),
    });

    app.post(
      '/getPrintFile',
      {
        config: { access: PRINT_FILE },
        schema: { body: optional(Type.Union([PrintItemsBody, Type.Null()])), response: { 200: PdfBytes } },
      },
      async (request, reply) => {
        const c = ctx(request);
        return sendPdf(reply, await printItems(c, await checkItems(c, itemsOf(request.body))));
      },
    );

    app.get(
      `${REST}/pdf`,
      { config: { access: PRINTS }, schema: { querystring: Type.Object({ id: Id }), response: { 200: PdfBytes } } },
      async (request, reply) => sendPdf(reply, await filePdf(ctx(request), request.query.id)),
    );

    app.get(
      `${REST}/list`,
      { config: { access: PRINTS }, schema: { querystring: ReportFileListQuery, response: { 200: answers.files } } },
      async (request) => {
        const q = request.query;
        return ok(await filePage(ctx(request), (q.name_like ?? q.name)?.trim() || undefined, q.current ?? 1, q.size ?? 10));
      },
    );

    app.post(
      `${REST}/remove`,
      {
        config: { access: PRINTS },
        schema: {
          querystring: IdsQuery,
          body: optional(Type.Union([Type.Object({ ids: optional(Type.String({ maxLength: 4000 })) }), Type.Null()])),
          response: { 200: answers.done },
        },
      },
      async (request) => {
        await removeFileRows(ctx(request), requestIds(request));
        return ok(true);
      },
    );

    app.get(
      `${REST}/update-remark`,
      { config: { access: PRINTS }, schema: { querystring: RemarkQuery, response: { 200: answers.file } } },
      async (request) => ok(await remarkFile(ctx(request), request.query.id, request.query.remark ?? '')),
    );
  };
