import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { findVersion, idList } from '../../forms/index';
import { findRecord, listHistory, listRecords, recordExistsEver } from '../repositories/records';
import { removeRecords } from '../services/record-changes';
import { withChildCase } from './form-paths';
import { recordContext, recordSubmitSchema, submitInput } from './record-request';
import { followupAnswers as answers } from '../../../src/shared/contract/followups';
import { submitRecord } from '../services/record-submit';
import { historyView, recordView } from '../services/record-views';
import { ARCHIVE_WORK } from '../../http/route-access';
import { DatePrefix, Id, intEnum, paging, text } from '../../http/route-schemas';

const BASE = '/blade-iph-business/formrecord';
const optional = Type.Optional;

// BladeX's search names: visitDate_datege / _datele are the visit date's bounds.
const listQuery = {
  querystring: Type.Object({
    ...paging(),
    formCode: optional(text(100)),
    archId: optional(text(40)),
    otherId: optional(text(40)),
    // A record's state (1 saved, 2 closed): bounded, so a huge number is a 400, not the column's overflow.
    status: optional(Type.Integer({ minimum: 0, maximum: 9 })),
    visitDate_datege: optional(DatePrefix),
    visitDate_datele: optional(DatePrefix),
  }),
};

/** The generic record store for any schema-driven form (docs/architecture.md §6): submit, detail, list, remove, history. */
export const formRecordRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      `${BASE}/submit`,
      { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema, response: { 200: answers.record } } },
      async (request) => {
        // A child form finds its child case, or has the one it names checked (form-paths.ts).
        const input = await withChildCase(deps, request.auth.tenant_id, submitInput(request));
        return ok(await submitRecord(recordContext(deps, request), input), input.id ? '更新成功' : '新增成功');
      },
    );

    // withForm=1 adds the document of the record's own version, so an old record opens as it was filled.
    app.get(
      `${BASE}/detail`,
      {
        config: { access: ARCHIVE_WORK },
        schema: { querystring: Type.Object({ id: Id, withForm: optional(intEnum(0, 1)) }), response: { 200: answers.recordWithForm } },
      },
      async (request) => {
        const { id, withForm } = request.query;
        const record = await findRecord(deps.db, request.auth.tenant_id, id);
        if (!record) throw notFound('记录不存在');
        const view = recordView(record);
        if (withForm !== 1) return ok(view);
        const version = await findVersion(deps.db, request.auth.tenant_id, record.form_code, record.form_version);
        return ok({ ...view, document: version?.document ?? null });
      },
    );

    app.get(
      `${BASE}/list`,
      { config: { access: ARCHIVE_WORK }, schema: { ...listQuery, response: { 200: answers.recordPage } } },
      async (request) => {
        const q = request.query;
        const current = q.current ?? 1;
        const size = q.size ?? 10;
        const { rows, total } = await listRecords(
          deps.db,
          request.auth.tenant_id,
          {
            formCodes: q.formCode ? [q.formCode] : undefined,
            archId: q.archId,
            otherId: q.otherId,
            status: q.status,
            visitFrom: q.visitDate_datege?.slice(0, 10),
            visitTo: q.visitDate_datele?.slice(0, 10),
          },
          current,
          size,
        );
        return ok(page(rows.map(recordView), total, current, size));
      },
    );

    app.post(`${BASE}/remove`, { config: { access: ARCHIVE_WORK }, schema: { response: { 200: answers.done } } }, async (request) => {
      const ids = idList(param(request, 'ids'));
      if (ids.length === 0) throw badRequest('请选择至少一条数据');
      await removeRecords(recordContext(deps, request), ids);
      return ok(true, '删除成功');
    });

    app.get(
      `${BASE}/history`,
      { config: { access: ARCHIVE_WORK }, schema: { querystring: Type.Object({ id: Id }), response: { 200: answers.history } } },
      async (request) => {
        const { id } = request.query;
        if (!(await recordExistsEver(deps.db, request.auth.tenant_id, id))) throw notFound('记录不存在');
        return ok((await listHistory(deps.db, request.auth.tenant_id, id)).map(historyView));
      },
    );
  };
