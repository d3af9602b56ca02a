// Printing as PDFs made on the server (issue 33 "Printing"): userfollowup/pdf-print answers one form
// record as its paper form, application/pdf. Who may: the button code followup_print (打印, button
// 4300 under 居民健康档案, server/seed). The record is the caller's tenant's (another's: 404).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../http/envelope';
import { param } from '../../http/request-values';
import { PdfBytes, sendPdf } from '../../http/pdf-reply';
import { printRecord } from '../services/print-record';
import { printReport } from '../services/print-report';

const FOLLOWUP = '/blade-iph-business/userfollowup';
const REPORT = '/blade-iph-business/userfollowupreport';
/** 随访报告's own menu code: whoever may read the reports may print them. */
const REPORT_READ = { permission: 'userfollowupreport' } as const;
export const PRINT = { permission: 'followup_print' } as const;
const optional = Type.Optional;
const IdText = Type.Union([Type.String({ maxLength: 40 }), Type.Integer({ minimum: 0 })]);

/** The record's id, from the query or the body (BladeX sends either): digits, else a clear 400. */
export function recordIdOf(request: FastifyRequest): string {
  const id = param(request, 'id') || param(request, 'followId');
  if (id === '') throw badRequest('请选择要打印的记录（缺少参数 id）');
  if (!/^[0-9]{1,40}$/.test(id)) throw badRequest(`记录编号格式不正确：${id.slice(0, 40)}`);
  return id;
}

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

export const printingRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      `${FOLLOWUP}/pdf-print`,
      {
        config: { access: PRINT },
        schema: {
          querystring: Type.Object({ id: optional(IdText), followId: optional(IdText) }),
          body: optional(Type.Union([Type.Object({ id: optional(IdText), followId: optional(IdText) }), Type.Null()])),
          response: { 200: PdfBytes },
        },
      },
      async (request, reply) => sendPdf(reply, await printRecord(deps, request.auth, recordIdOf(request), routeOf(request))),
    );

    // 随访报告 printed: its record's paper form (every row; print-easy-report: the filled ones) and the report's conclusion and approval.
    for (const [name, easy] of [
      ['print-report', false],
      ['print-easy-report', true],
    ] as const) {
      app.get(
        `${REPORT}/${name}`,
        { config: { access: REPORT_READ }, schema: { querystring: Type.Object({ id: optional(IdText) }), response: { 200: PdfBytes } } },
        async (request, reply) => sendPdf(reply, await printReport(deps, request.auth, recordIdOf(request), routeOf(request), easy)),
      );
    }
  };
