import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { until } from '../test-support/until';
import { claimIdNode, ID_NODE_APPLICATION, type IdNodeClaim } from './id-node';
import { currentIdNode, newId } from './ids';

const run = promisify(execFile);

/** Server processes on one PostgreSQL database hold different id nodes (db/ids.ts): PostgreSQL only. */
describe.skipIf(!process.env.TEST_PG_URL)('id nodes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives another server process another node, so ids made in the same millisecond differ', async () => {
    const at = Date.now() + 60_000;
    const ours = Array.from({ length: 200 }, () => newId(at));
    const { stdout } = await run('npx', ['tsx', 'server/test-support/id-node-child.ts', t.databaseUrl!, String(at)], { timeout: 60_000 });
    const theirs = JSON.parse(stdout) as { node: number; ids: string[] };
    expect(theirs.node).not.toBe(currentIdNode());
    expect(new Set([...ours, ...theirs.ids]).size).toBe(400);
  });

  it('frees a node when its holder closes, and keeps each holder on its node after the database drops them all', async () => {
    const seen: number[][] = [[], []];
    const claims: IdNodeClaim[] = [];
    claims.push(await claimIdNode(t.databaseUrl!, (node) => seen[0]!.push(node)));
    claims.push(await claimIdNode(t.databaseUrl!, (node) => seen[1]!.push(node)));
    const [first, second] = [claims[0]!.node(), claims[1]!.node()];
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      expect(new Set([currentIdNode(), first, second]).size).toBe(3);

      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [ID_NODE_APPLICATION],
      );
      await until(() => seen[0]!.length > 1 && seen[1]!.length > 1, 5000);
      expect(seen).toEqual([
        [first, first],
        [second, second],
      ]);

      await claims[0]!.close();
      const third = await claimIdNode(t.databaseUrl!, () => undefined);
      claims.push(third);
      // Claims take the lowest free node (the app 0, then 1 and 2): the first claim's is free again.
      expect([currentIdNode(), first, second]).toEqual([0, 1, 2]);
      expect(third.node()).toBe(first);
    } finally {
      await admin.end();
      for (const claim of claims) await claim.close();
    }
  });
});
