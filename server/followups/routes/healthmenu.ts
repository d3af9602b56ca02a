import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ageYears, crowdLabelList } from '../../../src/engine';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok } from '../../http/envelope';
import { findArchive, ARCHIVE_CODES, requireArchivePermission } from '../../archives/index';
import { localDate } from '../services/followup-queries';
import { healthMenuRoutes, publishedForms } from '../../forms/index';
import { ARCHIVE_WORK, SIGNED_IN } from '../../http/route-access';
import { Id } from '../../http/route-schemas';
import { careAnswers, type HealthMenuNode, type HealthMenuRoute } from '../../../src/shared/contract/followups-care';

const archQuery = { querystring: Type.Object({ archId: Id }), response: { 200: careAnswers.healthMenu } };
/** The web workstation's menu is system key '1' (the spec's default); no other system has forms placed yet. */
const WEB_SYSTEM = '1';
const treeQuery = {
  querystring: Type.Object({ sysKeys: Type.Optional(Type.String({ maxLength: 50 })) }),
  response: { 200: careAnswers.healthMenuTree },
};
const lazyQuery = {
  querystring: Type.Object({ parentId: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' })) }),
  response: { 200: careAnswers.healthMenuTree },
};

/** What decides which forms apply to a resident: crowd labels, sex, age today. */
const residentFacts = (archive: { crowd_labels: string | null; sex: string | null; birthday: string | null }, now: number) => ({
  crowdLabels: crowdLabelList(archive.crowd_labels),
  sex: archive.sex,
  age: ageYears(archive.birthday, localDate(new Date(now))),
});

/** A page and the tabs joined on it as BladeX tree nodes (ids are form codes). */
function asNodes(routes: HealthMenuRoute[]): HealthMenuNode[] {
  return routes.map(({ tabs, ...page }) => ({
    ...page,
    id: page.code,
    parentId: '0',
    hasChildren: tabs.length > 0,
    children: tabs.map((tab) => ({ ...tab, id: `${page.code}/${tab.code}`, parentId: page.code })),
  }));
}

/**
 * healthmenu/getHealthMenuRoutes (spec 001 §7): the forms of one resident's archive, from the form
 * registry's placements — which forms apply to this resident (crowd labels, sex, age), their menu
 * titles and order, and the tabs other forms join on each page — and the archive buttons the
 * caller's role holds (spec 001 §6: "health-archive permissions come from buttons of category 2 in
 * the health menu route response").
 */
export const healthMenuRoutesApi =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/blade-iph-business/healthmenu/getHealthMenuRoutes',
      { config: { access: ARCHIVE_WORK }, schema: archQuery },
      async (request) => {
        const granted = await requireArchivePermission(deps.db, request.auth, 'view', deps);
        const { archId } = request.query;
        const tenantId = request.auth.tenant_id;
        const [archive, forms] = await Promise.all([findArchive(deps.db, tenantId, archId), publishedForms(deps, tenantId)]);
        if (!archive) throw notFound('档案不存在');
        const resident = residentFacts(archive, deps.now());
        return ok({ routes: healthMenuRoutes(forms, resident), buttons: [...granted].map((p) => ARCHIVE_CODES[p]) });
      },
    );

    // healthmenu/tree?sysKeys (spec 001 §7, default '1'): every page of the archive's left menu and
    // its tabs, whoever the resident — the menu as the forms' placements configure it (表单设计).
    app.get('/blade-iph-business/healthmenu/tree', { config: { access: SIGNED_IN }, schema: treeQuery }, async (request) => {
      const keys = (request.query.sysKeys ?? WEB_SYSTEM).split(',').map((k) => k.trim());
      const unknown = keys.filter((k) => k !== WEB_SYSTEM);
      if (unknown.length > 0) throw badRequest(`不支持的系统: ${unknown.join(', ')}`);
      return ok(asNodes(healthMenuRoutes(await publishedForms(deps, request.auth.tenant_id), null)));
    });

    // healthmenu/lazy-list?parentId: one level of the same tree — the pages under '0' (or no
    // parent), a page's tabs under its code; a code that is no page has no children.
    app.get('/blade-iph-business/healthmenu/lazy-list', { config: { access: SIGNED_IN }, schema: lazyQuery }, async (request) => {
      const nodes = asNodes(healthMenuRoutes(await publishedForms(deps, request.auth.tenant_id), null));
      const parentId = request.query.parentId || '0';
      if (parentId === '0') return ok(nodes.map((node) => ({ ...node, children: [] })));
      const page = nodes.find((node) => node.id === parentId);
      return ok((page?.children ?? []).map((tab) => ({ ...tab, path: null, hasChildren: false, children: [] })));
    });

    // healthmenu/healthMenuTree?archId: the tree of one resident — only the forms that apply to them.
    app.get(
      '/blade-iph-business/healthmenu/healthMenuTree',
      {
        config: { access: ARCHIVE_WORK },
        schema: { querystring: Type.Object({ archId: Id }), response: { 200: careAnswers.healthMenuTree } },
      },
      async (request) => {
        await requireArchivePermission(deps.db, request.auth, 'view', deps);
        const tenantId = request.auth.tenant_id;
        const [archive, forms] = await Promise.all([findArchive(deps.db, tenantId, request.query.archId), publishedForms(deps, tenantId)]);
        if (!archive) throw notFound('档案不存在');
        const resident = residentFacts(archive, deps.now());
        return ok(asNodes(healthMenuRoutes(forms, resident)));
      },
    );
  };
