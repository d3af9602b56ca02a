import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { forbidden, ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { ADMINISTRATORS, mayCall, NO_PERMISSION, type RouteAccess } from '../../http/route-access';
import { AdminId, AdminIdList, paging, text } from '../../http/route-schemas';
import { menuDetail, menuLazyList, menuPickerTree, menuTreeList, removeMenus, submitMenu } from '../services/menu-admin';
import {
  grantTopMenus,
  grantTopTree,
  removeTopMenus,
  submitTopMenu,
  synTopMenus,
  topMenuDetail,
  topMenuPage,
  topTreeKeys,
} from '../services/menu-admin-top';
import { removeRoles, roleList, roleSelect, roleTree, roleTreeById, submitRole } from '../services/role-admin';
import { isPlatformAdministrator } from '../services/role-callers';
import { grantRoles, grantTree, roleTreeKeys } from '../services/role-grant';
import { synRoles } from '../services/role-syn';
import { removeScopes, scopeDetail, scopePage, submitScope } from '../services/scope-admin';
import { accessAnswers as answers } from '../../../src/shared/contract/access';

const optional = Type.Optional;
const ID_TEXT = Type.String({ maxLength: 40 });
/** BladeX sends id lists as JSON arrays (GrantVO) or comma-separated text: either, bounded. */
const IdsValue = Type.Unsafe<string | string[]>({
  anyOf: [
    { type: 'array', items: { type: 'string', maxLength: 40 }, maxItems: 2000 },
    { type: 'string', maxLength: 40_000 },
  ],
});
const searchText = optional(text(100));

const idQuery = { querystring: Type.Object({ id: AdminId }) };
const idsQuery = { querystring: Type.Object({ ids: optional(AdminIdList) }) };
const roleListQuery = {
  querystring: Type.Object({
    tenantId: optional(Type.String({ maxLength: 12 })),
    roleName: searchText,
    roleName_like: searchText,
    roleName_equal: searchText,
    roleAlias: searchText,
    roleAlias_like: searchText,
    roleAlias_equal: searchText,
  }),
};
const tenantQuery = { querystring: Type.Object({ tenantId: optional(Type.String({ maxLength: 12 })) }) };
const roleIdQuery = { querystring: Type.Object({ roleId: AdminId }) };
const roleIdsQuery = (name: string) => ({ querystring: Type.Object({ [name]: optional(AdminIdList) }) });
const roleBody = {
  body: Type.Object({
    id: optional(ID_TEXT),
    parentId: optional(ID_TEXT),
    roleName: optional(text(50)),
    roleAlias: optional(text(50)),
    sort: optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    rowVersion: optional(Type.Integer({ minimum: 0 })),
  }),
};
const grantBody = {
  body: Type.Object({
    roleIds: optional(IdsValue),
    menuIds: optional(IdsValue),
    dataScopeIds: optional(IdsValue),
    apiScopeIds: optional(IdsValue),
  }),
};
const synQuery = {
  querystring: Type.Object({
    ids: optional(AdminIdList),
    tenantIds: optional(Type.String({ maxLength: 4000 })),
    over: optional(Type.String({ maxLength: 5 })),
  }),
};
const menuSearch = {
  code: searchText,
  code_like: searchText,
  name: searchText,
  name_like: searchText,
  alias: searchText,
  alias_like: searchText,
};
const menuListQuery = { querystring: Type.Object(menuSearch) };
const lazyQuery = { querystring: Type.Object({ parentId: optional(Type.String({ maxLength: 40 })), ...menuSearch }) };
const menuBody = {
  body: Type.Object({
    id: optional(ID_TEXT),
    parentId: optional(ID_TEXT),
    code: optional(text(64)),
    name: optional(text(64)),
    alias: optional(text(64)),
    path: optional(text(255)),
    source: optional(text(255)),
    sort: optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    category: optional(Type.Integer({ minimum: 1, maximum: 2 })),
    isOpen: optional(Type.Integer({ minimum: 1, maximum: 2 })),
    remark: optional(text(255)),
    rowVersion: optional(Type.Integer({ minimum: 0 })),
  }),
};
const topListQuery = {
  querystring: Type.Object({ ...paging(), code: searchText, code_like: searchText, name: searchText, name_like: searchText }),
};
const topMenuBody = {
  body: Type.Object({
    id: optional(ID_TEXT),
    code: optional(text(64)),
    name: optional(text(64)),
    source: optional(text(255)),
    path: optional(text(255)),
    sort: optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    rowVersion: optional(Type.Integer({ minimum: 0 })),
  }),
};
const topGrantBody = { body: Type.Object({ topMenuIds: optional(IdsValue), menuIds: optional(IdsValue) }) };
const scopeListQuery = {
  querystring: Type.Object({
    ...paging(),
    scopeName: searchText,
    scopeName_like: searchText,
    menuId: searchText,
    menuId_equal: searchText,
    resourceCode: searchText,
    scopePath: searchText,
  }),
};
const scopeBody = {
  body: Type.Object({
    id: optional(ID_TEXT),
    menuId: optional(ID_TEXT),
    resourceCode: optional(text(100)),
    scopeName: optional(text(100)),
    scopeColumn: optional(text(64)),
    scopeType: optional(Type.Integer({ minimum: 0, maximum: 9 })),
    scopeValue: optional(text(4000)),
    scopePath: optional(text(200)),
    remark: optional(text(255)),
    rowVersion: optional(Type.Integer({ minimum: 0 })),
  }),
};

/**
 * Menus, top menus and scopes are platform rows: their writes are the platform administrator's
 * (an administrator of 000000). Checked before the input is read, like the route's own access.
 */
const PLATFORM_ADMIN: RouteAccess = ADMINISTRATORS;
const platformOnly = async (request: FastifyRequest) => {
  if (!isPlatformAdministrator(request.auth)) throw forbidden(NO_PERMISSION);
};
const platform = { access: PLATFORM_ADMIN };

/** blade-system: roles, menus, top menus, data scopes and api scopes (spec 002 §7; server/README.md "Roles, menus and scopes"). */
export const roleMenuAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const now = () => new Date(deps.now());
    const ids = (request: FastifyRequest) => param(request, 'ids');

    // --- roles (per tenant)
    app.get(
      '/blade-system/role/list',
      { config: { access: { permission: 'role' } }, schema: { ...roleListQuery, response: { 200: answers.roles } } },
      async (request) => ok(await roleList(deps, request.auth, request.query)),
    );
    app.get(
      '/blade-system/role/tree',
      { config: { access: { permission: ['role', 'user'] } }, schema: { ...tenantQuery, response: { 200: answers.tree } } },
      async (request) => ok(await roleTree(deps, request.auth, request.query.tenantId)),
    );
    app.get(
      '/blade-system/role/tree-by-id',
      { config: { access: { permission: 'role' } }, schema: { ...roleIdQuery, response: { 200: answers.tree } } },
      async (request) => ok(await roleTreeById(deps, request.auth, request.query.roleId)),
    );
    app.get(
      '/blade-system/role/select',
      { config: { access: { permission: 'role' } }, schema: { ...roleIdsQuery('roleId'), response: { 200: answers.roleSelect } } },
      async (request) => ok(await roleSelect(deps, request.auth, request.query.roleId as string | undefined)),
    );
    app.post(
      '/blade-system/role/submit',
      { config: { access: { permission: 'role' } }, schema: { ...roleBody, response: { 200: answers.saved } } },
      async (request) => {
        // One call creates and changes: the button is 新增 (role_add) without id, 修改 (role_edit) with one.
        if (!(await mayCall(deps, request.auth, { permission: request.body.id ? 'role_edit' : 'role_add' })))
          throw forbidden(NO_PERMISSION);
        const { id, created } = await submitRole(deps, request.auth, request.body, now());
        return ok({ id }, created ? '新增成功' : '修改成功');
      },
    );
    app.post(
      '/blade-system/role/remove',
      { config: { access: { permission: 'role_delete' } }, schema: { ...idsQuery, response: { 200: answers.done } } },
      async (request) => {
        await removeRoles(deps, request.auth, ids(request), now());
        return ok(true, '删除成功');
      },
    );
    app.post(
      '/blade-system/role/grant',
      { config: { access: { permission: 'role_grant' } }, schema: { ...grantBody, response: { 200: answers.done } } },
      async (request) => {
        await grantRoles(deps, request.auth, request.body);
        return ok(true, '操作成功');
      },
    );
    app.post(
      '/blade-system/role/syn-role',
      { config: platform, onRequest: platformOnly, schema: { ...synQuery, response: { 200: answers.syn } } },
      async (request) => {
        const over = ['true', '1'].includes(param(request, 'over'));
        return ok(await synRoles(deps, request.auth, ids(request), param(request, 'tenantIds'), over, now()), '同步成功');
      },
    );
    app.get(
      '/blade-system/menu/grant-tree',
      { config: { access: { permission: 'role_grant' } }, schema: { response: { 200: answers.grantTree } } },
      async (request) => ok(await grantTree(deps, request.auth)),
    );
    app.get(
      '/blade-system/menu/role-tree-keys',
      { config: { access: { permission: 'role_grant' } }, schema: { ...roleIdsQuery('roleIds'), response: { 200: answers.grantKeys } } },
      async (request) => ok(await roleTreeKeys(deps, request.auth, request.query.roleIds as string | undefined)),
    );

    // --- menus (platform rows)
    const menuRead = { access: { permission: 'menu' } } as const;
    app.get(
      '/blade-system/menu/list',
      { config: menuRead, schema: { ...menuListQuery, response: { 200: answers.menus } } },
      async (request) => ok(await menuTreeList(deps, request.query)),
    );
    app.get(
      '/blade-system/menu/menu-list',
      { config: menuRead, schema: { ...menuListQuery, response: { 200: answers.menus } } },
      async (request) => ok(await menuTreeList(deps, request.query, 1)),
    );
    app.get(
      '/blade-system/menu/lazy-list',
      { config: menuRead, schema: { ...lazyQuery, response: { 200: answers.menus } } },
      async (request) => ok(await menuLazyList(deps, request.query.parentId, request.query)),
    );
    app.get(
      '/blade-system/menu/lazy-menu-list',
      { config: menuRead, schema: { ...lazyQuery, response: { 200: answers.menus } } },
      async (request) => ok(await menuLazyList(deps, request.query.parentId, request.query, 1)),
    );
    // tenantId is accepted and not needed: every tenant has the same menus.
    app.get('/blade-system/menu/tree', { config: menuRead, schema: { ...tenantQuery, response: { 200: answers.tree } } }, async () =>
      ok(await menuPickerTree(deps)),
    );
    app.get('/blade-system/menu/detail', { config: menuRead, schema: { ...idQuery, response: { 200: answers.menu } } }, async (request) =>
      ok(await menuDetail(deps, request.query.id)),
    );
    app.post(
      '/blade-system/menu/submit',
      { config: platform, onRequest: platformOnly, schema: { ...menuBody, response: { 200: answers.saved } } },
      async (request) => {
        const { id, created } = await submitMenu(deps, request.auth, request.body, now());
        return ok({ id }, created ? '新增成功' : '修改成功');
      },
    );
    app.post(
      '/blade-system/menu/remove',
      { config: platform, onRequest: platformOnly, schema: { ...idsQuery, response: { 200: answers.done } } },
      async (request) => {
        await removeMenus(deps, request.auth, ids(request), now());
        return ok(true, '删除成功');
      },
    );
    const topRead = { access: { permission: 'topmenu' } } as const;
    app.get('/blade-system/menu/grant-top-tree', { config: topRead, schema: { response: { 200: answers.topTree } } }, async () =>
      ok(await grantTopTree(deps)),
    );
    app.get(
      '/blade-system/menu/top-tree-keys',
      { config: topRead, schema: { ...roleIdsQuery('topMenuIds'), response: { 200: answers.topKeys } } },
      async (request) => ok(await topTreeKeys(deps, request.query.topMenuIds as string | undefined)),
    );

    // --- top menus (platform rows)
    app.get(
      '/blade-system/topmenu/list',
      { config: topRead, schema: { ...topListQuery, response: { 200: answers.topMenuPage } } },
      async (request) => {
        const result = await topMenuPage(deps, request.query);
        return ok(page(result.records, result.total, result.current, result.size));
      },
    );
    app.get(
      '/blade-system/topmenu/detail',
      { config: topRead, schema: { ...idQuery, response: { 200: answers.topMenu } } },
      async (request) => ok(await topMenuDetail(deps, request.query.id)),
    );
    app.post(
      '/blade-system/topmenu/submit',
      { config: platform, onRequest: platformOnly, schema: { ...topMenuBody, response: { 200: answers.saved } } },
      async (request) => {
        const { id, created } = await submitTopMenu(deps, request.auth, request.body, now());
        return ok({ id }, created ? '新增成功' : '修改成功');
      },
    );
    app.post(
      '/blade-system/topmenu/remove',
      { config: platform, onRequest: platformOnly, schema: { ...idsQuery, response: { 200: answers.done } } },
      async (request) => {
        await removeTopMenus(deps, request.auth, ids(request), now());
        return ok(true, '删除成功');
      },
    );
    app.post(
      '/blade-system/topmenu/grant',
      { config: platform, onRequest: platformOnly, schema: { ...topGrantBody, response: { 200: answers.done } } },
      async (request) => {
        await grantTopMenus(deps, request.auth, request.body.topMenuIds, request.body.menuIds);
        return ok(true, '操作成功');
      },
    );
    app.post(
      '/blade-system/topmenu/syn-top-menu',
      { config: platform, onRequest: platformOnly, schema: { ...synQuery, response: { 200: answers.topMenuSyn } } },
      async (request) =>
        ok(await synTopMenus(deps, request.auth, ids(request), param(request, 'tenantIds')), '顶部菜单为平台共用，各机构已可使用'),
    );

    // --- data scopes and api scopes (platform rows, granted with role/grant)
    for (const [base, table, code] of [
      ['/blade-system/data-scope', 'blade_scope_data', 'datascope'],
      ['/blade-system/api-scope', 'blade_scope_api', 'apiscope'],
    ] as const) {
      const read = { access: { permission: code } };
      app.get(`${base}/list`, { config: read, schema: { ...scopeListQuery, response: { 200: answers.scopePage } } }, async (request) => {
        const result = await scopePage(deps, table, request.query);
        return ok(page(result.records, result.total, result.current, result.size));
      });
      app.get(`${base}/detail`, { config: read, schema: { ...idQuery, response: { 200: answers.scope } } }, async (request) =>
        ok(await scopeDetail(deps, table, request.query.id)),
      );
      app.post(
        `${base}/submit`,
        { config: platform, onRequest: platformOnly, schema: { ...scopeBody, response: { 200: answers.saved } } },
        async (request) => {
          const { id, created } = await submitScope(deps, request.auth, table, request.body, now());
          return ok({ id }, created ? '新增成功' : '修改成功');
        },
      );
      app.post(
        `${base}/remove`,
        { config: platform, onRequest: platformOnly, schema: { ...idsQuery, response: { 200: answers.done } } },
        async (request) => {
          await removeScopes(deps, request.auth, table, ids(request), now());
          return ok(true, '删除成功');
        },
      );
    }
  };
