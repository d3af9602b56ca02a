import { sql, type RawBuilder } from 'kysely';
import { Refusal } from '../../domain/errors';

/**
 * List filters of the generic CRUD screens (docs/architecture.md §6): `prop_suffix=value` query parameters.
 * The web app's search area turns each search condition (spec 002 §3, operator codes 0–9) into
 * one of these suffixes, so the server reads only this one form:
 *
 *   0 fuzzy → _like, 1 >= → _ge, 2 <= → _le, 3 = → _equal, 4 > → _gt, 5 < → _lt,
 *   6 or → _or (comma list: any value), 7 and → _and (comma list: every fragment),
 *   8 range → _ge + _le, 9 empty → _null; date range → _dategt / _datelt (whole days).
 *
 * BladeX's own clients also send (issue 21 §3): `_notequal`, `_notlike`, `_datege` (from the start
 * of that day, as `_dategt`), `_notnull` (has a value), `_ignore` (the condition is skipped), and a
 * plain property name with no suffix, meaning "contains" — for text properties only (a number or
 * date named plainly is left to the repository, which may read it itself).
 *
 * Only the properties a repository names are accepted, each mapped to a column it chose, so a
 * caller cannot filter on a column the screen does not show (or inject one).
 */
export type FilterKind = 'text' | 'number' | 'date';

export interface FilterColumn {
  column: string;
  kind: FilterKind;
}

const SUFFIXES = [
  'like',
  'notlike',
  'equal',
  'notequal',
  'ge',
  'le',
  'gt',
  'lt',
  'or',
  'and',
  'null',
  'notnull',
  'dategt',
  'datege',
  'datelt',
  'ignore',
] as const;
type Suffix = (typeof SUFFIXES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Suffixes that take no value: `name_null=` and `name_notnull=` mean the same with or without one. */
const VALUELESS: ReadonlySet<Suffix> = new Set(['null', 'notnull']);

/**
 * The property and suffix a parameter names; a plain allowed text property is `contains` (BladeX's
 * default condition). `undefined` for every other parameter (paging, the repository's own).
 */
function parseKey(key: string, allowed: Record<string, FilterColumn>): { prop: string; suffix: Suffix | 'plain' } | undefined {
  if (Object.hasOwn(allowed, key)) return allowed[key]!.kind === 'text' ? { prop: key, suffix: 'plain' } : undefined;
  const at = key.lastIndexOf('_');
  if (at <= 0) return undefined;
  const suffix = key.slice(at + 1) as Suffix;
  return SUFFIXES.includes(suffix) ? { prop: key.slice(0, at), suffix } : undefined;
}

function typed(kind: FilterKind, value: string, prop: string): string | number {
  if (kind === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new Refusal(`参数[${prop}]应为数字`);
    return n;
  }
  if (kind === 'date' && !DATE.test(value)) throw new Refusal(`参数[${prop}]日期格式应为yyyy-MM-dd`);
  return value;
}

/**
 * SQL conditions (joined with AND by the caller) for the query parameters that name an allowed
 * property with a known suffix; other parameters (current, size, the repository's own) are ignored.
 */
export function filterConditions(query: Record<string, unknown>, allowed: Record<string, FilterColumn>): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const parsed = parseKey(key, allowed);
    if (!parsed || parsed.suffix === 'ignore') continue;
    const target = Object.hasOwn(allowed, parsed.prop) ? allowed[parsed.prop] : undefined;
    if (!target) continue;
    const value = String(raw ?? '').trim();
    if (value === '' && !VALUELESS.has(parsed.suffix as Suffix)) continue;
    const col = sql.ref(target.column);
    switch (parsed.suffix) {
      case 'plain':
      case 'like':
        out.push(sql`cast(${col} as text) ilike ${`%${escapeLike(value)}%`}`);
        break;
      case 'notlike':
        // A row without a value does not contain the fragment either.
        out.push(sql`coalesce(cast(${col} as text), '') not ilike ${`%${escapeLike(value)}%`}`);
        break;
      case 'equal':
        out.push(sql`${col} = ${typed(target.kind, value, parsed.prop)}`);
        break;
      case 'notequal':
        // BladeX's ne: rows without a value are not equal to it either.
        out.push(sql`${col} is distinct from ${typed(target.kind, value, parsed.prop)}`);
        break;
      case 'ge':
        out.push(sql`${col} >= ${typed(target.kind, value, parsed.prop)}`);
        break;
      case 'le':
        out.push(sql`${col} <= ${typed(target.kind, value, parsed.prop)}`);
        break;
      case 'gt':
        out.push(sql`${col} > ${typed(target.kind, value, parsed.prop)}`);
        break;
      case 'lt':
        out.push(sql`${col} < ${typed(target.kind, value, parsed.prop)}`);
        break;
      case 'or': {
        const values = value.split(',').map((v) => typed(target.kind, v.trim(), parsed.prop));
        out.push(sql`${col} in (${sql.join(values)})`);
        break;
      }
      case 'and':
        for (const part of value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean))
          out.push(sql`cast(${col} as text) ilike ${`%${escapeLike(part)}%`}`);
        break;
      case 'null':
        out.push(target.kind === 'text' ? sql`coalesce(${col}, '') = ''` : sql`${col} is null`);
        break;
      case 'notnull':
        out.push(target.kind === 'text' ? sql`coalesce(${col}, '') <> ''` : sql`${col} is not null`);
        break;
      case 'dategt':
      case 'datege':
        // From the start of that day (the date range's 00:00:00).
        out.push(sql`${col} >= ${typed('date', value, parsed.prop)}::timestamp`);
        break;
      case 'datelt':
        // Up to the end of that day (23:59:59): a bare date means the whole day.
        out.push(
          value.length === 10
            ? sql`${col} < (${typed('date', value, parsed.prop)}::date + 1)`
            : sql`${col} <= ${typed('date', value, parsed.prop)}::timestamp`,
        );
        break;
    }
  }
  return out;
}

/** current / size of a BladeX list call, with the spec's default of 10 and largest size 200. */
export function paging(query: { current?: number; size?: number }): { current: number; size: number; offset: number } {
  const current = Math.max(1, query.current ?? 1);
  const size = Math.min(200, Math.max(1, query.size ?? 10));
  return { current, size, offset: (current - 1) * size };
}
