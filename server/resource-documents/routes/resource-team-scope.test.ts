// A resource document's team scope (the block's `scope.team`): callers holding one of the named roles
// see, change and remove only rows of their own teams, and may write rows for those teams only;
// other roles see the whole tenant. The document is this test's own, over the team-members table,
// written into a copy of the forms root the test server reads (FORMS_DIR), as bench:server does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const T = '/api/blade-test/team-members';
const document = {
  name: 'zz-team-members',
  resource: {
    path: '/blade-test/team-members',
    table: 'iph_doctor_team_dts',
    label: '团队成员',
    columns: {
      teamId: {
        column: 'team_id',
        type: 'id',
        label: '团队',
        required: true,
        filter: true,
        ref: { table: 'blade_team', message: '团队不存在' },
      },
      userId: { column: 'user_id', type: 'id', label: '成员', required: true, ref: { table: 'blade_user', message: '用户不存在' } },
      teamRole: { column: 'team_role', type: 'integer', label: '团队角色', default: 2 },
    },
    order: [{ prop: 'teamId' }],
    unique: [{ props: ['teamId', 'userId'], message: '该用户已是团队成员' }],
    access: { read: 'signed-in', submit: { roles: ['doctor', 'administrator'] }, remove: { roles: ['doctor', 'administrator'] } },
    scope: { team: { prop: 'teamId', roles: ['doctor'] } },
  },
};

let formsRoot: string;
let t: TestApp;
let admin: Caller;
let doctor: Caller;

beforeAll(async () => {
  formsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'phw-team-scope-'));
  for (const sub of ['schemas', 'rules', 'codemaps']) fs.cpSync(path.join(root, sub), path.join(formsRoot, sub), { recursive: true });
  fs.writeFileSync(path.join(formsRoot, 'schemas', 'crud', 'zz-team-members.crud.json'), JSON.stringify(document));
  process.env.FORMS_DIR = formsRoot;
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  doctor = await loginAs(t.app, 'doctor'); // 张伟, team 2401 (家庭医生一团队)
});
afterAll(async () => {
  await t.close();
  delete process.env.FORMS_DIR;
  fs.rmSync(formsRoot, { recursive: true, force: true });
});

const teamsSeenBy = async (who: Caller) =>
  [...new Set(((await who.get(`${T}/list?size=100`)).body.data.records as { teamId: string }[]).map((r) => r.teamId))].sort();

describe('a resource document’s team scope', () => {
  it('keeps a scoped role to its own teams’ rows; the other roles see the tenant', async () => {
    // 陈静 (2305) joins 家庭医生二团队 (2402), written by the administrator, whom the scope does not narrow.
    const other = await admin.post(`${T}/submit`, { teamId: '2402', userId: '2305' });
    expect(other.body).toMatchObject({ success: true, data: { teamId: '2402' } });
    const otherId = other.body.data.id as string;
    expect((await admin.post(`${T}/submit`, { teamId: '2401', userId: '2306' })).body.msg).toBe('新增成功');
    expect(await teamsSeenBy(admin)).toEqual(['2401', '2402']);

    expect(await teamsSeenBy(doctor)).toEqual(['2401']);
    expect((await doctor.get(`${T}/detail?id=${otherId}`)).status).toBe(404);
    const moved = await doctor.post(`${T}/submit`, { id: otherId, rowVersion: 1, teamRole: 3 });
    expect(moved.status).toBe(404);
    expect((await doctor.post(`${T}/remove?ids=${otherId}`)).status).toBe(404);
    const foreign = await doctor.post(`${T}/submit`, { teamId: '2402', userId: '2306' });
    expect([foreign.status, foreign.body.msg]).toEqual([400, '只能维护本团队的团队成员（团队须为您所在的团队）']);

    // Within the doctor's own team the calls work as for anyone; nothing of 2402's row changed.
    expect((await doctor.post(`${T}/submit`, { teamId: '2401', userId: '2305' })).body.msg).toBe('新增成功');
    expect((await admin.get(`${T}/detail?id=${otherId}`)).body.data).toMatchObject({ teamId: '2402', teamRole: 2, rowVersion: 1 });
  });
});
