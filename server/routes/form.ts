import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { validateDocument, type FormDocument } from '../../src/engine';
import type { AppDeps } from '../app-deps';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { param } from '../http/request-values';
import { inTransaction } from '../repositories/form-transaction';
import { findVersion, latestVersion, latestVersionNumbers, listVersions } from '../repositories/form-versions';
import { allForms, findForm, findFormByCode, insertForm, listForms, removeForms, replaceFormContent, updateForm, type FormRowDb } from '../repositories/forms';
import { actorOf, idList, requireFormAdministrator } from '../services/form-access';
import { documentProblems, loadWorkingDocument, publishForm, refuseProblems } from '../services/form-publish';
import { dateTime, formView } from '../services/form-views';

const BASE = '/blade-iph-business/form';
const FORM_CODE = '^[A-Za-z][A-Za-z0-9_]*$';

const pageProps = { current: { type: 'integer', minimum: 1 }, size: { type: 'integer', minimum: 1, maximum: 200 } } as const;

const listQuery = {
  querystring: {
    type: 'object',
    properties: { ...pageProps, formCode: { type: 'string', maxLength: 100 }, formName: { type: 'string', maxLength: 100 } },
  },
} as const;

const idParam = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9]+$' } as const;
const idQuery = { querystring: { type: 'object', properties: { id: idParam, formCode: { type: 'string', minLength: 1, maxLength: 100, pattern: FORM_CODE } } } } as const;
const idsParam = { type: 'string', minLength: 1, maxLength: 4000, pattern: '^[0-9]+(,[0-9]+)*$' } as const;

const submitBody = {
  body: {
    type: 'object',
    properties: {
      id: idParam,
      formCode: { type: 'string', minLength: 1, maxLength: 100, pattern: FORM_CODE },
      formName: { type: 'string', minLength: 1, maxLength: 200 },
      remark: { type: ['string', 'null'], maxLength: 2000 },
      document: { type: 'object' },
    },
  },
} as const;

const versionQuery = {
  querystring: {
    type: 'object',
    required: ['formCode'],
    properties: { formCode: { type: 'string', minLength: 1, maxLength: 100, pattern: FORM_CODE }, version: { type: 'integer', minimum: 1 } },
  },
} as const;

interface SubmitBody {
  id?: string;
  formCode?: string;
  formName?: string;
  remark?: string | null;
  document?: unknown;
}

/** Forms and their versions (blade-iph-business form, spec 002 §7, plus publish and version reads). */
export const formRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const now = () => new Date(deps.now());

    const formOf = async (request: FastifyRequest): Promise<FormRowDb> => {
      const id = param(request, 'id');
      const formCode = param(request, 'formCode');
      if (!id && !formCode) throw badRequest('参数[id]不能为空');
      const form = id ? await findForm(deps.db, request.auth.tenant_id, id) : await findFormByCode(deps.db, request.auth.tenant_id, formCode);
      if (!form) throw notFound('表单不存在');
      return form;
    };

    app.get(`${BASE}/list`, { schema: listQuery }, async (request) => {
      const { current = 1, size = 10, formCode, formName } = request.query as { current?: number; size?: number; formCode?: string; formName?: string };
      const { rows, total } = await listForms(deps.db, request.auth.tenant_id, { formCode, formName }, current, size);
      return ok(page(rows.map(formView), total, current, size));
    });

    // Every form of the tenant, unpaged (for selects).
    app.get(`${BASE}/newList`, async (request) => ok((await allForms(deps.db, request.auth.tenant_id)).map(formView)));

    // The forms the runtime can open: those with a published version, at their latest version.
    app.get(`${BASE}/listForm`, async (request) => {
      const [forms, latest] = await Promise.all([allForms(deps.db, request.auth.tenant_id), latestVersionNumbers(deps.db, request.auth.tenant_id)]);
      return ok(forms.filter((f) => latest.has(f.form_code)).map((f) => ({ id: f.id, formCode: f.form_code, formName: f.form_name, version: latest.get(f.form_code) })));
    });

    app.get(`${BASE}/detail`, { schema: idQuery }, async (request) => {
      const form = await formOf(request);
      return ok({ ...formView(form), document: await loadWorkingDocument(deps.db, request.auth.tenant_id, form) });
    });

    app.post(`${BASE}/submit`, { schema: submitBody }, async (request) => {
      requireFormAdministrator(request.auth);
      const body = request.body as SubmitBody;
      const tenantId = request.auth.tenant_id;
      const actor = actorOf(request.auth);
      let doc: FormDocument | undefined;
      if (body.document !== undefined) {
        const checked = validateDocument(body.document);
        if (!checked.ok) throw badRequest(`表单文档格式不正确: ${checked.issues.map((i) => `${i.path || '/'}: ${i.message}`).join('；')}`);
        doc = checked.value;
      }
      const saved = await inTransaction(deps.db, deps.dbKind, async (trx) => {
        let form: FormRowDb;
        if (body.id) {
          const found = await findForm(trx, tenantId, body.id);
          if (!found) throw notFound('表单不存在');
          // Versions and records are keyed by formCode: renaming would cut a form off its history.
          if ((body.formCode && body.formCode !== found.form_code) || (doc && doc.formCode !== found.form_code)) throw badRequest('表单编号不能修改');
          await updateForm(trx, tenantId, found.id, { ...(body.formName !== undefined && { formName: body.formName }), ...(body.remark !== undefined && { remark: body.remark }) }, actor, now());
          form = (await findForm(trx, tenantId, found.id))!;
        } else {
          const formCode = body.formCode ?? doc?.formCode;
          const formName = body.formName ?? doc?.formName;
          if (!formCode) throw badRequest('请输入表单编号');
          if (!formName) throw badRequest('请输入表单名称');
          if (doc && doc.formCode !== formCode) throw badRequest('表单文档的编号与表单编号不一致');
          if (await findFormByCode(trx, tenantId, formCode)) throw badRequest(`表单编号已存在: ${formCode}`);
          form = await insertForm(trx, tenantId, { formCode, formName, remark: body.remark ?? null, ext: null }, actor, now());
        }
        if (doc) {
          try {
            await replaceFormContent(trx, tenantId, form, { ...doc, ...(body.formName !== undefined && { formName: body.formName }) }, actor, now());
          } catch (e) {
            // The wire rows name rules by fieldProp, so the conversion refuses two fields with one name.
            if (e instanceof Error && e.message.startsWith('字段名重复')) throw badRequest(e.message);
            throw e;
          }
          form = (await findForm(trx, tenantId, form.id))!;
        }
        return form;
      });
      return ok(formView(saved), body.id ? '更新成功' : '新增成功');
    });

    app.post(`${BASE}/remove`, { schema: { querystring: { type: 'object', properties: { ids: idsParam } } } }, async (request) => {
      requireFormAdministrator(request.auth);
      const ids = idList(param(request, 'ids'));
      if (ids.length === 0) throw badRequest('请选择至少一条数据');
      const removed = await inTransaction(deps.db, deps.dbKind, (trx) => removeForms(trx, request.auth.tenant_id, ids));
      if (removed === 0) throw notFound('表单不存在');
      return ok(true, '删除成功');
    });

    // A copy of the working copy under a new code ('<code>_copy', '<code>_copy2', …), not yet published.
    app.post(`${BASE}/copy`, { schema: idQuery }, async (request) => {
      requireFormAdministrator(request.auth);
      const source = await formOf(request);
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
    app.post(`${BASE}/createJsContent`, { schema: idQuery }, async (request) => {
      const form = await formOf(request);
      const doc = await loadWorkingDocument(deps.db, request.auth.tenant_id, form);
      refuseProblems(documentProblems(doc));
      return ok(`// ${doc.formCode} ${doc.formName}\nexport default ${JSON.stringify(doc, null, 2)};\n`);
    });

    app.post(`${BASE}/publish`, { schema: idQuery }, async (request) => {
      requireFormAdministrator(request.auth);
      const form = await formOf(request);
      const { version, created } = await publishForm(deps.db, deps.dbKind, request.auth.tenant_id, form, actorOf(request.auth), now());
      return ok(
        { formCode: version.form_code, version: version.version, created, publishedAt: dateTime(version.published_at) },
        created ? `发布成功, 版本 ${version.version}` : `表单内容没有变化, 当前版本仍为 ${version.version}`,
      );
    });

    // The whole published document for the runtime; without version, the latest.
    app.get(`${BASE}/version`, { schema: versionQuery }, async (request) => {
      const { formCode, version } = request.query as { formCode: string; version?: number };
      const tenantId = request.auth.tenant_id;
      const found = version ? await findVersion(deps.db, tenantId, formCode, version) : await latestVersion(deps.db, tenantId, formCode);
      if (!found) throw notFound(version ? `表单 ${formCode} 没有版本 ${version}` : `表单 ${formCode} 尚未发布`);
      return ok(found.document);
    });

    app.get(`${BASE}/versions`, { schema: { querystring: { type: 'object', required: ['formCode'], properties: { formCode: versionQuery.querystring.properties.formCode } } } }, async (request) => {
      const { formCode } = request.query as { formCode: string };
      const rows = await listVersions(deps.db, request.auth.tenant_id, formCode);
      return ok(rows.map((r) => ({ formCode, version: r.version, source: r.source, contentHash: r.content_hash, publishedBy: r.published_by, publishedByName: r.published_by_name, publishedAt: dateTime(r.published_at) })));
    });
  };
