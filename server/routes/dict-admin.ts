import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { AccessClaims } from '../auth/tokens';
import { badRequest, forbidden, notFound, ok, page } from '../http/envelope';
import { ROOT_TENANT } from '../repositories/dicts';
import {
  ensureOwnCopy,
  findOwnChildByKey,
  findParentByCode,
  findVisible,
  insertDict,
  listChildren,
  listParents,
  nextSort,
  renameChildren,
  softDelete,
  toDictView,
  updateDict,
  type DictRow,
  type DictWrite,
} from '../repositories/dict-admin';
import { idList, isFormAdministrator } from '../services/form-access';
import { ADMINISTRATORS, SIGNED_IN } from '../http/route-access';

const listQuery = {
  querystring: {
    type: 'object',
    properties: {
      current: { type: 'integer', minimum: 1 },
      size: { type: 'integer', minimum: 1, maximum: 200 },
      parentId: { type: 'string', pattern: '^[0-9]{1,40}$' },
    },
  },
} as const;

const childQuery = { querystring: { ...listQuery.querystring, required: ['parentId'] } } as const;
const idQuery = { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[0-9]{1,40}$' } } } } as const;
const idsQuery = { querystring: { type: 'object', properties: { ids: { type: 'string', maxLength: 4000 } } } } as const;

// Required fields are checked in the handler so each answers with the screen's own message
// (spec 002 §5) instead of the generic 参数[x]不能为空. The app's ajv coerces types, so numbers
// arrive as strings and null as ''.
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const submitBody = {
  body: {
    type: 'object',
    properties: {
      id: text(40),
      parentId: text(40),
      code: text(64),
      dictKey: text(64),
      dictValue: text(255),
      pdfKey: text(255),
      sort: text(10),
      remark: text(500),
      isSealed: text(2),
      isAdmin: text(2),
      tenantId: text(12),
    },
  },
} as const;

type SubmitBody = { [K in 'id' | 'parentId' | 'code' | 'dictKey' | 'dictValue' | 'pdfKey' | 'sort' | 'remark' | 'isSealed' | 'isAdmin' | 'tenantId']?: string | number | null };

const str = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value).trim());
const CODE = /^[A-Za-z0-9_-]+$/;

function requireDictAdmin(auth: AccessClaims): void {
  if (!isFormAdministrator(auth)) throw forbidden('只有管理员可以维护字典');
}

function choice(value: string | number | null | undefined, allowed: number[], message: string): number {
  const s = str(value);
  const n = Number(s);
  if (s === '' || !allowed.includes(n)) throw badRequest(message);
  return n;
}

/** Blank sort means automatic order (the tenant variant: 留空自动排序). */
function sortOf(value: string | number | null | undefined): number | undefined {
  const s = str(value);
  if (s === '') return undefined;
  if (!/^\d{1,6}$/.test(s)) throw badRequest('字典排序应为非负整数');
  return Number(s);
}

/** What a tenant may do to a platform dictionary's entries (spec 002 §3 isAdmin). */
function tenantMay(parent: DictRow, action: 'add' | 'modify' | 'delete', fields: Partial<DictWrite>, current?: DictRow): void {
  if (parent.is_admin === 1) return;
  if (parent.is_admin === 2 && action === 'modify' && current) {
    const changesOnlyValue =
      (fields.dictKey === undefined || fields.dictKey === current.dict_key) &&
      (fields.code === undefined || fields.code === current.code) &&
      (fields.sort === undefined || fields.sort === current.sort) &&
      (fields.isSealed === undefined || fields.isSealed === current.is_sealed);
    if (changesOnlyValue) return;
    throw forbidden('该字典只允许修改选项值');
  }
  throw forbidden(parent.is_admin === 2 ? '该字典只允许修改选项值' : '公共字典，租户不可编辑');
}

/** dict-biz management (spec 002 §7): lists, detail, submit (create or update), remove. */
export const dictAdminRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const now = () => new Date(deps.now());
    // Tenants fall back to the platform's dictionaries, so a platform change reaches every tenant's cache.
    const invalidate = (tenantId: string) => deps.caches.clear(tenantId === ROOT_TENANT ? ['*'] : [tenantId]);

    const parents = async (request: { query: unknown; auth: AccessClaims }) => {
      const result = await listParents(deps.db, request.auth.tenant_id, request.query as Record<string, unknown>);
      return ok(page(result.rows.map((r) => toDictView(r, request.auth.tenant_id)), result.total, result.current, result.size));
    };
    const children = async (request: { query: unknown; auth: AccessClaims }) => {
      const query = request.query as Record<string, unknown> & { parentId: string };
      const parent = await findVisible(deps.db, request.auth.tenant_id, query.parentId);
      if (!parent || parent.parent_id !== '0') throw notFound('字典不存在');
      const result = await listChildren(deps.db, request.auth.tenant_id, parent, query);
      return ok(page(result.rows.map((r) => toDictView(r, request.auth.tenant_id)), result.total, result.current, result.size));
    };

    app.get('/blade-system/dict-biz/parent-list', { config: { access: SIGNED_IN }, schema: listQuery }, parents);
    app.get('/blade-system/dict-biz/child-list', { config: { access: SIGNED_IN }, schema: childQuery }, children);
    // list: the children of parentId when given, else the parents.
    app.get('/blade-system/dict-biz/list', { config: { access: SIGNED_IN }, schema: listQuery }, (request) => ((request.query as { parentId?: string }).parentId ? children(request) : parents(request)));

    app.get('/blade-system/dict-biz/detail', { config: { access: SIGNED_IN }, schema: idQuery }, async (request) => {
      const row = await findVisible(deps.db, request.auth.tenant_id, (request.query as { id: string }).id);
      if (!row) throw notFound('字典不存在');
      return ok(toDictView(row, request.auth.tenant_id));
    });

    app.post('/blade-system/dict-biz/submit', { config: { access: ADMINISTRATORS }, schema: submitBody }, async (request) => {
      requireDictAdmin(request.auth);
      const tenantId = request.auth.tenant_id;
      const body = (request.body ?? {}) as SubmitBody;
      const parentId = str(body.parentId) || '0';
      const isParent = parentId === '0';
      const code = str(body.code);
      if (!code) throw badRequest('请输入字典编号');
      if (!CODE.test(code)) throw badRequest('字典编号只能包含字母、数字、下划线和中划线');
      const dictValue = str(body.dictValue);
      if (!dictValue) throw badRequest('请输入字典名称');
      const fields: Partial<DictWrite> = { code, dictValue, remark: str(body.remark) };
      if (isParent) {
        fields.sort = sortOf(body.sort);
        fields.isSealed = choice(body.isSealed, [0, 1], '请选择封存');
        fields.isAdmin = choice(body.isAdmin, [0, 1, 2], '请选择编辑');
        const bodyTenant = str(body.tenantId);
        if (!bodyTenant) throw badRequest('请选择租户');
        // Rows are written for the caller's own tenant only; the platform reaches others by sync.
        if (bodyTenant !== tenantId) throw forbidden('不能操作其他租户的数据');
      } else {
        const dictKey = str(body.dictKey);
        if (!dictKey) throw badRequest('请输入字典键值');
        const pdfKey = str(body.pdfKey);
        if (!pdfKey) throw badRequest('请输入报表选项值');
        Object.assign(fields, { dictKey, pdfKey, sort: sortOf(body.sort), isSealed: body.isSealed === undefined || body.isSealed === null || body.isSealed === '' ? 0 : choice(body.isSealed, [0, 1], '请选择封存') });
        const bodyTenant = str(body.tenantId);
        if (bodyTenant && bodyTenant !== tenantId && bodyTenant !== ROOT_TENANT) throw forbidden('不能操作其他租户的数据');
      }

      const id = str(body.id);
      const parent = isParent ? undefined : await findVisible(deps.db, tenantId, parentId);
      if (!isParent && (!parent || parent.parent_id !== '0')) throw badRequest('上级字典不存在');
      if (parent && fields.code !== parent.code) throw badRequest('字典编号应与上级字典一致');

      if (!id) {
        // Create.
        if (isParent) {
          if (await findParentByCode(deps.db, tenantId, code)) throw badRequest('字典编号已存在');
        } else if (parent!.tenant_id !== tenantId) {
          tenantMay(parent!, 'add', fields);
          await ensureOwnCopy(deps.db, tenantId, parent!, now());
        }
        if (!isParent && (await findOwnChildByKey(deps.db, tenantId, parentId, fields.dictKey!))) throw badRequest('字典键值已存在');
        const write: DictWrite = {
          parentId,
          code,
          dictKey: isParent ? '-1' : fields.dictKey!,
          dictValue,
          pdfKey: fields.pdfKey ?? '',
          sort: fields.sort ?? (await nextSort(deps.db, tenantId, parentId)),
          remark: fields.remark ?? '',
          isSealed: fields.isSealed ?? 0,
          isAdmin: fields.isAdmin ?? 0,
        };
        const newIdValue = await insertDict(deps.db, tenantId, write, now());
        invalidate(tenantId);
        return ok({ id: newIdValue }, '新增成功');
      }

      // Update.
      const current = await findVisible(deps.db, tenantId, id);
      if (!current || current.parent_id !== parentId) throw notFound('字典不存在');
      let target = current;
      if (current.tenant_id !== tenantId) {
        if (isParent) throw forbidden('公共字典，租户不可编辑');
        tenantMay(parent!, 'modify', fields, current);
        await ensureOwnCopy(deps.db, tenantId, parent!, now());
        const copy = await findOwnChildByKey(deps.db, tenantId, parentId, current.dict_key);
        if (!copy) throw notFound('字典不存在');
        target = copy;
      } else if (parent && parent.tenant_id !== tenantId) {
        // The tenant's own copy of a platform entry: the platform's isAdmin still applies.
        tenantMay(parent, 'modify', fields, current);
      }
      if (isParent && code !== current.code && (await findParentByCode(deps.db, tenantId, code))) throw badRequest('字典编号已存在');
      if (!isParent && fields.dictKey !== target.dict_key) {
        const clash = await findOwnChildByKey(deps.db, tenantId, parentId, fields.dictKey!);
        if (clash && clash.id !== target.id) throw badRequest('字典键值已存在');
      }
      if (fields.sort === undefined) fields.sort = target.sort;
      await updateDict(deps.db, tenantId, target.id, fields, now());
      if (isParent && code !== current.code) await renameChildren(deps.db, tenantId, current.id, code);
      invalidate(tenantId);
      return ok({ id: target.id }, '更新成功');
    });

    app.post('/blade-system/dict-biz/remove', { config: { access: ADMINISTRATORS }, schema: idsQuery }, async (request) => {
      requireDictAdmin(request.auth);
      const tenantId = request.auth.tenant_id;
      const raw = (request.query as { ids?: string }).ids ?? (request.body as { ids?: string } | undefined)?.ids ?? '';
      const ids = idList(String(raw));
      if (ids.length === 0) throw badRequest('请选择至少一条数据');
      const own: string[] = [];
      for (const id of ids) {
        const row = await findVisible(deps.db, tenantId, id);
        if (!row) throw notFound('字典不存在');
        if (row.tenant_id === tenantId) {
          const parent = row.parent_id === '0' ? undefined : await findVisible(deps.db, tenantId, row.parent_id);
          if (parent && parent.tenant_id !== tenantId) tenantMay(parent, 'delete', {});
          own.push(row.id);
          continue;
        }
        // A platform row: only an entry of a dictionary the platform lets tenants change (isAdmin 1).
        const parent = row.parent_id === '0' ? undefined : await findVisible(deps.db, tenantId, row.parent_id);
        if (!parent) throw forbidden('公共字典，租户不可编辑');
        tenantMay(parent, 'delete', {});
        await ensureOwnCopy(deps.db, tenantId, parent, now());
        const copy = await findOwnChildByKey(deps.db, tenantId, parent.id, row.dict_key);
        if (copy) own.push(copy.id);
      }
      await softDelete(deps.db, tenantId, own, now());
      invalidate(tenantId);
      return ok(true, '删除成功');
    });
  };
