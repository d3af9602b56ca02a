import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../followups/services/followup-queries';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, loginAs, type Caller } from './form-test-support';

const F = '/api/blade-iph-business/form';
const U = '/api/blade-iph-business/userfollowup';
const MENU = '/api/blade-iph-business/healthmenu/getHealthMenuRoutes';

let t: TestApp;
let admin: Caller;
let doctor: Caller;
const today = localDate(new Date());
const inDays = (n: number) => localDate(new Date(Date.now() + n * 86_400_000));

/** A form that exists nowhere but in this test: no file in the repo, nothing in the build. */
const copdForm = (menuTitle: string) => ({
  formCode: 'copdfollowuptest',
  formName: '慢阻肺患者随访（测试）',
  version: 1,
  placement: {
    kind: 'followup',
    appliesTo: { crowdLabels: ['copd'] },
    menu: { title: menuTitle, order: 40 },
    due: { visitField: 'visitDate', intervalDays: 30 },
  },
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, required: 1 },
    { fieldProp: 'fev1', fieldLabel: 'FEV1', fieldType: 4, required: 1, min: 0.1, max: 8, unit: 'L' },
    { fieldProp: 'note', fieldLabel: '备注', fieldType: 6 },
  ],
});

/** The crowd label copd is the tenant's to add (issue 30): the form carries it, and publishing creates it. */
const copdLabel = { crowd_label: { name: '人群标签', items: [{ value: 'copd', label: '慢阻肺' }] } };

let copdArch: string;
let plainArch: string;
let hypertensiveArch: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  doctor = await loginAs(t.app, 'doctor');
  const all = await demoArchiveIds(t.deps.db);
  hypertensiveArch = (await demoArchiveIds(t.deps.db, 'hypertension'))[0]!;
  const unlabelled = await t.deps.db
    .selectFrom('user_archive')
    .select('id')
    .where('tenant_id', '=', '100001')
    .where('crowd_labels', '=', '')
    .where('archives_status', '=', '1')
    .orderBy('id')
    .limit(2)
    .execute();
  [copdArch, plainArch] = unlabelled.map((r) => r.id) as [string, string];
  expect(all.length).toBeGreaterThan(3);
  await t.deps.db
    .updateTable('user_archive')
    .set({ crowd_labels: 'copd' })
    .where('tenant_id', '=', '100001')
    .where('id', '=', copdArch)
    .execute();
});
afterAll(() => t.close());

const menuOf = async (archId: string) => {
  const res = await doctor.get(`${MENU}?archId=${archId}`);
  expect(res.status).toBe(200);
  return res.body.data as {
    routes: { code: string; name: string; path: string; tabs: { code: string; name: string }[] }[];
    buttons: string[];
  };
};

describe('placement: a form published through the API reaches residents with no code and no restart', () => {
  it('places the bundled forms by their files: menu entries by crowd label, tabs on their host pages', async () => {
    const menu = await menuOf(hypertensiveArch);
    const hypertension = menu.routes.find((r) => r.code === 'hypertensionfollowup');
    expect(hypertension).toMatchObject({ name: '高血压随访', path: '/publichealthwork/detail/hypertensionfollowup' });
    expect(hypertension!.tabs.map((tab) => [tab.code, tab.name])).toEqual([
      ['hypertensionassessment', '分级评估'],
      ['healtheducation', '健康教育'],
    ]);
    expect(menu.buttons).toContain('publichealthwork');
    // Forms placed by age alone (screenings, registrations) reach every adult; no crowd-label form does.
    const plainRoutes = (await menuOf(plainArch)).routes.map((r) => r.code);
    expect(plainRoutes).not.toContain('hypertensionfollowup');
    expect(plainRoutes).not.toContain('diabetesfollowup');
  });

  it('publishes a new follow-up form, which the right residents’ menus, lists and due lists then hold', async () => {
    // Without the label in the tenant's crowd_label dictionary, the form would reach nobody: refused.
    const unlabelled = await admin.post(`${F}/submit`, { document: copdForm('慢阻肺随访') });
    expect((await admin.post(`${F}/publish?id=${unlabelled.body.data.id}`)).body.msg).toBe(
      '表单未通过校验, 不能发布: 适用人群标签 copd 不在人群标签字典 (crowd_label) 中：这张表单不会出现在任何居民档案里',
    );
    await admin.post(`${F}/remove?ids=${unlabelled.body.data.id}`);
    const created = await admin.post(`${F}/submit`, { document: copdForm('慢阻肺随访'), dictionaries: copdLabel });
    expect(created.status).toBe(200);
    // A working copy is not yet a form of the registry.
    expect((await menuOf(copdArch)).routes.map((r) => r.code)).not.toContain('copdfollowuptest');
    expect((await admin.post(`${F}/publish?id=${created.body.data.id}`)).status).toBe(200);

    expect((await menuOf(copdArch)).routes.filter((r) => r.code === 'copdfollowuptest')).toEqual([
      expect.objectContaining({
        code: 'copdfollowuptest',
        name: '慢阻肺随访',
        path: '/publichealthwork/detail/copdfollowuptest',
        tabs: [],
      }),
    ]);
    expect((await menuOf(plainArch)).routes.map((r) => r.code)).not.toContain('copdfollowuptest');
    expect((await menuOf(hypertensiveArch)).routes.map((r) => r.code)).not.toContain('copdfollowuptest');

    const due = async () => (await doctor.get(`${U}/should-visit?formCode=copdfollowuptest&size=200`)).body.data;
    const before = await due();
    expect(before.records.map((r: { archId: string }) => r.archId)).toEqual([copdArch]);
    expect(before.records[0]).toMatchObject({ formCode: 'copdfollowuptest', lastFollowId: null });

    const saved = await doctor.post(`${U}/submit`, {
      formCode: 'copdfollowuptest',
      archId: copdArch,
      values: { visitDate: today, fev1: 2.4 },
    });
    expect(saved.status).toBe(200);
    // The interval of the placement sets the next visit: the visit date plus 30 days.
    expect(saved.body.data).toMatchObject({ formCode: 'copdfollowuptest', formVersion: 1, nextVisitDate: inDays(30) });

    const list = (await doctor.get(`${U}/list?size=200`)).body.data.records as { followId: string; formCode: string }[];
    expect(list).toContainEqual(expect.objectContaining({ followId: saved.body.data.id, formCode: 'copdfollowuptest' }));
    expect((await due()).total).toBe(0);
    const tasks = (await doctor.get(`${U}/list-task-user-followup?startDate=${today}&endDate=${inDays(60)}&size=200`)).body.data.records;
    expect(tasks).toContainEqual(
      expect.objectContaining({ followId: saved.body.data.id, archId: copdArch, formCode: 'copdfollowuptest', nextVisitDate: inDays(30) }),
    );
    const status = (await doctor.get(`${U}/follow-submit-status?startDate=${today}&endDate=${today}`)).body.data;
    expect(status).toContainEqual(expect.objectContaining({ formCode: 'copdfollowuptest', total: 1 }));
  });

  it('takes a second publish at once: the menu reads the latest version', async () => {
    const form = (await admin.get(`${F}/list?size=200`)).body.data.records.find(
      (r: { formCode: string }) => r.formCode === 'copdfollowuptest',
    );
    expect(
      (await admin.post(`${F}/submit`, { id: form.id, rowVersion: form.rowVersion, document: copdForm('慢阻肺随访（新版）') })).status,
    ).toBe(200);
    expect((await admin.post(`${F}/publish?id=${form.id}`)).status).toBe(200);
    expect((await menuOf(copdArch)).routes.find((r) => r.code === 'copdfollowuptest')).toMatchObject({
      name: '慢阻肺随访（新版）',
      version: 2,
    });
  });

  it('refuses a placement that points at a field the form lacks, naming it', async () => {
    const bad = {
      ...copdForm('x'),
      formCode: 'copdbadplacement',
      placement: { kind: 'followup', menu: { title: 'x' }, due: { field: 'nextVisit' } },
    };
    const created = await admin.post(`${F}/submit`, { document: bad });
    expect(created.status).toBe(200);
    const res = await admin.post(`${F}/publish?id=${created.body.data.id}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('放置设置的下次随访日期字段指向未知的字段 nextVisit');
  });

  it('keeps each tenant’s registry its own, and refuses an archive of another tenant', async () => {
    const other = await loginAs(t.app, 'admin', '100002');
    expect((await other.get(`${U}/should-visit?formCode=copdfollowuptest`)).status).toBe(404);
    const res = await other.get(`${MENU}?archId=${copdArch}`);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('档案不存在');
  });
});
