// 随访报告's named calls (spec 002 §7, 001 §7 userfollowupreport), beside its resource document
// (schemas/crud/userfollowupreport.crud.json: list, detail, remove, submit). Generating, saving and
// deciding are here; print-report and print-easy-report (PDF) are server/printing's. Each call checks
// the caller's tenant and its menu or button code (server/seed: 3710 and 4220–4223).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { param } from '../../http/request-values';
import { ArchId, Id, text } from '../../http/route-schemas';
import { findArchive } from '../../archives/index';
import { actorOf, defaultFormsRoot, idList } from '../../forms/index';
import { readResourceDocuments, resourceView, viewSchema, type ResourceDocument } from '../../resource-documents/index';
import { NotFound } from '../../domain/errors';
import { envelope } from '../../../src/shared/contract/envelope';
import { reportsOfArchive, type ReportRow } from '../repositories/reports';
import {
  approveReport,
  approveReports,
  decisionOf,
  generateReport,
  generateReports,
  reportStatus,
  saveReport,
  type ReportContext,
} from '../services/reports';

const BASE = '/blade-iph-business/userfollowupreport';
const READ = { permission: 'userfollowupreport' } as const;
const GENERATE = { permission: 'userfollowupreport_gen' } as const;
const EDIT = { permission: 'userfollowupreport_edit' } as const;
const APPROVE = { permission: 'userfollowupreport_approve' } as const;
const optional = Type.Optional;

const Status = Type.Object({
  id: Type.String(),
  state: Type.Integer(),
  stateText: Type.String(),
  authorName: Type.String(),
  createTime: Type.String(),
  approveUser: Type.String(),
  approveUserName: Type.String(),
  approveTime: Type.String(),
  approveOpinion: Type.String(),
  rowVersion: Type.Integer(),
});

export const followupReportRoutes =
  (deps: AppDeps, documents: ResourceDocument[] = readResourceDocuments(defaultFormsRoot())): FastifyPluginAsyncTypebox =>
  async (app) => {
    const doc = documents.find((d) => d.name === 'userfollowupreport');
    if (!doc) return;
    const View = viewSchema(doc.block);
    const view = (r: ReportRow) => resourceView(doc.block, r);
    const ctxOf = (request: FastifyRequest): ReportContext => ({
      db: deps.db,
      tenantId: request.auth.tenant_id,
      actor: actorOf(request.auth),
      now: new Date(deps.now()),
      caches: deps.caches,
    });

    // Generates the report of one follow-up record (待审核), or answers the one it already has.
    app.get(
      `${BASE}/gen-report`,
      { config: { access: GENERATE }, schema: { querystring: Type.Object({ followId: Id }), response: { 200: envelope(View) } } },
      async (request) => {
        const { row, created } = await generateReport(ctxOf(request), request.query.followId);
        return ok(view(row), created ? '报告已生成' : '该随访记录已生成报告');
      },
    );

    // Several records, one transaction: all generated or none; those already reported are skipped and counted.
    app.post(
      `${BASE}/gen-reports`,
      {
        config: { access: GENERATE },
        schema: {
          querystring: Type.Object({ ids: optional(text(8000)) }),
          body: optional(
            Type.Union([Type.Object({ ids: optional(Type.Union([text(8000), Type.Array(Id, { maxItems: 500 })])) }), Type.Null()]),
          ),
          response: {
            200: envelope(
              Type.Object({
                generated: Type.Integer(),
                skipped: Type.Integer(),
                skippedIds: Type.Array(Type.String()),
                reports: Type.Array(View),
              }),
            ),
          },
        },
      },
      async (request) => {
        const sent = (request.body as { ids?: unknown } | null | undefined)?.ids;
        const ids = Array.isArray(sent) ? sent.map(String) : idList(param(request, 'ids'));
        const { rows, skipped } = await generateReports(ctxOf(request), ids);
        return ok(
          { generated: rows.length, skipped: skipped.length, skippedIds: skipped, reports: rows.map(view) },
          `已生成${rows.length}份报告${skipped.length ? `，${skipped.length}条随访记录已有报告，已跳过` : ''}`,
        );
      },
    );

    // A resident's reports, newest visit first.
    app.get(
      `${BASE}/list-report`,
      { config: { access: READ }, schema: { querystring: Type.Object({ archId: ArchId }), response: { 200: envelope(Type.Array(View)) } } },
      async (request) => {
        const tenantId = request.auth.tenant_id;
        if (!(await findArchive(deps.db, tenantId, request.query.archId))) throw new NotFound('档案不存在');
        return ok((await reportsOfArchive(deps.db, tenantId, request.query.archId)).map(view));
      },
    );

    // The dialog's save: conclusion and advice of a report not yet approved, over the version read.
    app.post(
      `${BASE}/save-report`,
      {
        config: { access: EDIT },
        schema: {
          body: Type.Object({
            id: Id,
            rowVersion: optional(Type.Integer({ minimum: 1 })),
            conclusion: optional(Type.Union([text(1000), Type.Null()])),
            advice: optional(Type.Union([text(1000), Type.Null()])),
          }),
          response: { 200: envelope(View) },
        },
      },
      async (request) => {
        const b = request.body;
        const saved = await saveReport(ctxOf(request), {
          id: b.id,
          rowVersion: b.rowVersion,
          conclusion: b.conclusion ?? undefined,
          advice: b.advice ?? undefined,
        });
        return ok(view(saved), '保存成功');
      },
    );

    app.get(
      `${BASE}/get-report-status/:id`,
      { config: { access: READ }, schema: { params: Type.Object({ id: Id }), response: { 200: envelope(Status) } } },
      async (request) => ok(await reportStatus(ctxOf(request), request.params.id)),
    );

    // The spec's approve-report/{a}/{b}/{c}: here {id}/{state}/{rowVersion} — which report, 1 通过 or
    // 2 退回, and the version the approver read (a report changed since is 409). Body: {opinion}.
    app.post(
      `${BASE}/approve-report/:id/:state/:rowVersion`,
      {
        config: { access: APPROVE },
        schema: {
          params: Type.Object({ id: Id, state: Type.Integer(), rowVersion: Type.Integer({ minimum: 1 }) }),
          body: optional(Type.Union([Type.Object({ opinion: optional(Type.Union([text(500), Type.Null()])) }), Type.Null()])),
          response: { 200: envelope(View) },
        },
      },
      async (request) => {
        const { id, state, rowVersion } = request.params;
        const opinion = (request.body as { opinion?: string | null } | null | undefined)?.opinion ?? undefined;
        const decided = await approveReport(ctxOf(request), id, rowVersion, decisionOf(state, opinion));
        return ok(view(decided), state === 1 ? '审核通过' : '已退回');
      },
    );

    // Several reports, one decision (the screen's 审核 dialog: ids as a query parameter, {state, opinion} as the body); all or none.
    app.post(
      `${BASE}/approve-reports`,
      {
        config: { access: APPROVE },
        schema: {
          querystring: Type.Object({ ids: optional(text(8000)) }),
          body: optional(
            Type.Union([
              Type.Object({
                ids: optional(Type.Union([text(8000), Type.Array(Id, { maxItems: 500 })])),
                state: optional(Type.Union([Type.Integer(), Type.String({ maxLength: 2 })])),
                opinion: optional(Type.Union([text(500), Type.Null()])),
              }),
              Type.Null(),
            ]),
          ),
          response: { 200: envelope(Type.Object({ approved: Type.Integer(), reports: Type.Array(View) })) },
        },
      },
      async (request) => {
        const body = (request.body ?? {}) as { ids?: unknown; state?: unknown; opinion?: string | null };
        const ids = Array.isArray(body.ids) ? body.ids.map(String) : idList(param(request, 'ids'));
        const state = body.state === undefined || body.state === '' ? 1 : Number(body.state);
        const decided = await approveReports(ctxOf(request), ids, decisionOf(state, body.opinion ?? undefined));
        return ok({ approved: decided.length, reports: decided.map(view) }, state === 1 ? '审核通过' : '已退回');
      },
    );
  };
