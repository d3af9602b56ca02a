import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { until } from '../test-support/until';
import { NOTIFICATION_APPLICATION, notificationListener } from './notifications';

/** The LISTEN connection behind the cross-process session revocation (issue 22 §4): PostgreSQL only. */
describe.skipIf(!process.env.TEST_PG_URL)('notification listener', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('hears what another connection sends, and after its connection is killed hears "*" and then again', async () => {
    const heard: string[] = [];
    const listener = notificationListener(t.databaseUrl!);
    const sender = new pg.Client({ connectionString: t.databaseUrl });
    await sender.connect();
    try {
      await listener.listen('phw_test_channel', (payload) => heard.push(payload));
      await sender.query(`select pg_notify('phw_test_channel', '100001')`);
      await until(() => heard.length > 0, 2000);
      expect(heard).toEqual(['100001']);

      await sender.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [NOTIFICATION_APPLICATION],
      );
      await until(() => heard.includes('*'), 5000);
      expect(heard).toContain('*');
      await sender.query(`select pg_notify('phw_test_channel', '100002')`);
      await until(() => heard.includes('100002'), 2000);
      expect(heard).toContain('100002');
    } finally {
      await sender.end();
      await listener.close();
    }
  });
});
