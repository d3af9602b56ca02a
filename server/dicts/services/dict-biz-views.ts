// Business dictionaries as a tenant sees them (spec 002 §7 dict-biz tree, dictionary-tree,
// dictionary-batch, child-list-errs, client/dict-biz/get-value). A tenant sees its own dictionaries
// and the platform's; of a platform dictionary it sees its own copy of the entries once it made one
// (dicts/services/dict-admin.ts), else the platform's.
import type { AppDeps } from '../../app-deps';
import { NotFound } from '../../domain/errors';
import { toDictView, type DictRow } from '../repositories/dict-admin';
import { visibleDictRows } from '../repositories/dict-biz-rows';
import { dictionaryEntries } from '../../platform/repositories/dicts';
import { dictTree } from './dict-trees';
import type { DictEntryView, DictRowWithErrors, DictTreeNode } from '../../../src/shared/contract/dicts';

type DictDeps = Pick<AppDeps, 'db' | 'caches'>;

/** The parents the tenant sees, each followed by the entries it sees of it. */
export function tenantView(rows: DictRow[], tenantId: string): DictRow[] {
  const parents = rows.filter((r) => r.parent_id === '0');
  const out: DictRow[] = [];
  for (const parent of parents) {
    out.push(parent);
    const children = rows.filter((r) => r.parent_id === parent.id);
    const own = children.filter((r) => r.tenant_id === tenantId);
    out.push(...(own.length > 0 ? own : children.filter((r) => r.tenant_id === parent.tenant_id)));
  }
  return out;
}

/** tree(code?): the dictionaries with their entries; key and value are the rows' ids. */
export async function bizDictTree(deps: DictDeps, tenantId: string, code?: string): Promise<DictTreeNode[]> {
  return dictTree(tenantView(await visibleDictRows(deps.db, tenantId, code), tenantId), 'id');
}

/** dictionary-tree(code): one dictionary's entries as a tree; key and value are the entries' dictKey. */
export async function bizDictionaryTree(deps: DictDeps, tenantId: string, code: string): Promise<DictTreeNode[]> {
  const rows = tenantView(await visibleDictRows(deps.db, tenantId, code), tenantId).filter((r) => r.parent_id !== '0');
  return dictTree(rows, 'dictKey');
}

/** One dictionary's entries, cached per tenant like GET dictionary (the same cache key and shape). */
export async function cachedEntries(deps: DictDeps, tenantId: string, code: string): Promise<DictEntryView[]> {
  const cacheKey = `dict:${code}`;
  const cached = deps.caches.get(tenantId, cacheKey) as DictEntryView[] | undefined;
  if (cached) return cached;
  const entries = (await dictionaryEntries(deps.db, tenantId, code)).map((r): DictEntryView => ({
    id: r.id,
    parentId: r.parent_id,
    code: r.code,
    dictKey: r.dict_key,
    dictValue: r.dict_value,
    sort: r.sort,
    remark: r.remark,
  }));
  deps.caches.set(tenantId, cacheKey, entries);
  return entries;
}

/** dictionary-batch(codes): one answer keyed by code (an unknown code answers an empty list). */
export async function dictionaryBatch(deps: DictDeps, tenantId: string, codes: string[]): Promise<Record<string, DictEntryView[]>> {
  const out: Record<string, DictEntryView[]> = {};
  for (const code of codes) out[code] = await cachedEntries(deps, tenantId, code);
  return out;
}

/** client/dict-biz/get-value(code, key): the entry's value, '' when there is none. */
export async function dictValueOf(deps: DictDeps, tenantId: string, code: string, key: string): Promise<string> {
  return (await cachedEntries(deps, tenantId, code)).find((e) => e.dictKey === key)?.dictValue ?? '';
}

/**
 * child-list-errs(parentId): the entries the tenant sees of one dictionary that break the rules of
 * spec 002 §5 (a blank key, name or report option value; a code other than the dictionary's) or
 * repeat another entry's key — rows written before the checks, imported or synced.
 */
export async function childErrors(deps: DictDeps, tenantId: string, parentId: string): Promise<DictRowWithErrors[]> {
  const rows = await visibleDictRows(deps.db, tenantId);
  const parent = rows.find((r) => r.id === parentId && r.parent_id === '0');
  if (!parent) throw new NotFound('字典不存在');
  const children = tenantView(rows, tenantId).filter((r) => r.parent_id === parent.id);
  const keyCount = new Map<string, number>();
  for (const c of children) keyCount.set(c.dict_key, (keyCount.get(c.dict_key) ?? 0) + 1);
  return children
    .map((c) => {
      const errors: string[] = [];
      if (!c.dict_key.trim()) errors.push('请输入字典键值');
      if (!c.dict_value.trim()) errors.push('请输入字典名称');
      if (!c.pdf_key.trim()) errors.push('请输入报表选项值');
      if (c.code !== parent.code) errors.push('字典编号应与上级字典一致');
      if (c.dict_key.trim() && (keyCount.get(c.dict_key) ?? 0) > 1) errors.push('字典键值重复');
      return { ...toDictView(c, tenantId), errors };
    })
    .filter((c) => c.errors.length > 0);
}
