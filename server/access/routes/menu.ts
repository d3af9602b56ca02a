import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { menusForRole, topMenusForRole } from '../repositories/menus';
import { listDepts, listRoles, listTeams, splitIds, findUserById } from '../../auth/index';
import { buildMenuTree } from '../services/menu-tree';
import { SIGNED_IN } from '../../http/route-access';
import {
  menuAnswers as answers,
  type DeptOption,
  type RoleOption,
  type TeamOption,
  type TopMenuView,
} from '../../../src/shared/contract/access';

// '' or absent: every top menu's routes.
const topMenuQuery = {
  response: { 200: answers.tree },
  querystring: Type.Object({ topMenuId: Type.Optional(Type.String({ maxLength: 32, pattern: '^[0-9]*$' })) }),
};

/** blade-system/menu: the caller's menu routes, buttons, top menus and the dept/role/team selects. */
export const menuRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get('/blade-system/menu/routes', { config: { access: SIGNED_IN }, schema: topMenuQuery }, async (request) => {
      const { topMenuId } = request.query;
      return ok(buildMenuTree(await menusForRole(deps.db, request.auth.role_id, 1, topMenuId || undefined)));
    });

    app.get('/blade-system/menu/buttons', { config: { access: SIGNED_IN }, schema: { response: { 200: answers.tree } } }, async (request) =>
      ok(buildMenuTree(await menusForRole(deps.db, request.auth.role_id, 2))),
    );

    app.get(
      '/blade-system/menu/top-menu',
      { config: { access: SIGNED_IN }, schema: { response: { 200: answers.topMenus } } },
      async (request) => {
        const rows = await topMenusForRole(deps.db, request.auth.role_id);
        return ok(rows.map((t): TopMenuView => ({ id: t.id, code: t.code, name: t.name, source: t.source, path: t.path, sort: t.sort })));
      },
    );

    const ownUser = async (tenantId: string, userId: string) =>
      (await findUserById(deps.db, tenantId, userId)) ?? { dept_id: '', role_id: '', team_id: '' };

    app.get(
      '/blade-system/menu/deptSelect',
      { config: { access: SIGNED_IN }, schema: { response: { 200: answers.depts } } },
      async (request) => {
        const user = await ownUser(request.auth.tenant_id, request.auth.user_id);
        const depts = await listDepts(deps.db, request.auth.tenant_id, splitIds(user.dept_id));
        return ok(depts.map((d): DeptOption => ({ id: d.id, deptName: d.dept_name, deptCategory: d.dept_category })));
      },
    );
    app.get(
      '/blade-system/menu/roleSelect',
      { config: { access: SIGNED_IN }, schema: { response: { 200: answers.roles } } },
      async (request) => {
        const user = await ownUser(request.auth.tenant_id, request.auth.user_id);
        const roles = await listRoles(deps.db, request.auth.tenant_id, splitIds(user.role_id));
        return ok(roles.map((r): RoleOption => ({ id: r.id, roleName: r.role_name, roleAlias: r.role_alias })));
      },
    );
    app.get(
      '/blade-system/menu/teamSelect',
      { config: { access: SIGNED_IN }, schema: { response: { 200: answers.teams } } },
      async (request) => {
        const user = await ownUser(request.auth.tenant_id, request.auth.user_id);
        const teams = await listTeams(deps.db, request.auth.tenant_id, splitIds(user.team_id));
        return ok(teams.map((t): TeamOption => ({ id: t.id, name: t.name })));
      },
    );
  };
