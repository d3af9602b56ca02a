import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { param } from '../http/request-values';
import { inTransaction } from '../repositories/form-transaction';
import { findVersion, latestVersion, latestVersionNumbers, listVersions } from '../repositories/form-versions';
import { allForms, findForm, findFormByCode, insertForm, listForms, removeForms, replaceFormContent } from '../repositories/forms';
import { actorOf, idList, requireFormAdministrator } from '../services/form-access';
import { documentProblems, loadWorkingDocument, noteOf, publishForm, refuseProblems } from '../services/form-publish';
import { checkedCases, checkedDocument, saveWorkingCopy } from '../services/form-save';
import { dateTime, formView } from '../services/form-views';
import { workingStatuses } from '../services/form-working-status';
import { withRefusals } from '../services/record-context';
import { FORM_BASE as BASE, FORM_CODE, FORM_ID as idParam, formOfRequest } from './form-route-parts';
import { ADMINISTRATORS, SIGNED_IN } from '../http/route-access';

const pageProps = { current: { type: 'integer', minimum: 1 }, size: { type: 'integer', minimum: 1, maximum: 200 } } as const;

const listQuery = {
  querystring: {
    type: 'object',
    properties: { ...pageProps, formCode: { type: 'string', maxLength: 100 }, formName: { type: 'string', maxLength: 100 } },
  },
} as const;

const idQuery = { querystring: { type: 'object', properties: { id: idParam, formCode: FORM_CODE } } } as const;
const publishQuery = { querystring: { type: 'object', properties: { ...idQuery.querystring.properties, note: { type: 'string', maxLength: 500 } } } } as const;
const idsParam = { type: 'string', minLength: 1, maxLength: 4000, pattern: '^[0-9]+(,[0-9]+)*$' } as const;

const submitBody = {
  body: {
    type: 'object',
    properties: {
      id: idParam,
      formCode: FORM_CODE,
      formName: { type: 'string', minLength: 1, maxLength: 200 },
      remark: { type: ['string', 'null'], maxLength: 2000 },
      document: { type: 'object' },
      // The cases-file format, or null to remove them (checked in the handler: ajv's strict mode refuses object in a type union).
      cases: {},
      rowVersion: { type: 'integer', minimum: 1 },
    },
  },
} as const;

const versionQuery = {
  querystring: {
    type: 'object',
    required: ['formCode'],
    properties: { formCode: FORM_CODE, version: { type: 'integer', minimum: 1 } },
  },
} as const;

interface SubmitBody {
  id?: string;
  formCode?: string;
  formName?: string;
  remark?: string | null;
  document?: unknown;
  cases?: unknown;
  rowVersion?: number;
}

/** Forms and their versions (blade-iph-business form, spec 002 §7, plus publish and version reads). */
export const formRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const now = () => new Date(deps.now());

    app.get(`${BASE}/list`, { config: { access: SIGNED_IN }, schema: listQuery }, async (request) => {
      const { current = 1, size = 10, formCode, formName } = request.query as { current?: number; size?: number; formCode?: string; formName?: string };
      const { rows, total } = await listForms(deps.db, request.auth.tenant_id, { formCode, formName }, current, size);
      const statuses = await workingStatuses(deps.db, request.auth.tenant_id, rows);
      return ok(page(rows.map((f) => ({ ...formView(f), workingStatus: statuses.get(f.id) })), total, current, size));
    });

    // Every form of the tenant, unpaged (for selects).
    app.get(`${BASE}/newList`, { config: { access: SIGNED_IN } }, async (request) => ok((await allForms(deps.db, request.auth.tenant_id)).map(formView)));

    // The forms the runtime can open: those with a published version, at their latest version.
    app.get(`${BASE}/listForm`, { config: { access: SIGNED_IN } }, async (request) => {
      const [forms, latest] = await Promise.all([allForms(deps.db, request.auth.tenant_id), latestVersionNumbers(deps.db, request.auth.tenant_id)]);
      return ok(forms.filter((f) => latest.has(f.form_code)).map((f) => ({ id: f.id, formCode: f.form_code, formName: f.form_name, version: latest.get(f.form_code) })));
    });

    app.get(`${BASE}/detail`, { config: { access: SIGNED_IN }, schema: idQuery }, async (request) => {
      const form = await formOfRequest(deps.db, request);
      return ok({ ...formView(form), document: await loadWorkingDocument(deps.db, request.auth.tenant_id, form), cases: form.cases ?? null });
    });

    // Creates a form, or updates one (id). With `rowVersion` (from list/detail) an update made from a
    // stale copy is refused with 409 and changes nothing; without it, it saves (older callers).
    app.post(`${BASE}/submit`, { config: { access: ADMINISTRATORS }, schema: submitBody }, async (request, reply) => {
      requireFormAdministrator(request.auth);
      const body = request.body as SubmitBody;
      const input = {
        ...body,
        document: body.document === undefined ? undefined : checkedDocument(body.document),
        cases: body.cases === undefined ? undefined : checkedCases(body.cases),
      };
      return withRefusals(reply, async () => formView(await saveWorkingCopy(deps.db, deps.dbKind, request.auth.tenant_id, input, actorOf(request.auth), now())), body.id ? '更新成功' : '新增成功');
    });

    app.post(`${BASE}/remove`, { config: { access: ADMINISTRATORS }, schema: { querystring: { type: 'object', properties: { ids: idsParam } } } }, async (request) => {
      requireFormAdministrator(request.auth);
      const ids = idList(param(request, 'ids'));
      if (ids.length === 0) throw badRequest('请选择至少一条数据');
      const removed = await inTransaction(deps.db, deps.dbKind, (trx) => removeForms(trx, request.auth.tenant_id, ids));
      if (removed === 0) throw notFound('表单不存在');
      return ok(true, '删除成功');
    });

    // A copy of the working copy under a new code ('<code>_copy', '<code>_copy2', …), not yet published.
    app.post(`${BASE}/copy`, { config: { access: ADMINISTRATORS }, schema: idQuery }, async (request) => {
      requireFormAdministrator(request.auth);
      const source = await formOfRequest(deps.db, request);
      const tenantId = request.auth.tenant_id;
      const actor = actorOf(request.auth);
      const doc = await loadWorkingDocument(deps.db, tenantId, source);
      const copy = await inTransaction(deps.db, deps.dbKind, async (trx) => {
        let code = `${source.form_code}_copy`;
        for (let n = 2; await findFormByCode(trx, tenantId, code); n++) code = `${source.form_code}_copy${n}`;
        const name = `${source.form_name}(副本)`;
        const row = await insertForm(trx, tenantId, { formCode: code, formName: name, remark: source.remark, ext: source.ext }, actor, now());
        await replaceFormContent(trx, tenantId, row, { ...doc, formCode: code, formName: name, version: 0 }, actor, now());
        return (await findForm(trx, tenantId, row.id))!;
      });
      return ok(formView(copy), '复制成功');
    });

    // The compiled document as an ES module's text, for a static bundle; never evaluated by the server.
    app.post(`${BASE}/createJsContent`, { config: { access: SIGNED_IN }, schema: idQuery }, async (request) => {
      const form = await formOfRequest(deps.db, request);
      const doc = await loadWorkingDocument(deps.db, request.auth.tenant_id, form);
      refuseProblems(documentProblems(doc));
      return ok(`// ${doc.formCode} ${doc.formName}\nexport default ${JSON.stringify(doc, null, 2)};\n`);
    });

    // note (query or body, ≤ 500 characters): the change note kept with the new version.
    app.post(`${BASE}/publish`, { config: { access: ADMINISTRATORS }, schema: publishQuery }, async (request) => {
      requireFormAdministrator(request.auth);
      const note = param(request, 'note');
      if (note.length > 500) throw badRequest('参数[note]长度不能超过500');
      const form = await formOfRequest(deps.db, request);
      const { version, created } = await publishForm(deps.db, deps.dbKind, request.auth.tenant_id, form, actorOf(request.auth), now(), noteOf(note));
      return ok(
        { formCode: version.form_code, version: version.version, created, publishedAt: dateTime(version.published_at) },
        created ? `发布成功, 版本 ${version.version}` : `表单内容没有变化, 当前版本仍为 ${version.version}`,
      );
    });

    // The whole published document for the runtime; without version, the latest.
    app.get(`${BASE}/version`, { config: { access: SIGNED_IN }, schema: versionQuery }, async (request) => {
      const { formCode, version } = request.query as { formCode: string; version?: number };
      const tenantId = request.auth.tenant_id;
      const found = version ? await findVersion(deps.db, tenantId, formCode, version) : await latestVersion(deps.db, tenantId, formCode);
      if (!found) throw notFound(version ? `表单 ${formCode} 没有版本 ${version}` : `表单 ${formCode} 尚未发布`);
      return ok(found.document);
    });

    // The rule cases published with a version (forms:pull of an old version writes these, not the
    // working copy's); without version, the latest's. null: that version was published without cases.
    app.get(`${BASE}/version-cases`, { config: { access: ADMINISTRATORS }, schema: versionQuery }, async (request) => {
      requireFormAdministrator(request.auth);
      const { formCode, version } = request.query as { formCode: string; version?: number };
      const tenantId = request.auth.tenant_id;
      const found = version ? await findVersion(deps.db, tenantId, formCode, version) : await latestVersion(deps.db, tenantId, formCode);
      if (!found) throw notFound(version ? `表单 ${formCode} 没有版本 ${version}` : `表单 ${formCode} 尚未发布`);
      return ok(found.cases ?? null);
    });

    app.get(`${BASE}/versions`, { config: { access: SIGNED_IN }, schema: { querystring: { type: 'object', required: ['formCode'], properties: { formCode: versionQuery.querystring.properties.formCode } } } }, async (request) => {
      const { formCode } = request.query as { formCode: string };
      const rows = await listVersions(deps.db, request.auth.tenant_id, formCode);
      return ok(rows.map((r) => ({ formCode, version: r.version, source: r.source, contentHash: r.content_hash, publishedBy: r.published_by, publishedByName: r.published_by_name, publishedAt: dateTime(r.published_at), note: r.note })));
    });
  };
