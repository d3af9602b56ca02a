import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, ok } from '../../http/envelope';
import { listColumns, replaceColumns, type ColumnSetting } from '../repositories/colcustom';
import { SIGNED_IN } from '../../http/route-access';
import { archiveAnswers as answers, ColumnListQuery, ColumnSaveBody } from '../../../src/shared/contract/archives';

const listSchema = { querystring: ColumnListQuery, response: { 200: answers.columns } };
const saveSchema = { body: ColumnSaveBody, response: { 200: answers.done } };

const MISSING_REF = '请配置crud的【ref】';

const orNull = (n: number | undefined) => (n ? n : null);

/** Per-user column customisation of CRUD tables (spec 002 §7 colcustom). */
export const colCustomRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get('/blade-iph-business/colcustom/listCols', { config: { access: SIGNED_IN }, schema: listSchema }, async (request) => {
      const { menuCode = '', refCode = '' } = request.query;
      if (!refCode) throw badRequest(MISSING_REF);
      return ok(await listColumns(deps.db, { tenantId: request.auth.tenant_id, userId: request.auth.user_id, menuCode, refCode }));
    });

    app.post('/blade-iph-business/colcustom/saveBatch', { config: { access: SIGNED_IN }, schema: saveSchema }, async (request) => {
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
