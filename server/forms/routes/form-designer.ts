import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { notFound, ok } from '../../http/envelope';
import { findVersion, latestVersion } from '../repositories/form-versions';
import { findFormByCode } from '../repositories/forms';
import { actorOf, requireFormAdministrator } from '../services/form-access';
import { diffForm, type DocumentRef } from '../services/form-diff';
import { importForm } from '../services/form-import';
import { importMessage } from '../services/form-import-report';
import { noteOf, rollbackForm } from '../services/form-publish';
import { afterPublish } from '../services/form-registry';
import { replayWorkingCopy } from '../services/form-replay';
import { dictionaryWorld, versionDictionaries } from '../services/form-world';
import { dateTime, formView } from '../services/form-views';
import { FORM_BASE as BASE, formOfRequest } from './form-route-parts';
import { ADMINISTRATORS } from '../../http/route-access';
import { FormCode, Id, text } from '../../http/route-schemas';
import { designerAnswers as answers, formAnswers } from '../../../src/shared/contract/forms';

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

const versionQuery = { querystring: Type.Object({ formCode: FormCode, version: optional(version) }) };

const rollbackQuery = { querystring: Type.Object({ formCode: FormCode, version, note: optional(text(500)) }) };

const importBody = {
  body: Type.Object({
    files: Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), text: Type.String() }), {
      minItems: 1,
      maxItems: 4,
    }),
    id: optional(Id),
    rowVersion: optional(version),
    // forms:push: the version it pulled (0: a new form) and whether it may replace unpublished changes.
    baseVersion: optional(Type.Integer({ minimum: 0 })),
    overwriteDraft: optional(Type.Boolean()),
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

    // Every dictionary a form may name in this tenant: its own, the platform's, the code maps (issue 30).
    app.get(
      `${BASE}/dictionary-world`,
      { config: { access: ADMINISTRATORS }, schema: { response: { 200: answers.world } } },
      async (request) => {
        requireFormAdministrator(request.auth);
        return ok(await dictionaryWorld(deps.db, request.auth.tenant_id));
      },
    );

    // The business dictionaries a version names, as forms:pull writes them (rules/<code>.dicts.json's
    // map); without version, the latest's. null: none beyond the code maps.
    app.get(
      `${BASE}/version-dictionaries`,
      { config: { access: ADMINISTRATORS }, schema: { ...versionQuery, response: { 200: formAnswers.anything } } },
      async (request) => {
        requireFormAdministrator(request.auth);
        const { formCode, version } = request.query;
        const tenantId = request.auth.tenant_id;
        const found = version ? await findVersion(deps.db, tenantId, formCode, version) : await latestVersion(deps.db, tenantId, formCode);
        if (!found) throw notFound(version ? `表单 ${formCode} 没有版本 ${version}` : `表单 ${formCode} 尚未发布`);
        return ok(await versionDictionaries(deps.db, tenantId, found.document));
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
        const outcome = await rollbackForm(deps.db, tenantId, form, target, actorOf(request.auth), now(), noteOf(note));
        afterPublish(deps, tenantId, outcome);
        const { version: written, created } = outcome;
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
        return ok({ ...formView(done.form), ...done.report }, importMessage(done.report, done.created));
      },
    );
  };
