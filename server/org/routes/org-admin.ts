import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { forbidden, ok, page } from '../../http/envelope';
import { ADMINISTRATORS, mayCall, NO_PERMISSION, SIGNED_IN, type RouteAccess } from '../../http/route-access';
import { fieldOf, param } from '../../http/request-values';
import { AdminIdList, Id, IdList, paging, text, textEnum } from '../../http/route-schemas';
import { deptDetail, deptLazyList, deptLazyTree, deptList, deptSelect, deptTree, removeDepts, submitDept } from '../services/dept';
import { isPlatformAdministrator } from '../services/org-admin-access';
import { postSelect, synPosts } from '../services/post';
import {
  parseConcatAddress,
  regionDetail,
  regionLazyTree,
  regionLevelTree,
  regionList,
  regionTreeByCodes,
  removeRegions,
  submitRegion,
  tenantRegion,
} from '../services/region';
import { orgAnswers as answers } from '../../../src/shared/contract/org';

const optional = Type.Optional;
/** A tenant id as the pickers send it (another tenant's: the platform administrator only, checked by the service). */
const TenantId = Type.String({ maxLength: 64, pattern: '^[0-9A-Za-z_-]*$' });
/** A region code: 2 (province) to 12 (village) digits. */
const RegionCode = Type.String({ minLength: 2, maxLength: 12, pattern: '^[0-9]+$' });
const RegionCodes = Type.String({ maxLength: 4000, pattern: '^[0-9]{2,12}(,[0-9]{2,12})*$' });
const Level = Type.Integer({ minimum: 1, maximum: 5 });
const Sort = Type.Integer({ minimum: -999999, maximum: 999999 });
const RowVersion = Type.Integer({ minimum: 0, maximum: 2147483647 });
const Flag = textEnum('true', 'false', '1', '0');

const flag = (value: string | undefined) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1');
/** syn-post's `over` as a query string, a form field or a JSON boolean / number. */
const overFlag = (value: unknown) => value === true || value === 1 || value === 'true' || value === '1';

/** The platform's own work: answered 403 before the input is read, like the route gate (http/route-access.ts). */
const platformOnly = async (request: FastifyRequest) => {
  if (!isPlatformAdministrator(request.auth)) throw forbidden(NO_PERMISSION);
};

const deptSubmitBody = Type.Object({
  id: optional(Type.Union([Id, Type.Literal('')])),
  parentId: optional(Type.Union([Id, Type.Literal('')])),
  deptName: optional(text(50)),
  fullName: optional(text(100)),
  deptCategory: optional(Type.Integer({ minimum: 1, maximum: 99 })),
  regionCode: optional(Type.String({ maxLength: 12, pattern: '^[0-9]*$' })),
  sort: optional(Sort),
  remark: optional(text(255)),
  rowVersion: optional(RowVersion),
});

const regionSubmitBody = Type.Object({
  code: optional(Type.Union([RegionCode, Type.Literal('')])),
  parentCode: optional(Type.Union([RegionCode, Type.Literal('')])),
  name: optional(text(64)),
  regionLevel: optional(Level),
  sort: optional(Sort),
  remark: optional(text(255)),
  rowVersion: optional(RowVersion),
});

const treeByCodesParams = {
  tenantId: optional(TenantId),
  codes: optional(Type.Union([RegionCodes, Type.Literal('')])),
  child: optional(Flag),
  id: optional(Type.Union([RegionCode, Type.Literal('')])),
  backTree: optional(Flag),
  opt: optional(Level),
};
const TreeByCodesQuery = Type.Object(treeByCodesParams);

/** blade-system: departments, posts and regions (spec 002 §7; issue 21 §2; server/README.md "Departments, posts, regions"). */
export const orgAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const now = () => new Date(deps.now());
    /** A button of the screen (dept_add / dept_edit, post_add / post_edit) on top of the route's administrator gate. */
    const requireButton = async (request: FastifyRequest, code: string) => {
      const access: RouteAccess = { permission: code };
      if (!(await mayCall(deps, request.auth, access))) throw forbidden(NO_PERMISSION);
    };

    // ---- departments --------------------------------------------------------------------------
    const DEPT_MENU: RouteAccess = { permission: 'dept' };

    app.get(
      '/blade-system/dept/list',
      {
        config: { access: DEPT_MENU },
        schema: { response: { 200: answers.deptTree }, querystring: Type.Object({ deptName_like: optional(text(50)) }) },
      },
      async (request) => ok(await deptList(deps.db, request.auth, request.query)),
    );

    app.get(
      '/blade-system/dept/lazy-list',
      {
        config: { access: DEPT_MENU },
        schema: {
          response: { 200: answers.deptLazy },
          querystring: Type.Object({ parentId: optional(Type.Union([Id, Type.Literal('')])) }),
        },
      },
      async (request) => ok(await deptLazyList(deps.db, request.auth, request.query.parentId)),
    );

    app.get(
      '/blade-system/dept/detail',
      { config: { access: DEPT_MENU }, schema: { response: { 200: answers.dept }, querystring: Type.Object({ id: Id }) } },
      async (request) => ok(await deptDetail(deps.db, request.auth, request.query.id)),
    );

    app.get(
      '/blade-system/dept/tree',
      {
        config: { access: SIGNED_IN },
        schema: { response: { 200: answers.tree }, querystring: Type.Object({ tenantId: optional(TenantId) }) },
      },
      async (request) => ok(await deptTree(deps.db, request.auth, request.query.tenantId)),
    );

    app.get(
      '/blade-system/dept/lazy-tree',
      {
        config: { access: SIGNED_IN },
        schema: { response: { 200: answers.tree }, querystring: Type.Object({ parentId: optional(Type.Union([Id, Type.Literal('')])) }) },
      },
      async (request) => ok(await deptLazyTree(deps.db, request.auth, request.query.parentId)),
    );

    app.get(
      '/blade-system/dept/select',
      {
        config: { access: SIGNED_IN },
        schema: {
          response: { 200: answers.depts },
          querystring: Type.Object({ deptId: optional(Type.Union([IdList, Type.Literal('')])) }),
        },
      },
      async (request) => ok(await deptSelect(deps.db, request.auth, request.query.deptId)),
    );

    app.post(
      '/blade-system/dept/submit',
      { config: { access: ADMINISTRATORS }, schema: { response: { 200: answers.saved }, body: deptSubmitBody } },
      async (request) => {
        await requireButton(request, request.body.id ? 'dept_edit' : 'dept_add');
        const saved = await submitDept(deps.db, request.auth, request.body, now());
        return ok({ id: saved.id, rowVersion: saved.rowVersion }, saved.msg);
      },
    );

    app.post(
      '/blade-system/dept/remove',
      {
        config: { access: ADMINISTRATORS },
        schema: { response: { 200: answers.done }, querystring: Type.Object({ ids: optional(AdminIdList) }) },
      },
      async (request) => {
        await requireButton(request, 'dept_delete');
        await removeDepts(deps.db, request.auth, String(request.query.ids ?? fieldOf(request.body, 'ids') ?? ''), now());
        return ok(true, '删除成功');
      },
    );

    // ---- posts --------------------------------------------------------------------------------
    // list, detail, submit and remove are the resource document's (schemas/crud/post.crud.json).

    app.get(
      '/blade-system/post/select',
      {
        config: { access: SIGNED_IN },
        schema: { response: { 200: answers.posts }, querystring: Type.Object({ tenantId: optional(TenantId) }) },
      },
      async (request) => ok(await postSelect(deps.db, request.auth, request.query.tenantId)),
    );

    // BladeX reads ids, tenantIds and over as request parameters: the query or a form / JSON body.
    app.post(
      '/blade-system/post/syn-post',
      {
        config: { access: ADMINISTRATORS },
        onRequest: platformOnly,
        schema: {
          response: { 200: answers.syn },
          querystring: Type.Object({ ids: optional(AdminIdList), tenantIds: optional(text(4000)), over: optional(Flag) }),
        },
      },
      async (request) => {
        const result = await synPosts(
          deps.db,
          request.auth,
          param(request, 'ids'),
          param(request, 'tenantIds'),
          overFlag(fieldOf(request.query, 'over') ?? fieldOf(request.body, 'over')),
          now(),
        );
        return ok(result, '操作成功');
      },
    );

    // ---- regions ------------------------------------------------------------------------------
    app.get(
      '/blade-system/region/list',
      {
        config: { access: SIGNED_IN },
        schema: {
          response: { 200: answers.regionPage },
          querystring: Type.Object({ ...paging(), parentCode: optional(Type.Union([RegionCode, Type.Literal('')])) }),
        },
      },
      async (request) => {
        const result = await regionList(deps.db, request.query);
        return ok(page(result.records, result.total, result.current, result.size));
      },
    );

    app.get(
      '/blade-system/region/get-tenant-region-code',
      { config: { access: SIGNED_IN }, schema: { response: { 200: answers.tenantRegion } } },
      async (request) => ok(await tenantRegion(deps.db, request.auth)),
    );

    app.get(
      '/blade-system/region/lazy-tree',
      {
        config: { access: SIGNED_IN },
        schema: {
          response: { 200: answers.regionTree },
          querystring: Type.Object({ parentCode: optional(Type.Union([RegionCode, Type.Literal('')])) }),
        },
      },
      async (request) => ok(await regionLazyTree(deps.db, request.query.parentCode)),
    );

    app.get(
      '/blade-system/region/detail',
      { config: { access: SIGNED_IN }, schema: { response: { 200: answers.region }, querystring: Type.Object({ code: RegionCode }) } },
      async (request) => ok(await regionDetail(deps.db, request.query.code)),
    );

    app.get(
      '/blade-system/region/level-tree',
      {
        config: { access: SIGNED_IN },
        schema: { response: { 200: answers.regionTree }, querystring: Type.Object({ level: optional(Level) }) },
      },
      async (request) => ok(await regionLevelTree(deps.db, request.query.level)),
    );

    const treeByCodes = (request: FastifyRequest, values: Record<string, string | number | undefined>) =>
      regionTreeByCodes(deps.db, request.auth, {
        tenantId: values.tenantId === undefined ? undefined : String(values.tenantId),
        codes: values.codes === undefined ? undefined : String(values.codes),
        child: flag(values.child === undefined ? undefined : String(values.child)),
        id: values.id ? String(values.id) : undefined,
        backTree: flag(values.backTree === undefined ? undefined : String(values.backTree)),
        opt: values.opt === undefined ? undefined : Number(values.opt),
      });

    app.get(
      '/blade-system/region/treeByCodes',
      { config: { access: SIGNED_IN }, schema: { response: { 200: answers.regionTree }, querystring: TreeByCodesQuery } },
      async (request) => ok(await treeByCodes(request, request.query)),
    );

    // The same parameters in a JSON or form body (or the query): the body's win.
    app.post(
      '/blade-system/region/treeByCodes',
      {
        config: { access: SIGNED_IN },
        schema: {
          response: { 200: answers.regionTree },
          querystring: TreeByCodesQuery,
          body: optional(Type.Union([TreeByCodesQuery, Type.Null()])),
        },
      },
      async (request) => ok(await treeByCodes(request, { ...request.query, ...(request.body ?? {}) })),
    );

    app.get(
      '/blade-system/region/parseConcatAddress',
      {
        config: { access: SIGNED_IN },
        schema: {
          response: { 200: answers.address },
          querystring: Type.Object({
            code: optional(Type.Union([RegionCode, Type.Literal('')])),
            codes: optional(Type.Union([RegionCodes, Type.Literal('')])),
            address: optional(text(200)),
          }),
        },
      },
      async (request) => ok(await parseConcatAddress(deps.db, request.query)),
    );

    app.post(
      '/blade-system/region/submit',
      {
        config: { access: ADMINISTRATORS },
        onRequest: platformOnly,
        schema: { response: { 200: answers.savedRegion }, body: regionSubmitBody },
      },
      async (request) => {
        const saved = await submitRegion(deps.db, request.auth, request.body, now());
        return ok({ code: saved.code, rowVersion: saved.rowVersion }, saved.msg);
      },
    );

    // BladeX's region remove takes `id`; `ids` (the generic screens' bulk delete) works too.
    app.post(
      '/blade-system/region/remove',
      {
        config: { access: ADMINISTRATORS },
        onRequest: platformOnly,
        schema: { response: { 200: answers.done }, querystring: Type.Object({ ids: optional(text(4000)), id: optional(text(12)) }) },
      },
      async (request) => {
        await removeRegions(deps.db, request.auth, param(request, 'ids') || param(request, 'id'), now());
        return ok(true, '删除成功');
      },
    );
  };
