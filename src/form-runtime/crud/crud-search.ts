import type { Dayjs } from 'dayjs';
import type { CrudColumn, CrudDateRange, SearchCondition, SearchWay } from './crud-types';

/** The spec's default order of a search field (spec 002 §5). */
export const DEFAULT_SEARCH_ORDER = 1000;

/** Suffix of the list parameter each operator becomes (the server reads `prop_suffix=value`). */
const SUFFIX: Record<Exclude<SearchWay, 8 | 9>, string> = { 0: 'like', 1: 'ge', 2: 'le', 3: 'equal', 4: 'gt', 5: 'lt', 6: 'or', 7: 'and' };

/** Search fields in display order: by order (default 1000), then as declared. */
export function searchColumns<T>(columns: CrudColumn<T>[]): CrudColumn<T>[] {
  return columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.search)
    .sort(
      (a, b) => (a.column.search!.order ?? DEFAULT_SEARCH_ORDER) - (b.column.search!.order ?? DEFAULT_SEARCH_ORDER) || a.index - b.index,
    )
    .map(({ column }) => column);
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.every(isBlank));

function conText(way: SearchWay, value: unknown): string | undefined {
  if (way === 9) return value ? '' : undefined;
  if (isBlank(value)) return undefined;
  if (way === 8) {
    const [from, to] = Array.isArray(value) ? value : [value, undefined];
    return `${isBlank(from) ? '' : String(from).trim()},${isBlank(to) ? '' : String(to).trim()}`;
  }
  if (Array.isArray(value))
    return value
      .filter((v) => !isBlank(v))
      .map((v) => String(v).trim())
      .join(',');
  return String(value).trim();
}

/** The search area's values as search conditions (blank fields give none). */
export function buildSearchConditions<T>(columns: CrudColumn<T>[], values: Record<string, unknown>, object: string): SearchCondition[] {
  const out: SearchCondition[] = [];
  for (const column of searchColumns(columns)) {
    const way = column.search!.ways;
    const con = conText(way, values[column.prop]);
    if (con === undefined) continue;
    out.push({ field_name: column.prop, field_ways: way, field_con: con, field_object: object });
  }
  return out;
}

/** Conditions as list parameters: 8 (range) gives _ge and/or _le, 9 (empty) gives _null=1. */
export function conditionsToParams(conditions: SearchCondition[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const c of conditions) {
    if (c.field_ways === 9) params[`${c.field_name}_null`] = '1';
    else if (c.field_ways === 8) {
      const [from = '', to = ''] = c.field_con.split(',');
      if (from) params[`${c.field_name}_ge`] = from;
      if (to) params[`${c.field_name}_le`] = to;
    } else params[`${c.field_name}_${SUFFIX[c.field_ways]}`] = c.field_con;
  }
  return params;
}

/** The date range as `${prop}_dategt` (from 00:00:00) and `${prop}_datelt` (to 23:59:59). */
export function dateRangeParams(
  range: CrudDateRange | undefined,
  value: [Dayjs | null, Dayjs | null] | null | undefined,
): Record<string, string> {
  if (!range || !value) return {};
  const [start, end] = value;
  const out: Record<string, string> = {};
  // A start after the end is treated as one day (spec 002 §5: the end is set to the start).
  const fixedEnd = start && end && start.isAfter(end) ? start : end;
  if (start) out[`${range.prop}_dategt`] = `${start.format('YYYY-MM-DD')} 00:00:00`;
  if (fixedEnd) out[`${range.prop}_datelt`] = `${fixedEnd.format('YYYY-MM-DD')} 23:59:59`;
  return out;
}

/** Page-size options of the two table variants (spec 002 §2, §9). */
export function pageSizes(variant: 'standard' | 'large' = 'standard'): { options: number[]; initial: number } {
  return variant === 'large' ? { options: [10, 30, 50, 100], initial: 30 } : { options: [10, 30, 50, 100, 200], initial: 10 };
}
