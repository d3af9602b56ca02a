import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { findVersion, latestVersion, latestVersionNumbers, listVersions } from '../repositories/form-versions';
import { allForms, listForms } from '../repositories/forms';
import { copyForm, removeForms } from '../services/form-admin';
import { actorOf, idList, requireFormAdministrator } from '../services/form-access';
import { documentProblems, loadWorkingDocument, noteOf, publishForm, refuseProblems } from '../services/form-publish';
import { afterPublish } from '../services/form-registry';
import { checkedDictionaries } from '../services/carried-dictionaries';
import { checkedCases, checkedDocument, saveWorkingCopy } from '../services/form-save';
import { dateTime, formView } from '../services/form-views';
import { workingStatuses } from '../services/form-working-status';
import { FORM_BASE as BASE, formOfRequest } from './form-route-parts';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { AnyObject, FormCode, Id, IdList, paging, text, textOrNull } from '../../http/route-schemas';
import { formAnswers as answers, type PublishResult, type VersionRow } from '../../../src/shared/contract/forms';

const optional = Type.Optional;
const version = Type.Integer({ minimum: 1 });

// Search text: any fragment of a code or name.
const listQuery = {
  querystring: Type.Object({ ...paging(), formCode: optional(text(100)), formName: optional(text(100)) }),
  response: { 200: answers.formPage },
};

const idProps = { id: optional(Id), formCode: optional(FormCode) };
const idQuery = { querystring: Type.Object(idProps) };
const publishQuery = { querystring: Type.Object({ ...idProps, note: optional(text(500)) }), response: { 200: answers.published } };

const submitBody = {
  response: { 200: answers.form },
  body: Type.Object({
    id: optional(Id),
    formCode: optional(FormCode),
    formName: optional(Type.String({ minLength: 1, maxLength: 200 })),
    remark: optional(textOrNull(2000)),
    document: optional(AnyObject),
    // The cases-file format, or null to remove them (checked in the handler: ajv's strict mode refuses object in a type union).
    cases: optional(Type.Unknown()),
    // The dictionaries it carries (a DictsFile's map), or null to remove them; checked in the handler likewise.
    dictionaries: optional(Type.Unknown()),
    rowVersion: optional(version),
  }),
};

const versionQuery = { querystring: Type.Object({ formCode: FormCode, version: optional(version) }), response: { 200: answers.anything } };

/** Forms and their versions (blade-iph-business form, spec 002 §7, plus publish and version reads). */
export const formRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const now = () => new Date(deps.now());

    app.get(`${BASE}/list`, { config: { access: SIGNED_IN }, schema: listQuery }, async (request) => {
      const { current = 1, size = 10, formCode, formName } = request.query;
      const { rows, total } = await listForms(deps.db, request.auth.tenant_id, { formCode, formName }, current, size);
      const statuses = await workingStatuses(deps.db, request.auth.tenant_id, rows);
      return ok(
        page(
          rows.map((f) => ({ ...formView(f), workingStatus: statuses.get(f.id) })),
          total,
          current,
          size,
        ),
      );
    });

    // Every form of the tenant, unpaged (for selects).
    app.get(`${BASE}/newList`, { config: { access: SIGNED_IN }, schema: { response: { 200: answers.formList } } }, async (request) =>
      ok((await allForms(deps.db, request.auth.tenant_id)).map(formView)),
    );

    // The forms the runtime can open: those with a published version, at their latest version.
    app.get(
      `${BASE}/listForm`,
      { config: { access: SIGNED_IN }, schema: { response: { 200: answers.publishedForms } } },
      async (request) => {
        const [forms, latest] = await Promise.all([
          allForms(deps.db, request.auth.tenant_id),
          latestVersionNumbers(deps.db, request.auth.tenant_id),
        ]);
        return ok(
          forms
            .filter((f) => latest.has(f.form_code))
            .map((f) => ({ id: f.id, formCode: f.form_code, formName: f.form_name, version: latest.get(f.form_code) ?? 0 })),
        );
      },
    );

    app.get(
      `${BASE}/detail`,
      { config: { access: SIGNED_IN }, schema: { ...idQuery, response: { 200: answers.formDetail } } },
      async (request) => {
        const form = await formOfRequest(deps.db, request);
        return ok({
          ...formView(form),
          document: await loadWorkingDocument(deps.db, request.auth.tenant_id, form),
          cases: form.cases ?? null,
          dictionaries: form.dictionaries ?? null,
        });
      },
    );

    // Creates a form, or updates one (id) with the `rowVersion` it read (list/detail): without it 428,
    // from a stale copy 409 — either changes nothing.
    app.post(`${BASE}/submit`, { config: { access: ADMINISTRATORS }, schema: submitBody }, async (request) => {
      requireFormAdministrator(request.auth);
      const { body } = request;
      const input = {
        ...body,
        document: body.document === undefined ? undefined : checkedDocument(body.document),
        cases: body.cases === undefined ? undefined : checkedCases(body.cases),
        dictionaries:
          body.dictionaries === undefined
            ? undefined
            : checkedDictionaries(body.dictionaries, body.formCode ?? (body.document?.formCode as string | undefined) ?? 'form'),
      };
      return ok(
        formView(await saveWorkingCopy(deps.db, request.auth.tenant_id, input, actorOf(request.auth), now())),
        body.id ? '更新成功' : '新增成功',
      );
    });

    app.post(
      `${BASE}/remove`,
      {
        config: { access: ADMINISTRATORS },
        schema: { querystring: Type.Object({ ids: optional(IdList) }), response: { 200: answers.done } },
      },
      async (request) => {
        requireFormAdministrator(request.auth);
        const ids = idList(param(request, 'ids'));
        if (ids.length === 0) throw badRequest('请选择至少一条数据');
        const removed = await removeForms(deps.db, request.auth.tenant_id, ids);
        if (removed === 0) throw notFound('表单不存在');
        return ok(true, '删除成功');
      },
    );

    // A copy of the working copy under a new code ('<code>_copy', '<code>_copy2', …), not yet published.
    app.post(
      `${BASE}/copy`,
      { config: { access: ADMINISTRATORS }, schema: { ...idQuery, response: { 200: answers.form } } },
      async (request) => {
        requireFormAdministrator(request.auth);
        const source = await formOfRequest(deps.db, request);
        const copy = await copyForm(deps.db, request.auth.tenant_id, source, actorOf(request.auth), now());
        return ok(formView(copy), '复制成功');
      },
    );

    // The compiled document as an ES module's text, for a static bundle; never evaluated by the server.
    app.post(
      `${BASE}/createJsContent`,
      { config: { access: SIGNED_IN }, schema: { ...idQuery, response: { 200: answers.text } } },
      async (request) => {
        const form = await formOfRequest(deps.db, request);
        const doc = await loadWorkingDocument(deps.db, request.auth.tenant_id, form);
        refuseProblems(documentProblems(doc));
        return ok(`// ${doc.formCode} ${doc.formName}\nexport default ${JSON.stringify(doc, null, 2)};\n`);
      },
    );

    // note (query or body, ≤ 500 characters): the change note kept with the new version.
    app.post(`${BASE}/publish`, { config: { access: ADMINISTRATORS }, schema: publishQuery }, async (request) => {
      requireFormAdministrator(request.auth);
      const note = param(request, 'note');
      if (note.length > 500) throw badRequest('参数[note]长度不能超过500');
      const form = await formOfRequest(deps.db, request);
      const outcome = await publishForm(deps.db, request.auth.tenant_id, form, actorOf(request.auth), now(), noteOf(note));
      afterPublish(deps, request.auth.tenant_id, outcome);
      const { version, created } = outcome;
      const published: PublishResult = {
        formCode: version.form_code,
        version: version.version,
        created,
        publishedAt: dateTime(version.published_at),
      };
      return ok(published, created ? `发布成功, 版本 ${version.version}` : `表单内容没有变化, 当前版本仍为 ${version.version}`);
    });

    // The whole published document for the runtime; without version, the latest.
    app.get(`${BASE}/version`, { config: { access: SIGNED_IN }, schema: versionQuery }, async (request) => {
      const { formCode, version } = request.query;
      const tenantId = request.auth.tenant_id;
      const found = version ? await findVersion(deps.db, tenantId, formCode, version) : await latestVersion(deps.db, tenantId, formCode);
      if (!found) throw notFound(version ? `表单 ${formCode} 没有版本 ${version}` : `表单 ${formCode} 尚未发布`);
      return ok(found.document);
    });

    // The rule cases published with a version (forms:pull of an old version writes these, not the
    // working copy's); without version, the latest's. null: that version was published without cases.
    app.get(`${BASE}/version-cases`, { config: { access: ADMINISTRATORS }, schema: versionQuery }, async (request) => {
      requireFormAdministrator(request.auth);
      const { formCode, version } = request.query;
      const tenantId = request.auth.tenant_id;
      const found = version ? await findVersion(deps.db, tenantId, formCode, version) : await latestVersion(deps.db, tenantId, formCode);
      if (!found) throw notFound(version ? `表单 ${formCode} 没有版本 ${version}` : `表单 ${formCode} 尚未发布`);
      return ok(found.cases ?? null);
    });

    app.get(
      `${BASE}/versions`,
      { config: { access: SIGNED_IN }, schema: { querystring: Type.Object({ formCode: FormCode }), response: { 200: answers.versions } } },
      async (request) => {
        const { formCode } = request.query;
        const rows = await listVersions(deps.db, request.auth.tenant_id, formCode);
        return ok(
          rows.map((r): VersionRow => ({
            formCode,
            version: r.version,
            source: r.source,
            contentHash: r.content_hash,
            publishedBy: r.published_by,
            publishedByName: r.published_by_name,
            publishedAt: dateTime(r.published_at),
            note: r.note,
          })),
        );
      },
    );
  };
