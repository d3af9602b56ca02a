import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { QueryTemplate } from './query-template';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('query templates', () => {
  it('answer the same SQL and parameters as the kysely chain, building once per shape', () => {
    let builds = 0;
    const template = new QueryTemplate<{ tenantId: string; name?: string; limit: number }>((k, s, shape) => {
      builds += 1;
      const v = s as unknown as Record<string, never>;
      let q = k.selectFrom('user_archive').select('id').where('tenant_id', '=', v.tenantId!).where('is_deleted', '=', 0);
      if (shape === 'name') q = q.where('person_name', '=', v.name!);
      return q.limit(v.limit!);
    });
    const direct = (tenantId: string, limit: number, name?: string) => {
      let q = db.selectFrom('user_archive').select('id').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
      if (name) q = q.where('person_name', '=', name);
      return q.limit(limit).compile();
    };
    for (const [tenantId, limit] of [
      ['100001', 10],
      ['100002', 20],
    ] as const) {
      const made = template.query(db, { tenantId, limit });
      expect({ sql: made.sql, parameters: made.parameters }).toEqual({
        sql: direct(tenantId, limit).sql,
        parameters: direct(tenantId, limit).parameters,
      });
      const named = template.query(db, { tenantId, name: '张三', limit }, 'name');
      expect({ sql: named.sql, parameters: named.parameters }).toEqual({
        sql: direct(tenantId, limit, '张三').sql,
        parameters: direct(tenantId, limit, '张三').parameters,
      });
    }
    expect(builds).toBe(2);
  });

  it('refuses a slot the query does not use, and a use without a slot’s value', () => {
    const unused = new QueryTemplate<{ tenantId: string; extra: string }>((k, s) =>
      k
        .selectFrom('user_archive')
        .select('id')
        .where('tenant_id', '=', (s as unknown as Record<string, never>).tenantId!),
    );
    expect(() => unused.query(db, { tenantId: '1', extra: 'x' })).toThrow(/slots not in the query: extra/);
    const template = new QueryTemplate<{ tenantId: string }>((k, s) =>
      k
        .selectFrom('user_archive')
        .select('id')
        .where('tenant_id', '=', (s as unknown as Record<string, never>).tenantId!),
    );
    template.query(db, { tenantId: '1' });
    expect(() => template.query(db, {} as { tenantId: string })).toThrow(/no value for tenantId/);
  });
});
