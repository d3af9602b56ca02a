import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { buildSearchConditions, conditionsToParams, dateRangeParams, DEFAULT_SEARCH_ORDER, pageSizes, searchColumns } from './crud-search';
import type { CrudColumn, SearchWay } from './crud-types';

type Row = Record<string, unknown> & { id: string };
const col = (prop: string, ways: SearchWay, order?: number): CrudColumn<Row> => ({ prop, label: prop, search: { ways, order } });

describe('search conditions (spec 002 §3, operator codes 0–9)', () => {
  it('orders fields by their order, 1000 by default, then as declared', () => {
    expect(DEFAULT_SEARCH_ORDER).toBe(1000);
    const columns = [col('a', 0), col('b', 0, 5), col('c', 0, 1000), col('d', 0, 2000), { prop: 'e', label: 'e' }];
    expect(searchColumns(columns).map((c) => c.prop)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('turns every operator into its list parameter', () => {
    const columns = [
      col('name', 0),
      col('age', 1),
      col('age2', 2),
      col('code', 3),
      col('n4', 4),
      col('n5', 5),
      col('kind', 6),
      col('tags', 7),
      col('sort', 8),
      col('remark', 9),
    ];
    const conditions = buildSearchConditions(
      columns,
      { name: ' 张 ', age: 18, age2: 65, code: 'sex', n4: 1, n5: 9, kind: ['1', '2'], tags: ['甲', '乙'], sort: [2, 5], remark: true },
      'dictParent',
    );
    expect(conditions[0]).toEqual({ field_name: 'name', field_ways: 0, field_con: '张', field_object: 'dictParent' });
    expect(conditionsToParams(conditions)).toEqual({
      name_like: '张',
      age_ge: '18',
      age2_le: '65',
      code_equal: 'sex',
      n4_gt: '1',
      n5_lt: '9',
      kind_or: '1,2',
      tags_and: '甲,乙',
      sort_ge: '2',
      sort_le: '5',
      remark_null: '1',
    });
  });

  it('leaves out blank fields, an unticked "empty" and an open-ended range side', () => {
    const columns = [col('name', 0), col('kind', 6), col('remark', 9), col('sort', 8)];
    const conditions = buildSearchConditions(columns, { name: '  ', kind: [], remark: false, sort: [undefined, 7] }, 'x');
    expect(conditions).toEqual([{ field_name: 'sort', field_ways: 8, field_con: ',7', field_object: 'x' }]);
    expect(conditionsToParams(conditions)).toEqual({ sort_le: '7' });
  });

  it('builds createTime_dategt / createTime_datelt from 00:00:00 to 23:59:59; a start after the end gives one day', () => {
    const range = { prop: 'createTime', label: '创建时间' };
    expect(dateRangeParams(range, [dayjs('2024-03-01'), dayjs('2024-03-31')])).toEqual({
      createTime_dategt: '2024-03-01 00:00:00',
      createTime_datelt: '2024-03-31 23:59:59',
    });
    expect(dateRangeParams(range, [dayjs('2024-05-02'), dayjs('2024-05-01')])).toEqual({
      createTime_dategt: '2024-05-02 00:00:00',
      createTime_datelt: '2024-05-02 23:59:59',
    });
    expect(dateRangeParams(range, [null, dayjs('2024-05-01')])).toEqual({ createTime_datelt: '2024-05-01 23:59:59' });
    expect(dateRangeParams(range, null)).toEqual({});
  });

  it('page sizes: 10–200 default 10; the variant 10–100 default 30', () => {
    expect(pageSizes()).toEqual({ options: [10, 30, 50, 100, 200], initial: 10 });
    expect(pageSizes('large')).toEqual({ options: [10, 30, 50, 100], initial: 30 });
  });
});
