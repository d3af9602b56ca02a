import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { SessionLock } from './pglite-session-lock';

/**
 * Plain SQL as the database owner for the server's own system work that brings its own SQL — today
 * the job queue (server/jobs, pg-boss's `db` adapter). Never for app data: it has no tenant scope,
 * runs as the owner, and reaches no route.
 *
 * Without values the text may hold several statements (pg-boss installs and migrates its schema
 * that way); the answer is the last statement's rows.
 */
export type SystemSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface SystemSqlHandle {
  run: SystemSql;
  close(): Promise<void>;
}

/**
 * PGlite: the one session, under the session lock every app statement takes (pglite-session-lock.ts),
 * so a system statement never lands inside an app transaction. Outside a transaction the session's
 * role is the owner's (the app's role is SET LOCAL, db/scope-sql.ts).
 */
export function pgliteSystemSql(client: PGlite, sessionLock: SessionLock<unknown>): SystemSqlHandle {
  return {
    run: async (text, values) => {
      const unlock = await sessionLock.acquire();
      try {
        if (values && values.length > 0) {
          const result = await client.query<Record<string, unknown>>(text, values);
          return { rows: result.rows };
        }
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      } finally {
        unlock();
      }
    },
    close: async () => undefined,
  };
}

/**
 * PostgreSQL: a small pool of its own as the connecting (owner) user, apart from the app's pool and
 * its statement limits — a queue's poll never waits behind a burst of requests, nor they behind it.
 */
export function postgresSystemSql(databaseUrl: string, max = 3): SystemSqlHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, keepAlive: true, application_name: 'phw-jobs' });
  pool.on('error', (error) => console.warn(`[db] idle system connection lost: ${error.message}`));
  return {
    run: async (text, values) => {
      const result = await pool.query(text, values && values.length > 0 ? values : undefined);
      // Several statements in one text answer one result each; the last one's rows are the answer.
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult | undefined) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    close: () => pool.end(),
  };
}
