// A list call's query checked against its document: BladeX's search parameters only over the columns
// the document lets it filter on, ascs / descs only over those it lets it sort by. Anything else is a
// 400 naming the parameter — a screen that asks for a filter the server ignores would show a wrong list.
import type { ResourceBlock } from '../../../src/shared/resource/resource-block';
import { Refusal } from '../../domain/errors';
import type { SortTerm } from '../repositories/resource-rows';

/** Parameters of every list call that are not search conditions. */
const PAGING = new Set(['current', 'size', 'ascs', 'descs']);
const SUFFIXES = /_(like|notlike|equal|notequal|ge|le|gt|lt|or|and|null|notnull|dategt|datege|datelt|ignore)$/;

/** Refuses a parameter that is neither paging nor a search over a filterable property. */
export function checkListQuery(block: ResourceBlock, query: Record<string, unknown>, extra: readonly string[] = []): void {
  for (const key of Object.keys(query)) {
    if (PAGING.has(key) || extra.includes(key)) continue;
    const prop = key.replace(SUFFIXES, '');
    const column = block.columns[prop];
    if (!column?.filter || (prop === key && column.type !== 'text')) throw new Refusal(`不支持的查询条件: ${key}`);
  }
}

/** The list's order: the caller's ascs / descs (property or column names, comma lists) or the document's. */
export function sortTerms(block: ResourceBlock, query: { ascs?: unknown; descs?: unknown }): SortTerm[] {
  const named = (raw: unknown, desc: boolean): SortTerm[] =>
    String(raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((name) => {
        const found = Object.entries(block.columns).find(([prop, c]) => prop === name || c.column === name);
        if (!found || !found[1].sort) throw new Refusal(`不支持按 ${name} 排序`);
        return { column: found[1].column, desc };
      });
  const asked = [...named(query.ascs, false), ...named(query.descs, true)];
  if (asked.length) return asked;
  return block.order.map((o) => ({ column: o.prop === 'createTime' ? 'create_time' : block.columns[o.prop]!.column, desc: !!o.desc }));
}
