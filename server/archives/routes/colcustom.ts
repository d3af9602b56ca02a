import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, ok } from '../../http/envelope';
import { listColumns, replaceColumns, type ColumnSetting } from '../repositories/colcustom';
import { SIGNED_IN } from '../../http/route-access';
import { textEnum } from '../../http/route-schemas';

// A menu's or table's code ('' when the screen has none).
const CODE = Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_.\\-/]*$' });
const MISSING_REF = '请配置crud的【ref】';
const optional = Type.Optional;

const listQuery = { querystring: Type.Object({ menuCode: optional(CODE), refCode: optional(CODE) }) };

// The app's ajv coerces types: 1/0 and 'true' become booleans, a null width becomes 0 (no width).
const width = optional(Type.Integer({ minimum: 0, maximum: 5000 }));
const flag = optional(Type.Boolean());
const saveBody = {
  body: Type.Array(
    Type.Object({
      menuCode: optional(CODE),
      refCode: optional(CODE),
      prop: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.\\-]+$' }),
      filters: flag,
      fixed: optional(textEnum('', 'left', 'right')),
      hide: flag,
      screen: flag,
      sortable: flag,
      width,
      minWidth: width,
      maxWidth: width,
      sort: optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    }),
    { maxItems: 200 },
  ),
};

const orNull = (n: number | undefined) => (n ? n : null);

/** Per-user column customisation of CRUD tables (spec 002 §7 colcustom). */
export const colCustomRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get('/blade-iph-business/colcustom/listCols', { config: { access: SIGNED_IN }, schema: listQuery }, async (request) => {
      const { menuCode = '', refCode = '' } = request.query;
      if (!refCode) throw badRequest(MISSING_REF);
      return ok(await listColumns(deps.db, { tenantId: request.auth.tenant_id, userId: request.auth.user_id, menuCode, refCode }));
    });

    app.post('/blade-iph-business/colcustom/saveBatch', { config: { access: SIGNED_IN }, schema: saveBody }, async (request) => {
      const items = request.body;
      if (items.length === 0) throw badRequest('请至少配置一列');
      const refCode = items[0]!.refCode ?? '';
      const menuCode = items[0]!.menuCode ?? '';
      if (!refCode || items.some((i) => (i.refCode ?? '') !== refCode)) throw badRequest(MISSING_REF);
      if (items.some((i) => (i.menuCode ?? '') !== menuCode)) throw badRequest('一次只能保存一个表格的列配置');
      const props = new Set(items.map((i) => i.prop));
      if (props.size !== items.length) throw badRequest('列配置重复');
      const columns: ColumnSetting[] = items.map((i, index) => ({
        prop: i.prop,
        filters: i.filters === true,
        fixed: i.fixed ?? '',
        hide: i.hide === true,
        screen: i.screen === true,
        sortable: i.sortable === true,
        width: orNull(i.width),
        minWidth: orNull(i.minWidth),
        maxWidth: orNull(i.maxWidth),
        sort: i.sort ?? index,
      }));
      await replaceColumns(deps.db, { tenantId: request.auth.tenant_id, userId: request.auth.user_id, menuCode, refCode }, columns);
      return ok(true, '操作成功!');
    });
  };
