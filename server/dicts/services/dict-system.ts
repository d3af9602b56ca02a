// System dictionaries (blade-system/dict, spec 002 §7): the platform's own, read by everyone,
// written by the platform administrator only (the root tenant's administrator). Checks use the
// dictionary messages of spec 002 §5; updates carry the version read (issue 22 §6).
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import { ROOT_TENANT } from '../../platform/repositories/dicts';
import {
  allSystemDicts,
  findSystemChildByKey,
  findSystemDict,
  findSystemParentByCode,
  insertSystemDict,
  nextSystemSort,
  renameSystemChildren,
  softDeleteSystemDicts,
  updateSystemDict,
  type SystemDictWrite,
} from '../repositories/dict-system';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { requiredRowVersion, staleRow } from './dict-row-versions';
import { dictTree, type DictTreeNode } from './dict-trees';
import { idList, isFormAdministrator } from '../../forms/index';

type Sent = string | number | null | undefined;
type DictDeps = Pick<AppDeps, 'db' | 'caches'>;

export type SystemDictSubmit = {
  [K in 'id' | 'parentId' | 'code' | 'dictKey' | 'dictValue' | 'sort' | 'remark' | 'isSealed' | 'rowVersion']?: Sent;
};

const str = (value: Sent) => (value === null || value === undefined ? '' : String(value).trim());

/** The platform's administrator: an administrator of the root tenant. */
export function isPlatformAdmin(auth: AccessClaims): boolean {
  return auth.tenant_id === ROOT_TENANT && isFormAdministrator(auth);
}

export function requirePlatformAdmin(auth: AccessClaims, message = '只有平台管理员可以维护系统字典'): void {
  if (!isPlatformAdmin(auth)) throw new Forbidden(message);
}

function checked(body: SystemDictSubmit, isParent: boolean): Omit<SystemDictWrite, 'sort' | 'parentId'> & { sort?: number } {
  const code = str(body.code);
  const dictValue = str(body.dictValue);
  const dictKey = isParent ? '-1' : str(body.dictKey);
  if (!code) throw new Refusal('请输入字典编号');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) throw new Refusal('字典编号只能包含字母、数字、下划线和短横线');
  if (!dictValue) throw new Refusal('请输入字典名称');
  if (!dictKey) throw new Refusal('请输入字典键值');
  const sortText = str(body.sort);
  const sort = sortText === '' ? undefined : Number(sortText);
  if (sort !== undefined && (!Number.isInteger(sort) || sort < 0 || sort > 99999)) throw new Refusal('字典排序必须是0至99999的整数');
  const sealed = str(body.isSealed) || '0';
  if (sealed !== '0' && sealed !== '1') throw new Refusal('请选择封存');
  return { code, dictValue, dictKey, sort, remark: str(body.remark), isSealed: Number(sealed) };
}

/** Creates (no id) or updates a system dictionary or entry; answers the id and whether it was new. */
export async function submitSystemDict(deps: DictDeps, auth: AccessClaims, body: SystemDictSubmit, now: Date) {
  requirePlatformAdmin(auth);
  const parentId = str(body.parentId) || '0';
  if (!/^[0-9]{1,40}$/.test(parentId)) throw new Refusal('参数[parentId]格式不正确');
  const isParent = parentId === '0';
  const fields = checked(body, isParent);
  const id = str(body.id);
  const result = await inTransaction(deps.db, async (trx) => {
    const parent = isParent ? undefined : await findSystemDict(trx, parentId);
    if (!isParent && (!parent || parent.parent_id !== '0')) throw new Refusal('上级字典不存在');
    if (parent && fields.code !== parent.code) throw new Refusal('字典编号应与上级字典一致');
    const current = id ? await findSystemDict(trx, id) : undefined;
    if (id && (!current || current.parent_id !== parentId)) throw new NotFound('字典不存在');
    const version = current ? { rowVersion: requiredRowVersion(body.rowVersion, '字典'), userId: auth.user_id } : undefined;
    if (current && current.row_version !== version!.rowVersion) throw await staleRow(trx, current, '字典');
    const sameCode = isParent ? await findSystemParentByCode(trx, fields.code) : undefined;
    if (sameCode && sameCode.id !== current?.id) throw new Refusal('字典编号已存在');
    const sameKey = parent ? await findSystemChildByKey(trx, parentId, fields.dictKey) : undefined;
    if (sameKey && sameKey.id !== current?.id) throw new Refusal('字典键值已存在');
    const write: SystemDictWrite = { ...fields, parentId, sort: fields.sort ?? current?.sort ?? (await nextSystemSort(trx, parentId)) };
    if (!current) return { id: await insertSystemDict(trx, write, now, auth.user_id), created: true };
    if (!(await updateSystemDict(trx, current.id, write, now, version!))) {
      throw await staleRow(trx, (await findSystemDict(trx, current.id)) ?? current, '字典');
    }
    if (isParent && fields.code !== current.code) await renameSystemChildren(trx, current.id, fields.code);
    return { id: current.id, created: false };
  });
  // Every tenant reads the platform's dictionaries.
  deps.caches.clear(['*']);
  return result;
}

/** Soft-deletes the named rows (a dictionary with its entries); all or none. */
export async function removeSystemDicts(deps: DictDeps, auth: AccessClaims, idsText: string, now: Date): Promise<void> {
  requirePlatformAdmin(auth);
  const ids = idList(idsText);
  if (ids.length === 0) throw new Refusal('请选择至少一条数据');
  await inTransaction(deps.db, async (trx) => {
    for (const id of ids) if (!(await findSystemDict(trx, id))) throw new NotFound('字典不存在');
    await softDeleteSystemDicts(trx, ids, now, auth.user_id);
  });
  deps.caches.clear(['*']);
}

/** tree: the dictionaries with their entries (key and value: the row's id), optionally one code only. */
export async function systemDictTree(deps: DictDeps, code?: string): Promise<DictTreeNode[]> {
  return dictTree(await allSystemDicts(deps.db, code), 'id');
}

/** dictionary-tree: one dictionary's entries as a tree (key and value: the entry's dictKey). */
export async function systemDictionaryTree(deps: DictDeps, code: string): Promise<DictTreeNode[]> {
  const rows = (await allSystemDicts(deps.db, code)).filter((r) => r.parent_id !== '0');
  return dictTree(rows, 'dictKey');
}
