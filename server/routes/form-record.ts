import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { param } from '../http/request-values';
import { findVersion } from '../repositories/form-versions';
import { findRecord, listHistory, listRecords, recordExistsEver } from '../repositories/records';
import { idList } from '../services/form-access';
import { removeRecords } from '../services/record-changes';
import { recordContext, recordSubmitSchema, submitInput, withRefusals } from '../services/record-context';
import { submitRecord } from '../services/record-submit';
import { historyView, recordView } from '../services/record-views';
import { ARCHIVE_WORK } from '../http/route-access';

const BASE = '/blade-iph-business/formrecord';
const idParam = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9]+$' } as const;
const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}' } as const;

const listQuery = {
  querystring: {
    type: 'object',
    properties: {
      current: { type: 'integer', minimum: 1 },
      size: { type: 'integer', minimum: 1, maximum: 200 },
      formCode: { type: 'string', maxLength: 100 },
      archId: { type: 'string', maxLength: 40 },
      otherId: { type: 'string', maxLength: 40 },
      status: { type: 'integer' },
      visitDate_datege: DATE,
      visitDate_datele: DATE,
    },
  },
} as const;

type ListQuery = { current?: number; size?: number; formCode?: string; archId?: string; otherId?: string; status?: number; visitDate_datege?: string; visitDate_datele?: string };

/** The generic record store for any schema-driven form (DESIGN.md §6): submit, detail, list, remove, history. */
export const formRecordRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.post(`${BASE}/submit`, { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema } }, async (request, reply) => {
      const input = submitInput(request);
      return withRefusals(reply, () => submitRecord(recordContext(deps, request), input), input.id ? '更新成功' : '新增成功');
    });

    // withForm=1 adds the document of the record's own version, so an old record opens as it was filled.
    app.get(`${BASE}/detail`, { config: { access: ARCHIVE_WORK }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: idParam, withForm: { type: 'integer', enum: [0, 1] } } } } }, async (request) => {
      const { id, withForm } = request.query as { id: string; withForm?: number };
      const record = await findRecord(deps.db, request.auth.tenant_id, id);
      if (!record) throw notFound('记录不存在');
      const view = recordView(record);
      if (withForm !== 1) return ok(view);
      const version = await findVersion(deps.db, request.auth.tenant_id, record.form_code, record.form_version);
      return ok({ ...view, document: version?.document ?? null });
    });

    app.get(`${BASE}/list`, { config: { access: ARCHIVE_WORK }, schema: listQuery }, async (request) => {
      const q = request.query as ListQuery;
      const current = q.current ?? 1;
      const size = q.size ?? 10;
      const { rows, total } = await listRecords(
        deps.db,
        request.auth.tenant_id,
        { formCodes: q.formCode ? [q.formCode] : undefined, archId: q.archId, otherId: q.otherId, status: q.status, visitFrom: q.visitDate_datege?.slice(0, 10), visitTo: q.visitDate_datele?.slice(0, 10) },
        current,
        size,
      );
      return ok(page(rows.map(recordView), total, current, size));
    });

    app.post(`${BASE}/remove`, { config: { access: ARCHIVE_WORK } }, async (request) => {
      const ids = idList(param(request, 'ids'));
      if (ids.length === 0) throw badRequest('请选择至少一条数据');
      await removeRecords(recordContext(deps, request), ids);
      return ok(true, '删除成功');
    });

    app.get(`${BASE}/history`, { config: { access: ARCHIVE_WORK }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: idParam } } } }, async (request) => {
      const { id } = request.query as { id: string };
      if (!(await recordExistsEver(deps.db, request.auth.tenant_id, id))) throw notFound('记录不存在');
      return ok((await listHistory(deps.db, request.auth.tenant_id, id)).map(historyView));
    });
  };
