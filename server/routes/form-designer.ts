import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { notFound, ok } from '../http/envelope';
import { findVersion } from '../repositories/form-versions';
import { findFormByCode } from '../repositories/forms';
import { actorOf, requireFormAdministrator } from '../services/form-access';
import { diffForm, type DocumentRef } from '../services/form-diff';
import { importForm } from '../services/form-import';
import { noteOf, rollbackForm } from '../services/form-publish';
import { replayWorkingCopy } from '../services/form-replay';
import { dateTime, formView } from '../services/form-views';
import { compiledCacheFor, withRefusals } from '../services/record-context';
import { FORM_BASE as BASE, FORM_CODE, FORM_ID as ID, formOfRequest } from './form-route-parts';
import { ADMINISTRATORS } from '../http/route-access';

const NOTE = { type: 'string', maxLength: 500 } as const;

const diffQuery = {
  querystring: {
    type: 'object',
    required: ['formCode', 'from'],
    properties: { formCode: FORM_CODE, from: { type: 'integer', minimum: 1 }, to: { type: 'string', pattern: '^(working|[1-9][0-9]{0,8})$' } },
  },
} as const;

const replayQuery = {
  querystring: { type: 'object', properties: { id: ID, formCode: FORM_CODE, limit: { type: 'integer', minimum: 1, maximum: 5000, default: 500 } } },
} as const;

const rollbackQuery = {
  querystring: { type: 'object', required: ['formCode', 'version'], properties: { formCode: FORM_CODE, version: { type: 'integer', minimum: 1 }, note: NOTE } },
} as const;

const importBody = {
  body: {
    type: 'object',
    required: ['files'],
    properties: {
      files: {
        type: 'array',
        minItems: 1,
        maxItems: 3,
        items: { type: 'object', required: ['name', 'text'], properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, text: { type: 'string' } } },
      },
      id: ID,
      rowVersion: { type: 'integer', minimum: 1 },
    },
  },
} as const;

/**
 * The form designer's server half (administrators only, each call within the caller's tenant): the
 * readable diff between versions, the impact replay of the working copy on recent records,
 * rollback to an older version, and the import of the analysts' files.
 */
export const formDesignerRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const now = () => new Date(deps.now());

    // What changed between two versions, or a version and the working copy (to=working, the default).
    app.get(`${BASE}/diff`, { config: { access: ADMINISTRATORS }, schema: diffQuery }, async (request) => {
      requireFormAdministrator(request.auth);
      const { formCode, from, to = 'working' } = request.query as { formCode: string; from: number; to?: string };
      const target: DocumentRef = to === 'working' ? 'working' : Number(to);
      return ok(await diffForm(deps.db, request.auth.tenant_id, formCode, from, target));
    });

    // The working copy run over the form's latest records: what would change if it were published.
    app.post(`${BASE}/replay`, { config: { access: ADMINISTRATORS }, schema: replayQuery }, async (request) => {
      requireFormAdministrator(request.auth);
      const { limit } = request.query as { limit: number };
      const form = await formOfRequest(deps.db, request);
      const report = await replayWorkingCopy({ db: deps.db, tenantId: request.auth.tenant_id, now: now(), cache: compiledCacheFor(deps), dictionaries: deps.caches }, form, limit);
      return ok(report, `已重算 ${report.records} 条记录，其中 ${report.changedRecords} 条有变化`);
    });

    // An older version published again as a new one; the working copy becomes it too.
    app.post(`${BASE}/rollback`, { config: { access: ADMINISTRATORS }, schema: rollbackQuery }, async (request) => {
      requireFormAdministrator(request.auth);
      const { formCode, version, note } = request.query as { formCode: string; version: number; note?: string };
      const tenantId = request.auth.tenant_id;
      const form = await findFormByCode(deps.db, tenantId, formCode);
      if (!form) throw notFound('表单不存在');
      const target = await findVersion(deps.db, tenantId, formCode, version);
      if (!target) throw notFound(`表单 ${formCode} 没有版本 ${version}`);
      const { version: written, created } = await rollbackForm(deps.db, deps.dbKind, tenantId, form, target, actorOf(request.auth), now(), noteOf(note));
      return ok(
        { formCode: written.form_code, version: written.version, created, publishedAt: dateTime(written.published_at), rolledBackTo: version },
        created ? `已回退到版本 ${version}, 发布为版本 ${written.version}` : `版本 ${version} 与当前版本内容相同, 当前版本仍为 ${written.version}`,
      );
    });

    // The analysts' files as a working copy (created, or the form of `id` updated); not published.
    app.post(`${BASE}/import`, { config: { access: ADMINISTRATORS }, schema: importBody }, async (request, reply) => {
      requireFormAdministrator(request.auth);
      const body = request.body as { files: { name: string; text: string }[]; id?: string; rowVersion?: number };
      return withRefusals(
        reply,
        async () => {
          const done = await importForm(deps.db, deps.dbKind, request.auth.tenant_id, body, actorOf(request.auth), now());
          return { ...formView(done.form), fieldCount: done.fields, ruleCount: done.rules, caseCount: done.cases };
        },
        body.id ? '导入成功（已更新工作副本，尚未发布）' : '导入成功（已新建表单，尚未发布）',
      );
    });
  };
