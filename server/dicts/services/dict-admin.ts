// Business dictionary management (blade-system/dict-biz submit and remove, spec 002 §3, §7): the
// checks a screen's input must pass, what a tenant may do to the platform's dictionaries, and the
// writes — each call in one transaction, so a refusal half-way (a duplicate key after the tenant's
// copy of a platform dictionary was made) leaves nothing behind.
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import {
  ensureOwnCopy,
  findOwnChildByKey,
  findParentByCode,
  findVisible,
  insertDict,
  nextSort,
  renameChildren,
  softDelete,
  updateDict,
  type DictRow,
  type DictWrite,
} from '../repositories/dict-admin';
import { ROOT_TENANT } from '../../platform/repositories/dicts';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { checkDialog, dialogValues, DIALOG_FORMS, idList, isFormAdministrator } from '../../forms/index';
import { requiredRowVersion, staleRow } from './dict-row-versions';

type Sent = string | number | null | undefined;

/** The submit body as it arrives: the app's ajv coerces types, so numbers may come as strings and null as ''. */
export type DictSubmit = {
  [
    K in
      | 'id'
      | 'parentId'
      | 'code'
      | 'dictKey'
      | 'dictValue'
      | 'pdfKey'
      | 'sort'
      | 'remark'
      | 'isSealed'
      | 'isAdmin'
      | 'tenantId'
      | 'rowVersion'
  ]?: Sent;
};

type DictDeps = Pick<AppDeps, 'db' | 'caches'>;

const str = (value: Sent) => (value === null || value === undefined ? '' : String(value).trim());

export function requireDictAdmin(auth: AccessClaims): void {
  if (!isFormAdministrator(auth)) throw new Forbidden('只有管理员可以维护字典');
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
    throw new Forbidden('该字典只允许修改选项值');
  }
  throw new Forbidden(parent.is_admin === 2 ? '该字典只允许修改选项值' : '公共字典，租户不可编辑');
}

/** Tenants fall back to the platform's dictionaries, so a platform change reaches every tenant's cache. */
function invalidate(deps: DictDeps, tenantId: string): void {
  deps.caches.clear(tenantId === ROOT_TENANT ? ['*'] : [tenantId]);
}

/** The body's fields the dialog's form checks (schemas/dictparent.json, dictchild.json). */
const DICT_FIELDS = ['code', 'dictValue', 'dictKey', 'pdfKey', 'sort', 'isSealed', 'isAdmin', 'tenantId', 'remark'] as const;

const sent = (body: DictSubmit) => {
  const out: Partial<Record<(typeof DICT_FIELDS)[number], string | number>> = {};
  for (const prop of DICT_FIELDS) {
    const v = body[prop];
    if (v !== null && v !== undefined && v !== '') out[prop] = v;
  }
  return out;
};

/**
 * The fields a submit writes, checked by the dialog's own form (its messages, in the screen's
 * order): the parent's or the entry's. An entry sent without 封存 is not sealed. Which tenant's
 * rows the caller may write is the server's own rule.
 */
async function checkedFields(
  deps: DictDeps,
  body: DictSubmit,
  tenantId: string,
  isParent: boolean,
  now: Date,
): Promise<Partial<DictWrite> & { code: string; dictValue: string }> {
  const values = sent(body);
  if (!isParent) values.isSealed ??= 0;
  const ctx = { db: deps.db, tenantId, now, dictionaries: deps.caches };
  const checked = await checkDialog(ctx, isParent ? DIALOG_FORMS.dictParent : DIALOG_FORMS.dictChild, dialogValues(values, DICT_FIELDS));
  const fields: Partial<DictWrite> & { code: string; dictValue: string } = {
    code: str(checked.code as Sent),
    dictValue: str(checked.dictValue as Sent),
    remark: str(body.remark),
  };
  fields.sort = typeof checked.sort === 'number' ? checked.sort : undefined;
  fields.isSealed = Number(checked.isSealed);
  const bodyTenant = str(body.tenantId);
  if (isParent) {
    fields.isAdmin = Number(checked.isAdmin);
    // Rows are written for the caller's own tenant only; the platform reaches others by sync.
    if (bodyTenant !== tenantId) throw new Forbidden('不能操作其他租户的数据');
    return fields;
  }
  Object.assign(fields, { dictKey: str(checked.dictKey as Sent), pdfKey: str(checked.pdfKey as Sent) });
  if (bodyTenant && bodyTenant !== tenantId && bodyTenant !== ROOT_TENANT) throw new Forbidden('不能操作其他租户的数据');
  return fields;
}

/** Creates (no id) or updates a dictionary or one of its entries; answers the id written and whether it was new. */
export async function submitDict(
  deps: DictDeps,
  auth: AccessClaims,
  body: DictSubmit,
  now: Date,
): Promise<{ id: string; created: boolean }> {
  requireDictAdmin(auth);
  const tenantId = auth.tenant_id;
  const parentId = str(body.parentId) || '0';
  const isParent = parentId === '0';
  const fields = await checkedFields(deps, body, tenantId, isParent, now);
  const id = str(body.id);
  const result = await inTransaction(deps.db, async (trx) => {
    const parent = isParent ? undefined : await findVisible(trx, tenantId, parentId);
    if (!isParent && (!parent || parent.parent_id !== '0')) throw new Refusal('上级字典不存在');
    if (parent && fields.code !== parent.code) throw new Refusal('字典编号应与上级字典一致');
    return id
      ? {
          id: await updateOne(trx, tenantId, id, parentId, parent, fields, now, { sent: body.rowVersion, userId: auth.user_id }),
          created: false,
        }
      : { id: await createOne(trx, tenantId, parentId, parent, fields, now), created: true };
  });
  invalidate(deps, tenantId);
  return result;
}

async function createOne(
  db: Kysely<Database>,
  tenantId: string,
  parentId: string,
  parent: DictRow | undefined,
  fields: Partial<DictWrite> & { code: string; dictValue: string },
  now: Date,
): Promise<string> {
  if (!parent) {
    if (await findParentByCode(db, tenantId, fields.code)) throw new Refusal('字典编号已存在');
  } else if (parent.tenant_id !== tenantId) {
    tenantMay(parent, 'add', fields);
    await ensureOwnCopy(db, tenantId, parent, now);
  }
  if (parent && (await findOwnChildByKey(db, tenantId, parentId, fields.dictKey!))) throw new Refusal('字典键值已存在');
  return insertDict(
    db,
    tenantId,
    {
      parentId,
      code: fields.code,
      dictKey: parent ? fields.dictKey! : '-1',
      dictValue: fields.dictValue,
      pdfKey: fields.pdfKey ?? '',
      sort: fields.sort ?? (await nextSort(db, tenantId, parentId)),
      remark: fields.remark ?? '',
      isSealed: fields.isSealed ?? 0,
      isAdmin: fields.isAdmin ?? 0,
    },
    now,
  );
}

async function updateOne(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  parentId: string,
  parent: DictRow | undefined,
  fields: Partial<DictWrite> & { code: string },
  now: Date,
  by: { sent: Sent; userId: string },
): Promise<string> {
  const current = await findVisible(db, tenantId, id);
  if (!current || current.parent_id !== parentId) throw new NotFound('字典不存在');
  // Issue 22 §6: an update carries the version it read (428 without, 409 when stale).
  let version = { rowVersion: requiredRowVersion(by.sent, '字典'), userId: by.userId };
  if (current.row_version !== version.rowVersion) throw await staleRow(db, current, '字典');
  let target = current;
  if (current.tenant_id !== tenantId) {
    if (!parent) throw new Forbidden('公共字典，租户不可编辑');
    tenantMay(parent, 'modify', fields, current);
    await ensureOwnCopy(db, tenantId, parent, now);
    const copy = await findOwnChildByKey(db, tenantId, parentId, current.dict_key);
    if (!copy) throw new NotFound('字典不存在');
    target = copy;
    // The version read was the platform row's; the tenant's copy is written over its own.
    version = { ...version, rowVersion: copy.row_version };
  } else if (parent && parent.tenant_id !== tenantId) {
    // The tenant's own copy of a platform entry: the platform's isAdmin still applies.
    tenantMay(parent, 'modify', fields, current);
  }
  if (!parent && fields.code !== current.code && (await findParentByCode(db, tenantId, fields.code))) throw new Refusal('字典编号已存在');
  if (parent && fields.dictKey !== target.dict_key) {
    const clash = await findOwnChildByKey(db, tenantId, parentId, fields.dictKey!);
    if (clash && clash.id !== target.id) throw new Refusal('字典键值已存在');
  }
  // Over the version read only: a change committed meanwhile (another process) makes this a 409 too.
  if (!(await updateDict(db, tenantId, target.id, { ...fields, sort: fields.sort ?? target.sort }, now, version))) {
    const fresh = await findVisible(db, tenantId, target.id);
    throw await staleRow(db, fresh ?? target, '字典');
  }
  if (!parent && fields.code !== current.code) await renameChildren(db, tenantId, current.id, fields.code);
  return target.id;
}

/**
 * Soft-deletes the rows named in `idsText` (comma-separated; all or none). A platform entry is removed from the tenant's own copy
 * of its dictionary, when the platform lets tenants change it.
 */
export async function removeDicts(deps: DictDeps, auth: AccessClaims, idsText: string, now: Date): Promise<void> {
  requireDictAdmin(auth);
  const ids = idList(idsText);
  if (ids.length === 0) throw new Refusal('请选择至少一条数据');
  const tenantId = auth.tenant_id;
  await inTransaction(deps.db, async (trx) => {
    const own: string[] = [];
    for (const id of ids) {
      const row = await findVisible(trx, tenantId, id);
      if (!row) throw new NotFound('字典不存在');
      const parent = row.parent_id === '0' ? undefined : await findVisible(trx, tenantId, row.parent_id);
      if (row.tenant_id === tenantId) {
        if (parent && parent.tenant_id !== tenantId) tenantMay(parent, 'delete', {});
        own.push(row.id);
        continue;
      }
      // A platform row: only an entry of a dictionary the platform lets tenants change (isAdmin 1).
      if (!parent) throw new Forbidden('公共字典，租户不可编辑');
      tenantMay(parent, 'delete', {});
      await ensureOwnCopy(trx, tenantId, parent, now);
      const copy = await findOwnChildByKey(trx, tenantId, parent.id, row.dict_key);
      if (copy) own.push(copy.id);
    }
    await softDelete(trx, tenantId, own, now);
  });
  invalidate(deps, tenantId);
}
