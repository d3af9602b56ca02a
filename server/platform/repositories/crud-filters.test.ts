import { Kysely, sql } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../../domain/errors';
import { filterConditions, type FilterColumn } from './crud-filters';

// BladeX's list conventions (issue 21 §3) run against a real (embedded) PostgreSQL: the SQL each
// suffix makes is what is under test, so the rows it selects are what the assertions read.
let db: Kysely<Record<string, never>>;

const ALLOWED: Record<string, FilterColumn> = {
  name: { column: 'name', kind: 'text' },
  remark: { column: 'remark', kind: 'text' },
  age: { column: 'age', kind: 'number' },
  born: { column: 'born', kind: 'date' },
};

beforeAll(async () => {
  const { dialect } = await KyselyPGlite.create();
  db = new Kysely({ dialect });
  await sql`create table person (id integer primary key, name text, remark text, age integer, born timestamp)`.execute(db);
  await sql`insert into person values
    (1, '张三', '高血压', 60, '2026-01-10 08:00:00'),
    (2, '李四', null, 45, '2026-01-11 23:30:00'),
    (3, '张小五', '', null, '2026-01-12 00:00:00'),
    (4, 'Zhang_5%', '糖尿病 高血压', 30, null)`.execute(db);
});
afterAll(() => db?.destroy());

/** The ids the conditions of `query` select. */
async function ids(query: Record<string, unknown>): Promise<number[]> {
  const conditions = filterConditions(query, ALLOWED);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const { rows } = await sql<{ id: number }>`select id from person ${where} order by id`.execute(db);
  return rows.map((r) => r.id);
}

describe('crud-filters: the suffixes already there', () => {
  it('_like, _equal and _null keep their meaning', async () => {
    expect(await ids({ name_like: '张' })).toEqual([1, 3]);
    expect(await ids({ age_equal: '45' })).toEqual([2]);
    expect(await ids({ remark_null: '' })).toEqual([2, 3]);
    expect(await ids({ age_null: '' })).toEqual([3]);
  });
});

describe('crud-filters: BladeX conventions (issue 21 §3)', () => {
  it('_notequal: every row whose value differs, rows without one included', async () => {
    expect(await ids({ age_notequal: '45' })).toEqual([1, 3, 4]);
    expect(await ids({ name_notequal: '张三' })).toEqual([2, 3, 4]);
  });

  it('_notlike: rows that do not contain the fragment, empty ones included', async () => {
    expect(await ids({ remark_notlike: '高血压' })).toEqual([2, 3]);
    // % and _ are text, not wildcards.
    expect(await ids({ name_notlike: '_5%' })).toEqual([1, 2, 3]);
  });

  it('_datege: from the start of that day, as _dategt', async () => {
    expect(await ids({ born_datege: '2026-01-11' })).toEqual([2, 3]);
    expect(await ids({ born_datege: '2026-01-11', born_datelt: '2026-01-11' })).toEqual([2]);
    expect(() => filterConditions({ born_datege: '11/01/2026' }, ALLOWED)).toThrow(Refusal);
  });

  it('_notnull: rows that have a value (empty text counts as none), with or without a value sent', async () => {
    expect(await ids({ remark_notnull: '' })).toEqual([1, 4]);
    expect(await ids({ age_notnull: '1' })).toEqual([1, 2, 4]);
    expect(await ids({ born_notnull: '' })).toEqual([1, 2, 3]);
  });

  it('_ignore: the condition is skipped, whatever its value', async () => {
    expect(await ids({ name_ignore: '张三' })).toEqual([1, 2, 3, 4]);
    expect(await ids({ age_ignore: 'not a number' })).toEqual([1, 2, 3, 4]);
    expect(filterConditions({ name_ignore: 'x', age_ignore: 'y' }, ALLOWED)).toHaveLength(0);
  });

  it('a plain text property means contains', async () => {
    expect(await ids({ name: '张' })).toEqual([1, 3]);
    expect(await ids({ remark: '高血压' })).toEqual([1, 4]);
    expect(await ids({ name: 'g_5%' })).toEqual([4]);
    expect(await ids({ name: '  ' })).toEqual([1, 2, 3, 4]);
  });

  it('a plain number or date, and names the repository does not allow, are left alone', async () => {
    expect(await ids({ age: '60', born: '2026-01-10' })).toEqual([1, 2, 3, 4]);
    expect(await ids({ id: '1', id_equal: '1', current: '1', size: '10', toString: 'x', constructor_like: 'x' })).toEqual([1, 2, 3, 4]);
  });

  it('conditions add up (AND)', async () => {
    expect(await ids({ name: '张', remark_notnull: '', age_notequal: '30' })).toEqual([1]);
  });

  it('refuses a non-number for a number column with the parameter named', () => {
    expect(() => filterConditions({ age_notequal: 'abc' }, ALLOWED)).toThrow('参数[age]应为数字');
  });
});
