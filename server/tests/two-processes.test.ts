// Issue 17, "more than one machine": two server processes on one PostgreSQL database, as behind a
// load balancer. What one process changes or revokes, the other honours at once — not after its
// caches' own 5 s — through PostgreSQL NOTIFY (auth/services/session-revocation.ts,
// platform/services/shared-tenant-cache.ts); a form publish clears the tenant's kept registry the same way
// (forms/services/form-registry.ts), and the latest version is read on every call. PostgreSQL only: PGlite is
// one process by construction (db/lock.ts).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { idCardCheckDigit } from '../../src/engine';
import { ON_POSTGRES, TWO_PROCESSES_SKIP_REASON, twoProcessesForThisFile } from '../test-support/two-processes';
import { asSystem } from '../db/tenant-scope';
import { demoArchiveIds, loginAs, type Caller } from '../forms/routes/form-test-support';
import { drawCaptcha, loginWithCaptcha } from '../test-support/captcha';

const processes = twoProcessesForThisFile();

/** The cache bound a missed message would leave (5 s): "at once" means well under it. */
const AT_ONCE_MS = 1_000;

/** Asks until `done` holds or AT_ONCE_MS has passed (a NOTIFY arrives just after the commit); answers the last result. */
async function soon<T>(ask: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await ask();
    if (done(value) || Date.now() - started > AT_ONCE_MS) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A business dictionary of the demo tenant made through A's API; `add` puts an entry in it. */
async function dictionaryOnA(admin: Caller, code: string, name: string) {
  const parent = await admin.post('/api/blade-system/dict-biz/submit', {
    code,
    dictValue: name,
    sort: '',
    isSealed: 0,
    isAdmin: 1,
    tenantId: '100001',
    remark: '',
  });
  const parentId = parent.body.data.id as string;
  return {
    add: (dictKey: string, dictValue: string) =>
      admin.post('/api/blade-system/dict-biz/submit', {
        parentId,
        code,
        dictKey,
        dictValue,
        pdfKey: dictValue,
        sort: '',
        isSealed: 0,
        tenantId: '100001',
      }),
    /** The entries' values as a caller reads them (B keeps them until told). */
    valuesFor: async (reader: Caller) =>
      ((await reader.get(`/api/blade-system/dict-biz/dictionary?code=${code}`)).body.data as { dictValue: string }[]).map(
        (e) => e.dictValue,
      ),
  };
}

const ARCHIVES = '/api/blade-iph-business/commuserarchives/list?current=1&size=1';
const FORM = '/api/blade-iph-business/form';

describe.skipIf(!ON_POSTGRES)(
  `two server processes on one PostgreSQL database${ON_POSTGRES ? '' : ` (skipped: ${TWO_PROCESSES_SKIP_REASON})`}`,
  () => {
    it('a captcha drawn by A is answered on B, once', async () => {
      const drawn = await drawCaptcha(processes.a.app, processes.a.deps.db);
      const onB = await loginWithCaptcha(processes.b, drawn);
      expect(onB.statusCode, onB.body).toBe(200);
      expect(onB.json()).toHaveProperty('access_token');
      // Spent on B, so A refuses the same answer.
      expect((await loginWithCaptcha(processes.a.app, drawn)).json().error_description).toBe('验证码不正确');
    });

    it("an archive created on A counts in B's archive list at once (B keeps its totals a minute)", async () => {
      const nurseOnA = await loginAs(processes.a.app, 'nurse');
      const doctorOnB = await loginAs(processes.b, 'doctor');
      const totalOnB = async () => (await doctorOnB.get(ARCHIVES)).body.data.total as number;
      const before = await totalOnB(); // B now keeps this total
      const first17 = '44162119850505003';
      const created = await nurseOnA.post('/api/blade-iph-business/userarchives/create-update-archives', {
        personName: '两进程居民',
        idCard: first17 + idCardCheckDigit(first17),
        phone: '13712345679',
      });
      expect(created.body, JSON.stringify(created.body)).toMatchObject({ success: true });
      expect(await soon(totalOnB, (total) => total === before + 1)).toBe(before + 1);
    });

    it('a logout on A is refused on B at once', async () => {
      const onA = await loginAs(processes.a.app, 'nurse');
      const onB = await loginAs(processes.b, 'nurse');
      const meOnB = async () =>
        (
          await processes.b.inject({
            method: 'GET',
            url: '/api/blade-auth/oauth/user-info',
            headers: { 'blade-auth': `bearer ${onA.token}` },
          })
        ).statusCode;
      expect(await meOnB()).toBe(200); // B now keeps the session for 5 s
      expect((await onA.get('/api/blade-auth/oauth/logout')).status).toBe(200);
      expect(await soon(meOnB, (status) => status === 401)).toBe(401);
      // Only that session: the nurse's other session, kept on B too, goes on.
      expect((await onB.get('/api/blade-auth/oauth/user-info')).status).toBe(200);
    });

    it('an institution given a licence end in the past on A: its sessions are refused on B at once (issue 35 §2)', async () => {
      const platformOnA = await loginAs(processes.a.app, 'admin', '000000');
      const adminOnB = await loginAs(processes.b, 'admin', '100002');
      const meOnB = async () => (await adminOnB.get('/api/blade-auth/oauth/user-info')).status;
      expect(await meOnB()).toBe(200); // B now keeps the session, with the licence end it read
      const tenant = await processes.a.deps.db
        .selectFrom('blade_tenant')
        .select('id')
        .where('tenant_id', '=', '100002')
        .executeTakeFirstOrThrow();
      try {
        const set = await platformOnA.post(`/api/blade-system/tenant/setting?ids=${tenant.id}&accountNumber=-1&expireTime=2020-01-01`);
        expect(set.body).toMatchObject({ success: true });
        expect(await soon(meOnB, (status) => status === 401)).toBe(401);
      } finally {
        await processes.a.deps.db.updateTable('blade_tenant').set({ expire_time: null }).where('tenant_id', '=', '100002').execute();
      }
    });

    it('a role losing a menu, then 清除缓存 on A: B refuses at once; given back and cleared, B allows at once', async () => {
      const doctorOnB = await loginAs(processes.b, 'doctor');
      const doctorOnA = await loginAs(processes.a.app, 'doctor');
      const listOnB = async () => (await doctorOnB.get(ARCHIVES)).status;
      expect(await listOnB()).toBe(200); // B keeps the doctor role's grants for 5 s
      const grant = () => processes.a.owner.selectFrom('blade_menu').select('id').where('code', '=', 'publichealthwork');
      const removed = await asSystem('test: take 居民健康档案 from the doctor role', () =>
        processes.a.owner
          .deleteFrom('blade_role_menu')
          .where('role_id', '=', '2202')
          .where('menu_id', 'in', grant())
          .returning(['role_id', 'menu_id', 'tenant_id'])
          .execute(),
      );
      expect(removed.length).toBe(1);
      try {
        expect((await doctorOnA.get('/api/blade-auth/oauth/clear-cache')).status).toBe(200);
        expect(await soon(listOnB, (status) => status === 403)).toBe(403);
      } finally {
        await asSystem('test: give 居民健康档案 back', () => processes.a.owner.insertInto('blade_role_menu').values(removed).execute());
      }
      expect((await doctorOnA.get('/api/blade-auth/oauth/clear-cache')).status).toBe(200);
      expect(await soon(listOnB, (status) => status === 200)).toBe(200);
    });

    it('a dictionary change on A is read on B at once', async () => {
      const adminOnA = await loginAs(processes.a.app, 'admin');
      const doctorOnB = await loginAs(processes.b, 'doctor');
      const { add, valuesFor } = await dictionaryOnA(adminOnA, 'two_process_place', '随访地点');
      expect((await add('1', '门诊')).body.success).toBe(true);
      const valuesOnB = () => valuesFor(doctorOnB);
      expect(await valuesOnB()).toEqual(['门诊']); // now kept on B (no expiry of its own)
      expect((await add('2', '家中')).body.success).toBe(true);
      expect(await soon(valuesOnB, (values) => values.length === 2)).toEqual(['门诊', '家中']);
    });

    it('a cache clear outside any request (as the start-up forms import does) reaches B too', async () => {
      const adminOnA = await loginAs(processes.a.app, 'admin');
      const doctorOnB = await loginAs(processes.b, 'doctor');
      const code = 'two_process_startup';
      const { add, valuesFor } = await dictionaryOnA(adminOnA, code, '启动清除');
      expect((await add('1', '旧值')).body.success).toBe(true);
      const valuesOnB = () => valuesFor(doctorOnB);
      expect(await valuesOnB()).toEqual(['旧值']); // now kept on B
      // A change no request of A made (a script, the start-up import), then A's caches cleared with no tenant in scope.
      await asSystem('test: rename the entry behind the app', () =>
        processes.a.owner
          .updateTable('blade_dict_biz')
          .set({ dict_value: '新值' })
          .where('code', '=', code)
          .where('dict_key', '=', '1')
          .execute(),
      );
      processes.a.deps.caches.clear(['100001']);
      expect(await soon(valuesOnB, (values) => values.includes('新值'))).toEqual(['新值']);
    });

    it('a form published on A is served by B in its new version at the next call', async () => {
      const adminOnA = await loginAs(processes.a.app, 'admin');
      const doctorOnB: Caller = await loginAs(processes.b, 'doctor');
      const document = (label: string) => ({
        formCode: 'twoprocessform',
        formName: '两进程登记表',
        version: 1,
        placement: { kind: 'other', menu: { title: '两进程登记', order: 96 } },
        fields: [
          { fieldProp: 'visitDate', fieldLabel: '登记日期', fieldType: 5, required: 1 },
          { fieldProp: 'note', fieldLabel: label, fieldType: 3 },
        ],
      });
      const [archId] = await asSystem('test: an archive', () => demoArchiveIds(processes.a.deps.db));
      const menuOnB = async () =>
        (
          (await doctorOnB.get(`/api/blade-iph-business/healthmenu/getHealthMenuRoutes?archId=${archId}`)).body.data.routes as {
            name: string;
          }[]
        ).map((r) => r.name);
      expect(await menuOnB()).not.toContain('两进程登记'); // B now keeps the tenant's registry without the form
      const created = await adminOnA.post(`${FORM}/submit`, { document: document('备注') });
      const id = created.body.data.id as string;
      expect((await adminOnA.post(`${FORM}/publish?id=${id}`)).body).toMatchObject({ success: true, data: { version: 1 } });
      // A's publish clears B's kept registry through NOTIFY: the archive menu on B shows the form at once.
      expect(await soon(menuOnB, (names) => names.includes('两进程登记'))).toContain('两进程登记');
      const latestOnB = async () =>
        (await doctorOnB.get(`${FORM}/version?formCode=twoprocessform`)).body.data as { version: number; fields: { fieldLabel: string }[] }; // the published document
      const submitOnB = () =>
        doctorOnB.post('/api/blade-iph-business/formrecord/submit', {
          formCode: 'twoprocessform',
          archId,
          values: { visitDate: '2024-06-10', note: 'x' },
        });
      expect((await latestOnB()).version).toBe(1);
      const first = await submitOnB(); // B has now compiled and kept version 1
      expect(first.body, JSON.stringify(first.body)).toMatchObject({ success: true });

      const { rowVersion } = (await adminOnA.get(`${FORM}/detail?id=${id}`)).body.data;
      expect((await adminOnA.post(`${FORM}/submit`, { id, rowVersion, document: document('补充说明') })).body.success).toBe(true);
      expect((await adminOnA.post(`${FORM}/publish?id=${id}`)).body).toMatchObject({ success: true, data: { version: 2 } });
      // No waiting: B reads the latest version on every call.
      const latest = await latestOnB();
      expect(latest.version).toBe(2);
      expect(latest.fields.map((f) => f.fieldLabel)).toContain('补充说明');
      const second = await submitOnB();
      expect(second.body, JSON.stringify(second.body)).toMatchObject({ success: true });
      const versions = await asSystem('test: read the records', () =>
        processes.a.owner
          .selectFrom('form_record')
          .select('form_version')
          .where('form_code', '=', 'twoprocessform')
          .orderBy(sql`create_time`)
          .orderBy('id')
          .execute(),
      );
      expect(versions.map((r) => r.form_version)).toEqual([1, 2]);
    });
  },
);
