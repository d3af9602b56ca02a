import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { notFound, ok } from '../../http/envelope';
import { findVersion } from '../repositories/form-versions';
import { findFormByCode } from '../repositories/forms';
import { actorOf, requireFormAdministrator } from '../services/form-access';
import { diffForm, type DocumentRef } from '../services/form-diff';
import { importForm } from '../services/form-import';
import { noteOf, rollbackForm } from '../services/form-publish';
import { formsPublished } from '../services/form-registry';
import { replayWorkingCopy } from '../services/form-replay';
import { dateTime, formView } from '../services/form-views';
import { FORM_BASE as BASE, formOfRequest } from './form-route-parts';
import { ADMINISTRATORS } from '../../http/route-access';
import { FormCode, Id, text } from '../../http/route-schemas';
import { designerAnswers as answers } from '../../../src/shared/contract/forms';

const optional = Type.Optional;
const version = Type.Integer({ minimum: 1 });
/** Records the replay re-evaluates when the call does not say. */
const REPLAY_LIMIT = 500;

const diffQuery = {
  querystring: Type.Object({ formCode: FormCode, from: version, to: optional(Type.String({ pattern: '^(working|[1-9][0-9]{0,8})$' })) }),
};

const replayQuery = {
  querystring: Type.Object({
    id: optional(Id),
    formCode: optional(FormCode),
    limit: optional(Type.Integer({ minimum: 1, maximum: 5000, default: REPLAY_LIMIT })),
  }),
};

const rollbackQuery = { querystring: Type.Object({ formCode: FormCode, version, note: optional(text(500)) }) };

const importBody = {
  body: Type.Object({
    files: Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), text: Type.String() }), {
      minItems: 1,
      maxItems: 3,
    }),
    id: optional(Id),
    rowVersion: optional(version),
  }),
};

/**
 * The form designer's server half (administrators only, each call within the caller's tenant): the
 * readable diff between versions, the impact replay of the working copy on recent records,
 * rollback to an older version, and the import of the analysts' files.
 */
export const formDesignerRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const now = () => new Date(deps.now());

    // What changed between two versions, or a version and the working copy (to=working, the default).
    app.get(
      `${BASE}/diff`,
      { config: { access: ADMINISTRATORS }, schema: { ...diffQuery, response: { 200: answers.diff } } },
      async (request) => {
        requireFormAdministrator(request.auth);
        const { formCode, from, to = 'working' } = request.query;
        const target: DocumentRef = to === 'working' ? 'working' : Number(to);
        return ok(await diffForm(deps.db, request.auth.tenant_id, formCode, from, target));
      },
    );

    // The working copy run over the form's latest records: what would change if it were published.
    app.post(
      `${BASE}/replay`,
      { config: { access: ADMINISTRATORS }, schema: { ...replayQuery, response: { 200: answers.replay } } },
      async (request) => {
        requireFormAdministrator(request.auth);
        // ajv has filled in the default; the fallback only satisfies the type.
        const { limit = REPLAY_LIMIT } = request.query;
        const form = await formOfRequest(deps.db, request);
        const report = await replayWorkingCopy(
          { db: deps.db, tenantId: request.auth.tenant_id, now: now(), cache: deps.compiledForms, dictionaries: deps.caches },
          form,
          limit,
        );
        return ok(report, `已重算 ${report.records} 条记录，其中 ${report.changedRecords} 条有变化`);
      },
    );

    // An older version published again as a new one; the working copy becomes it too.
    app.post(
      `${BASE}/rollback`,
      { config: { access: ADMINISTRATORS }, schema: { ...rollbackQuery, response: { 200: answers.rollback } } },
      async (request) => {
        requireFormAdministrator(request.auth);
        const { formCode, version, note } = request.query;
        const tenantId = request.auth.tenant_id;
        const form = await findFormByCode(deps.db, tenantId, formCode);
        if (!form) throw notFound('表单不存在');
        const target = await findVersion(deps.db, tenantId, formCode, version);
        if (!target) throw notFound(`表单 ${formCode} 没有版本 ${version}`);
        const { version: written, created } = await rollbackForm(
          deps.db,
          tenantId,
          form,
          target,
          actorOf(request.auth),
          now(),
          noteOf(note),
        );
        if (created) formsPublished(deps, [tenantId]);
        return ok(
          {
            formCode: written.form_code,
            version: written.version,
            created,
            publishedAt: dateTime(written.published_at),
            rolledBackTo: version,
          },
          created
            ? `已回退到版本 ${version}, 发布为版本 ${written.version}`
            : `版本 ${version} 与当前版本内容相同, 当前版本仍为 ${written.version}`,
        );
      },
    );

    // The analysts' files as a working copy (created, or the form of `id` updated); not published.
    app.post(
      `${BASE}/import`,
      { config: { access: ADMINISTRATORS }, schema: { ...importBody, response: { 200: answers.imported } } },
      async (request) => {
        requireFormAdministrator(request.auth);
        const { body } = request;
        const done = await importForm(deps.db, request.auth.tenant_id, body, actorOf(request.auth), now());
        return ok(
          { ...formView(done.form), fieldCount: done.fields, ruleCount: done.rules, caseCount: done.cases },
          body.id ? '导入成功（已更新工作副本，尚未发布）' : '导入成功（已新建表单，尚未发布）',
        );
      },
    );
  };
