import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { documentRules, FIELD_EXPR_TYPES } from '../../../src/engine';
import type { AppDeps } from '../../app-deps';
import { notFound, ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { findField, listFields, removeFields } from '../repositories/form-fields';
import { findForm, formFields, formReckons } from '../repositories/forms';
import { documentFor, removeFormRows, submitField } from '../services/form-rows';
import { fieldView, reckonView } from '../services/form-views';
import { dictionaryLookup } from '../services/record-dictionaries';
import { Id, intEnum, textOrNull } from '../../http/route-schemas';
import { IDENT, rowIdQuery, rowListQuery } from './form-row-schemas';
import { designerAnswers, formAnswers } from '../../../src/shared/contract/forms';

const FIELD = '/blade-iph-business/formfield';

const optional = Type.Optional;
const formIdQuery = { querystring: Type.Object({ formId: Id }) };
const formCodeQuery = {
  querystring: Type.Object({ formCode: Type.String({ minLength: 1, maxLength: 100 }), convert: optional(intEnum(0, 1)) }),
};

const fieldBody = {
  response: { 200: formAnswers.field },
  body: Type.Object({
    id: optional(Id),
    formId: Id,
    fieldProp: Type.String({ minLength: 1, maxLength: 100, pattern: IDENT }),
    fieldLabel: Type.String({ minLength: 1, maxLength: 200 }),
    fieldType: intEnum(1, 2, 3, 4, 5, 6, 7, 8),
    required: optional(Type.Unsafe<0 | 1 | null>({ type: ['integer', 'null'], enum: [0, 1, null] })),
    bizCode: optional(textOrNull(100)),
    fieldUrl: optional(textOrNull(500)),
    regExp: optional(textOrNull(500)),
    sort: optional(Type.Integer({ minimum: -999_999, maximum: 999_999 })),
    // A JSON object, or its text (checked in forms/services/form-rows.ts: ajv's strict mode refuses object in a type union).
    ext: optional(Type.Unknown()),
  }),
};

/** formfield (spec 002 §7): the designer's field rows, and a form's columns and rules as lists read them. */
export const formFieldRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      `${FIELD}/list`,
      { config: { access: SIGNED_IN }, schema: { ...rowListQuery, response: { 200: formAnswers.fieldPage } } },
      async (request) => {
        const { current = 1, size = 10, formId, formCode, fieldProp } = request.query;
        const { rows, total } = await listFields(deps.db, request.auth.tenant_id, { formId, formCode, fieldProp }, current, size);
        return ok(page(rows.map(fieldView), total, current, size));
      },
    );

    app.get(
      `${FIELD}/detail`,
      { config: { access: SIGNED_IN }, schema: { ...rowIdQuery, response: { 200: formAnswers.field } } },
      async (request) => {
        const field = await findField(deps.db, request.auth.tenant_id, request.query.id);
        if (!field) throw notFound('字段不存在');
        return ok(fieldView(field));
      },
    );

    app.get(
      `${FIELD}/field-list`,
      { config: { access: SIGNED_IN }, schema: { ...formIdQuery, response: { 200: formAnswers.fieldList } } },
      async (request) => {
        const { formId } = request.query;
        if (!(await findForm(deps.db, request.auth.tenant_id, formId))) throw notFound('表单不存在');
        return ok((await formFields(deps.db, request.auth.tenant_id, formId)).map(fieldView));
      },
    );

    // Fields with their rules as children (the designer's tree).
    app.get(
      `${FIELD}/tree`,
      { config: { access: SIGNED_IN }, schema: { ...formIdQuery, response: { 200: formAnswers.fieldTree } } },
      async (request) => {
        const { formId } = request.query;
        const tenantId = request.auth.tenant_id;
        if (!(await findForm(deps.db, tenantId, formId))) throw notFound('表单不存在');
        const [fields, reckons] = await Promise.all([formFields(deps.db, tenantId, formId), formReckons(deps.db, tenantId, formId)]);
        return ok(
          fields.map((f) => ({
            ...fieldView(f),
            title: f.field_label,
            key: f.id,
            children: reckons
              .filter((r) => r.field_prop === f.field_prop)
              .map((r) => ({ ...reckonView(r), title: r.reckon_id, key: r.id })),
          })),
        );
      },
    );

    // Table columns of a form; convert=1 (default) adds each dictionary field's options so a list can show text for codes.
    app.get(
      `${FIELD}/field-columns`,
      { config: { access: SIGNED_IN }, schema: { ...formCodeQuery, response: { 200: designerAnswers.fieldColumns } } },
      async (request) => {
        const { formCode, convert = 1 } = request.query;
        const doc = await documentFor(deps.db, request.auth.tenant_id, formCode);
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
      },
    );

    // A form's rules: convert=1 as the engine's flattened rules (id, kind, field, when, expr, message), else as reckon rows.
    app.get(
      `${FIELD}/field-reckons`,
      { config: { access: SIGNED_IN }, schema: { ...formCodeQuery, response: { 200: designerAnswers.fieldReckons } } },
      async (request) => {
        const { formCode, convert = 1 } = request.query;
        const doc = await documentFor(deps.db, request.auth.tenant_id, formCode);
        if (convert === 1) return ok(documentRules(doc));
        return ok(
          doc.fields.flatMap((f) =>
            (f.reckons ?? []).map((r) => ({
              fieldProp: f.fieldProp,
              reckonId: r.id,
              kind: r.kind ?? null,
              scontent: r.scontent ?? null,
              tcontent: r.tcontent ?? null,
              errMsg: r.errMsg ?? null,
            })),
          ),
        );
      },
    );

    app.post(`${FIELD}/submit`, { config: { access: ADMINISTRATORS }, schema: fieldBody }, async (request) => {
      const { body } = request;
      const saved = await submitField(deps, request.auth, body, new Date(deps.now()));
      return ok(fieldView(saved), body.id ? '更新成功' : '新增成功');
    });

    app.post(
      `${FIELD}/remove`,
      { config: { access: ADMINISTRATORS }, schema: { response: { 200: formAnswers.done } } },
      async (request) => {
        await removeFormRows(deps, request.auth, removeFields, param(request, 'ids'), '字段不存在', new Date(deps.now()));
        return ok(true, '删除成功');
      },
    );
  };
