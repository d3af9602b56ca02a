import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { documentRules, FIELD_EXPR_TYPES, type FormDocument, type RuleKind } from '../../src/engine';
import type { AppDeps } from '../app-deps';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { param } from '../http/request-values';
import { findField, findReckon, listFields, listReckons, removeFields, removeReckons, saveField, saveReckon } from '../repositories/form-fields';
import { inTransaction } from '../repositories/form-transaction';
import { latestVersion } from '../repositories/form-versions';
import { findForm, findFormByCode, formFields, formReckons, touchForm } from '../repositories/forms';
import { actorOf, idList, requireFormAdministrator } from '../services/form-access';
import { loadWorkingDocument } from '../services/form-publish';
import { fieldView, reckonView } from '../services/form-views';
import { dictionaryLookup } from '../services/record-dictionaries';
import { ADMINISTRATORS, SIGNED_IN } from '../http/route-access';

const FIELD = '/blade-iph-business/formfield';
const RECKON = '/blade-iph-business/formfieldreckon';
const KINDS: RuleKind[] = ['calc', 'check', 'error', 'required', 'display', 'disabled', 'options'];
const IDENT = '^[A-Za-z_][A-Za-z0-9_]*$';

const idParam = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9]+$' } as const;
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

const listQuery = {
  querystring: {
    type: 'object',
    properties: {
      current: { type: 'integer', minimum: 1 },
      size: { type: 'integer', minimum: 1, maximum: 200 },
      formId: idParam,
      formCode: { type: 'string', maxLength: 100 },
      fieldProp: { type: 'string', maxLength: 100 },
    },
  },
} as const;

const formIdQuery = { querystring: { type: 'object', required: ['formId'], properties: { formId: idParam } } } as const;
const formCodeQuery = {
  querystring: {
    type: 'object',
    required: ['formCode'],
    properties: { formCode: { type: 'string', minLength: 1, maxLength: 100 }, convert: { type: 'integer', enum: [0, 1] } },
  },
} as const;

const fieldBody = {
  body: {
    type: 'object',
    required: ['formId', 'fieldProp', 'fieldLabel', 'fieldType'],
    properties: {
      id: idParam,
      formId: idParam,
      fieldProp: { type: 'string', minLength: 1, maxLength: 100, pattern: IDENT },
      fieldLabel: { type: 'string', minLength: 1, maxLength: 200 },
      fieldType: { type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7, 8] },
      required: { type: ['integer', 'null'], enum: [0, 1, null] },
      bizCode: text(100),
      fieldUrl: text(500),
      regExp: text(500),
      sort: { type: 'integer' },
      // A JSON object, or its text (checked in the handler: ajv's strict mode refuses object in a type union).
      ext: {},
    },
  },
} as const;

const reckonBody = {
  body: {
    type: 'object',
    required: ['formId', 'fieldProp', 'reckonId'],
    properties: {
      id: idParam,
      formId: idParam,
      fieldProp: { type: 'string', minLength: 1, maxLength: 100 },
      reckonId: { type: 'string', minLength: 1, maxLength: 100 },
      kind: { type: ['string', 'null'], enum: [...KINDS, null] },
      scontent: text(4000),
      tcontent: text(4000),
      errMsg: text(500),
      note: text(2000),
      sort: { type: 'integer' },
    },
  },
} as const;

type FieldBody = { id?: string; formId: string; fieldProp: string; fieldLabel: string; fieldType: number; required?: number | null; bizCode?: string | null; fieldUrl?: string | null; regExp?: string | null; sort?: number; ext?: string | Record<string, unknown> | null };
type ReckonBody = { id?: string; formId: string; fieldProp: string; reckonId: string; kind?: RuleKind | null; scontent?: string | null; tcontent?: string | null; errMsg?: string | null; note?: string | null; sort?: number };

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v);

/** formfield and formfieldreckon (spec 002 §7): the designer's field and rule rows. */
export const formFieldRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const now = () => new Date(deps.now());

    /** The document the runtime sees for a form code: the latest published version, else the working copy. */
    const documentFor = async (tenantId: string, formCode: string): Promise<FormDocument> => {
      const published = await latestVersion(deps.db, tenantId, formCode);
      if (published) return published.document;
      const form = await findFormByCode(deps.db, tenantId, formCode);
      if (!form) throw notFound('表单不存在');
      return loadWorkingDocument(deps.db, tenantId, form);
    };

    app.get(`${FIELD}/list`, { config: { access: SIGNED_IN }, schema: listQuery }, async (request) => {
      const { current = 1, size = 10, formId, formCode, fieldProp } = request.query as { current?: number; size?: number; formId?: string; formCode?: string; fieldProp?: string };
      const { rows, total } = await listFields(deps.db, request.auth.tenant_id, { formId, formCode, fieldProp }, current, size);
      return ok(page(rows.map(fieldView), total, current, size));
    });

    app.get(`${FIELD}/detail`, { config: { access: SIGNED_IN }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: idParam } } } }, async (request) => {
      const field = await findField(deps.db, request.auth.tenant_id, (request.query as { id: string }).id);
      if (!field) throw notFound('字段不存在');
      return ok(fieldView(field));
    });

    app.get(`${FIELD}/field-list`, { config: { access: SIGNED_IN }, schema: formIdQuery }, async (request) => {
      const { formId } = request.query as { formId: string };
      if (!(await findForm(deps.db, request.auth.tenant_id, formId))) throw notFound('表单不存在');
      return ok((await formFields(deps.db, request.auth.tenant_id, formId)).map(fieldView));
    });

    // Fields with their rules as children (the designer's tree).
    app.get(`${FIELD}/tree`, { config: { access: SIGNED_IN }, schema: formIdQuery }, async (request) => {
      const { formId } = request.query as { formId: string };
      const tenantId = request.auth.tenant_id;
      if (!(await findForm(deps.db, tenantId, formId))) throw notFound('表单不存在');
      const [fields, reckons] = await Promise.all([formFields(deps.db, tenantId, formId), formReckons(deps.db, tenantId, formId)]);
      return ok(
        fields.map((f) => ({ ...fieldView(f), title: f.field_label, key: f.id, children: reckons.filter((r) => r.field_prop === f.field_prop).map((r) => ({ ...reckonView(r), title: r.reckon_id, key: r.id })) })),
      );
    });

    // Table columns of a form; convert=1 (default) adds each dictionary field's options so a list can show text for codes.
    app.get(`${FIELD}/field-columns`, { config: { access: SIGNED_IN }, schema: formCodeQuery }, async (request) => {
      const { formCode, convert = 1 } = request.query as { formCode: string; convert?: number };
      const doc = await documentFor(request.auth.tenant_id, formCode);
      const lookup = convert === 1 ? await dictionaryLookup(deps.db, request.auth.tenant_id, doc) : undefined;
      return ok(
        doc.fields.map((f) => {
          const dicData = lookup && f.bizCode ? lookup(f.bizCode, f) : undefined;
          return {
            prop: f.fieldProp,
            label: f.fieldLabel,
            fieldType: f.fieldType,
            valueType: FIELD_EXPR_TYPES[f.fieldType],
            bizCode: f.bizCode ?? null,
            fieldUrl: f.fieldUrl ?? null,
            unit: f.unit ?? null,
            hide: f.hidden === true,
            ...(dicData && { dicData: dicData.map((o) => ({ label: o.label, value: o.value })) }),
          };
        }),
      );
    });

    // A form's rules: convert=1 as the engine's flattened rules (id, kind, field, when, expr, message), else as reckon rows.
    app.get(`${FIELD}/field-reckons`, { config: { access: SIGNED_IN }, schema: formCodeQuery }, async (request) => {
      const { formCode, convert = 1 } = request.query as { formCode: string; convert?: number };
      const doc = await documentFor(request.auth.tenant_id, formCode);
      if (convert === 1) return ok(documentRules(doc));
      return ok(doc.fields.flatMap((f) => (f.reckons ?? []).map((r) => ({ fieldProp: f.fieldProp, reckonId: r.id, kind: r.kind ?? null, scontent: r.scontent ?? null, tcontent: r.tcontent ?? null, errMsg: r.errMsg ?? null }))));
    });

    app.post(`${FIELD}/submit`, { config: { access: ADMINISTRATORS }, schema: fieldBody }, async (request) => {
      requireFormAdministrator(request.auth);
      const body = request.body as FieldBody;
      const tenantId = request.auth.tenant_id;
      if (body.regExp) {
        try {
          new RegExp(body.regExp);
        } catch {
          throw badRequest(`${body.fieldLabel}的正则表达式不正确`);
        }
      }
      let ext: string | null = null;
      if (typeof body.ext === 'string' && body.ext.trim() !== '') {
        try {
          if (typeof JSON.parse(body.ext) !== 'object') throw new Error('not an object');
        } catch {
          throw badRequest('参数[ext]不是有效的JSON对象');
        }
        ext = body.ext;
      } else if (body.ext && typeof body.ext === 'object' && !Array.isArray(body.ext)) ext = JSON.stringify(body.ext);
      else if (body.ext !== undefined && body.ext !== null && body.ext !== '') throw badRequest('参数[ext]不是有效的JSON对象');
      const saved = await inTransaction(deps.db, deps.dbKind, async (trx) => {
        const form = await findForm(trx, tenantId, body.formId);
        if (!form) throw notFound('表单不存在');
        const existing = body.id ? await findField(trx, tenantId, body.id) : undefined;
        if (body.id && (!existing || existing.form_id !== form.id)) throw notFound('字段不存在');
        const siblings = await formFields(trx, tenantId, form.id);
        if (siblings.some((f) => f.field_prop === body.fieldProp && f.id !== body.id)) throw badRequest(`字段名已存在: ${body.fieldProp}`);
        const row = await saveField(
          trx,
          tenantId,
          body.id,
          {
            formId: form.id,
            formCode: form.form_code,
            fieldProp: body.fieldProp,
            fieldLabel: body.fieldLabel,
            fieldType: body.fieldType,
            required: body.required ?? null,
            bizCode: blankToNull(body.bizCode),
            fieldUrl: blankToNull(body.fieldUrl),
            regExp: blankToNull(body.regExp),
            sort: body.sort ?? existing?.sort ?? siblings.length,
            ext,
          },
          now(),
        );
        // Rules name their field by fieldProp: a renamed field takes its rules along.
        if (existing && existing.field_prop !== body.fieldProp) {
          await trx.updateTable('form_field_reckon').set({ field_prop: body.fieldProp }).where('tenant_id', '=', tenantId).where('form_id', '=', form.id).where('field_prop', '=', existing.field_prop).execute();
        }
        await touchForm(trx, tenantId, form.id, actorOf(request.auth), now());
        return row;
      });
      return ok(fieldView(saved), body.id ? '更新成功' : '新增成功');
    });

    /**
     * remove?ids= for fields and rules alike: each form that lost a row is marked changed (its
     * working copy differs from the published version) in the same transaction.
     */
    const removeRows = (remove: typeof removeFields, missing: string) => async (request: FastifyRequest) => {
      requireFormAdministrator(request.auth);
      const ids = idList(param(request, 'ids'));
      if (ids.length === 0) throw badRequest('请选择至少一条数据');
      const forms = await inTransaction(deps.db, deps.dbKind, async (trx) => {
        const touched = await remove(trx, request.auth.tenant_id, ids);
        for (const formId of touched) await touchForm(trx, request.auth.tenant_id, formId, actorOf(request.auth), now());
        return touched;
      });
      if (forms.length === 0) throw notFound(missing);
      return ok(true, '删除成功');
    };

    app.post(`${FIELD}/remove`, { config: { access: ADMINISTRATORS } }, removeRows(removeFields, '字段不存在'));

    app.get(`${RECKON}/list`, { config: { access: SIGNED_IN }, schema: listQuery }, async (request) => {
      const { current = 1, size = 10, formId, formCode, fieldProp } = request.query as { current?: number; size?: number; formId?: string; formCode?: string; fieldProp?: string };
      const { rows, total } = await listReckons(deps.db, request.auth.tenant_id, { formId, formCode, fieldProp }, current, size);
      return ok(page(rows.map(reckonView), total, current, size));
    });

    app.get(`${RECKON}/detail`, { config: { access: SIGNED_IN }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: idParam } } } }, async (request) => {
      const reckon = await findReckon(deps.db, request.auth.tenant_id, (request.query as { id: string }).id);
      if (!reckon) throw notFound('规则不存在');
      return ok(reckonView(reckon));
    });

    app.post(`${RECKON}/submit`, { config: { access: ADMINISTRATORS }, schema: reckonBody }, async (request) => {
      requireFormAdministrator(request.auth);
      const body = request.body as ReckonBody;
      const tenantId = request.auth.tenant_id;
      const saved = await inTransaction(deps.db, deps.dbKind, async (trx) => {
        const form = await findForm(trx, tenantId, body.formId);
        if (!form) throw notFound('表单不存在');
        const existing = body.id ? await findReckon(trx, tenantId, body.id) : undefined;
        if (body.id && (!existing || existing.form_id !== form.id)) throw notFound('规则不存在');
        const fields = await formFields(trx, tenantId, form.id);
        if (!fields.some((f) => f.field_prop === body.fieldProp)) throw badRequest(`表单没有字段 ${body.fieldProp}`);
        const reckons = await formReckons(trx, tenantId, form.id);
        if (reckons.some((r) => r.reckon_id === body.reckonId && r.id !== body.id)) throw badRequest(`规则编号已存在: ${body.reckonId}`);
        const row = await saveReckon(
          trx,
          tenantId,
          body.id,
          {
            formId: form.id,
            formCode: form.form_code,
            fieldProp: body.fieldProp,
            reckonId: body.reckonId,
            kind: body.kind ?? null,
            scontent: blankToNull(body.scontent),
            tcontent: blankToNull(body.tcontent),
            errMsg: blankToNull(body.errMsg),
            note: blankToNull(body.note),
            sort: body.sort ?? existing?.sort ?? reckons.filter((r) => r.field_prop === body.fieldProp).length,
          },
          now(),
        );
        await touchForm(trx, tenantId, form.id, actorOf(request.auth), now());
        return row;
      });
      return ok(reckonView(saved), body.id ? '更新成功' : '新增成功');
    });

    app.post(`${RECKON}/remove`, { config: { access: ADMINISTRATORS } }, removeRows(removeReckons, '规则不存在'));
  };
