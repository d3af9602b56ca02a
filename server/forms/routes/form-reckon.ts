import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RuleKind } from '../../../src/engine';
import type { AppDeps } from '../../app-deps';
import { notFound, ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { findReckon, listReckons, removeReckons } from '../repositories/form-fields';
import { removeFormRows, submitReckon } from '../services/form-rows';
import { reckonView } from '../services/form-views';
import { Id, textOrNull } from '../../http/route-schemas';
import { rowIdQuery, rowListQuery } from './form-row-schemas';
import { formAnswers } from '../../../src/shared/contract/forms';

const RECKON = '/blade-iph-business/formfieldreckon';
const KINDS: RuleKind[] = ['calc', 'check', 'error', 'required', 'display', 'disabled', 'options'];

const optional = Type.Optional;
const name = Type.String({ minLength: 1, maxLength: 100 });
const reckonBody = {
  response: { 200: formAnswers.reckon },
  body: Type.Object({
    id: optional(Id),
    formId: Id,
    fieldProp: name,
    reckonId: name,
    kind: optional(Type.Unsafe<RuleKind | null>({ type: ['string', 'null'], enum: [...KINDS, null] })),
    scontent: optional(textOrNull(4000)),
    tcontent: optional(textOrNull(4000)),
    errMsg: optional(textOrNull(500)),
    note: optional(textOrNull(2000)),
    sort: optional(Type.Integer({ minimum: -999_999, maximum: 999_999 })),
  }),
};

/** formfieldreckon (spec 002 §7): the designer's rule rows. */
export const formReckonRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      `${RECKON}/list`,
      { config: { access: SIGNED_IN }, schema: { ...rowListQuery, response: { 200: formAnswers.reckonPage } } },
      async (request) => {
        const { current = 1, size = 10, formId, formCode, fieldProp } = request.query;
        const { rows, total } = await listReckons(deps.db, request.auth.tenant_id, { formId, formCode, fieldProp }, current, size);
        return ok(page(rows.map(reckonView), total, current, size));
      },
    );

    app.get(
      `${RECKON}/detail`,
      { config: { access: SIGNED_IN }, schema: { ...rowIdQuery, response: { 200: formAnswers.reckon } } },
      async (request) => {
        const reckon = await findReckon(deps.db, request.auth.tenant_id, request.query.id);
        if (!reckon) throw notFound('规则不存在');
        return ok(reckonView(reckon));
      },
    );

    app.post(`${RECKON}/submit`, { config: { access: ADMINISTRATORS }, schema: reckonBody }, async (request) => {
      const { body } = request;
      const saved = await submitReckon(deps, request.auth, body, new Date(deps.now()));
      return ok(reckonView(saved), body.id ? '更新成功' : '新增成功');
    });

    app.post(
      `${RECKON}/remove`,
      { config: { access: ADMINISTRATORS }, schema: { response: { 200: formAnswers.done } } },
      async (request) => {
        await removeFormRows(deps, request.auth, removeReckons, param(request, 'ids'), '规则不存在', new Date(deps.now()));
        return ok(true, '删除成功');
      },
    );
  };
