import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Audit retention (issue 17, MLPS level 3: at least 180 days). The server keeps every row of its
 * audit tables for ever: no route, service, repository or timer deletes or rewrites one. This test
 * reads the server's own code and fails the day one does, so that a sweep cannot arrive without
 * the retention setting the README's Operations section asks of it (AUDIT_RETENTION_DAYS, default
 * 180, never lower). Migrations are left out: their `down` steps drop whole tables by hand, not
 * rows by age.
 */
const AUDIT_TABLES = [
  'blade_login_log', // every login attempt (an administrator's 删除 hides rows: blade_login_log_removed)
  'blade_login_log_removed', // who hid which login-log row
  'blade_log_security', // password changes and resets
  'blade_log_web', // the browser's error log (an administrator's 删除 hides rows: blade_log_web_removed)
  'blade_log_web_removed', // who hid which browser-log row
  'blade_log_api', // the operation log: every write call
  'blade_log_error', // the server's error log: every 5xx
  'sensitive_read_audit', // every unmasked ID number or phone shown
  'form_record_history', // record changes
  'user_archive_history', // archive changes
];

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every way the code base writes a deletion or a rewrite of a table: kysely and raw SQL. */
const removals = (table: string) => [
  new RegExp(`deleteFrom\\(\\s*['"\`]${table}\\b`),
  new RegExp(`updateTable\\(\\s*['"\`]${table}\\b`),
  new RegExp(`\\b(delete\\s+from|truncate(\\s+table)?|update)\\s+${table}\\b`, 'i'),
];

describe('audit retention', () => {
  it('no server code deletes, truncates or rewrites a row of an audit table', () => {
    const sources = serverSources(serverRoot);
    expect(sources.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of sources) {
      const text = fs.readFileSync(file, 'utf8');
      for (const table of AUDIT_TABLES)
        if (removals(table).some((pattern) => pattern.test(text))) found.push(`${path.relative(serverRoot, file)}: ${table}`);
    }
    expect(found, 'an audit table is swept or changed: keep its rows ≥ 180 days (AUDIT_RETENTION_DAYS, README Operations)').toEqual([]);
  });

  it('would notice a sweep written either way', () => {
    expect(removals('blade_login_log').some((p) => p.test("db.deleteFrom('blade_login_log').where('create_time', '<', cutoff)"))).toBe(
      true,
    );
    expect(removals('sensitive_read_audit').some((p) => p.test('DELETE FROM sensitive_read_audit WHERE read_at < $1'))).toBe(true);
    expect(removals('blade_login_log').some((p) => p.test("db.insertInto('blade_login_log')"))).toBe(false);
  });
});
