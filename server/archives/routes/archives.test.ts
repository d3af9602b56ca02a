import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIdCard } from '../../../src/engine';
import { md5Hex } from '../../auth/services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';
import { ArchiveHistoryView, ArchiveView } from '../../../src/shared/contract/archives';

let t: TestApp;
const tokens: Record<string, string> = {};
const BASE = '/api/blade-iph-business';

async function token(username: string, tenantId = '100001'): Promise<string> {
  const key = `${tenantId}/${username}`;
  tokens[key] ??= (await postToken(t.app, { username, tenantId, password: md5Hex(SEED_PASSWORD) })).json().access_token as string;
  return tokens[key];
}
const get = async (user: string, url: string) =>
  t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'blade-auth': `bearer ${await token(user)}` } });
const post = async (user: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${BASE}${url}`, headers: { 'blade-auth': `bearer ${await token(user)}` }, payload });

/** A valid 18-digit number for a birth date (check digit computed like the helper does). */
function idFor(birth: string, order: string): string {
  const first17 = `441602${birth}${order}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}

const MASKED_ID = /^\d{3}\*{11}[\dX]{4}$/;
const MASKED_MOBILE = /^1\d{2}\*{4}\d{4}$/;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seeded archives and search', () => {
  it('answers exactly the contract’s fields (src/shared/contract/archives.ts), in a list, a detail, an ID-number look-up and a history', async () => {
    const fields = Object.keys(ArchiveView.properties).sort();
    const list = (await get('admin', '/commuserarchives/list?current=1&size=5')).json();
    const rows = list.data.records as Record<string, unknown>[];
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(fields);
    // A whole number of years stays a number through the serializer's integer-or-string type.
    expect(typeof rows[0]!.age).toBe('number');
    const id = String(rows[0]!.id);
    const detail = (await get('admin', `/commuserarchives/detail?id=${id}`)).json();
    expect(Object.keys(detail.data).sort()).toEqual(fields);
    expect(detail.data).toEqual(rows[0]);
    const byCard = (await get('admin', `/userinfomain/get-by-id-card?idCard=${String(rows[0]!.idCard)}`)).json();
    expect(byCard.data).toEqual(rows[0]);
    const edited = await post('admin', '/userarchives/create-update-archives', {
      ...detail.data,
      contactName: '联系人甲',
      crowdLabels: detail.data.crowdLabels,
    });
    expect(edited.statusCode).toBe(200);
    expect(Object.keys(edited.json().data).sort()).toEqual(fields);
    const history = (await get('admin', `/userarchivesdev/history?archId=${id}`)).json().data as Record<string, unknown>[];
    expect(history.length).toBeGreaterThan(0);
    for (const entry of history) expect(Object.keys(entry).sort()).toEqual(Object.keys(ArchiveHistoryView.properties).sort());
  });

  it('lists the 20 seeded residents of tenant 100001, masked for a doctor, with valid ID numbers for the administrator', async () => {
    const doctor = (await get('doctor', '/commuserarchives/list?current=1&size=50')).json();
    expect(doctor).toMatchObject({ code: 200, success: true, data: { total: 20, current: 1, size: 50, pages: 1 } });
    const rows = doctor.data.records as Record<string, unknown>[];
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      expect(row.idCard).toMatch(MASKED_ID);
      expect(row.phone).toMatch(MASKED_MOBILE);
      expect(row).toMatchObject({
        doctorName: '张伟',
        teamName: '家庭医生一团队',
        archivesStatus: '1',
        archivesStatusText: '正常',
        sensitiveMasked: true,
      });
      expect(String(row.archivesNo)).toMatch(/^441602000000\d{5}$/);
    }
    const labels = rows.flatMap((r) => r.crowdLabels as string[]);
    expect(labels).toContain('hypertension');
    expect(labels).toContain('diabetes');

    const admin = (await get('admin', '/commuserarchives/list?current=1&size=50')).json().data.records as {
      idCard: string;
      sex: string;
      birthday: string;
    }[];
    for (const row of admin) {
      const checked = checkIdCard(row.idCard);
      expect(checked.ok).toBe(true);
      expect(checked).toMatchObject({ gender: row.sex, birthDate: row.birthday });
    }
  });

  it('pages with current/size and sorts by ascs', async () => {
    const first = (await get('doctor', '/commuserarchives/list?current=1&size=7&ascs=archivesNo')).json().data;
    const third = (await get('doctor', '/commuserarchives/list?current=3&size=7&ascs=archivesNo')).json().data;
    expect(first).toMatchObject({ total: 20, pages: 3, size: 7, current: 1 });
    expect(first.records).toHaveLength(7);
    expect(third.records).toHaveLength(6);
    const numbers = [...first.records, ...third.records].map((r: { archivesNo: string }) => r.archivesNo);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('searches by name fragment, archive number and exact ID number', async () => {
    const all = (await get('admin', '/commuserarchives/list?size=50')).json().data.records as {
      personName: string;
      archivesNo: string;
      idCard: string;
      id: string;
    }[];
    const target = all[4]!;
    const byName = (await get('doctor', `/commuserarchives/list?personName_like=${encodeURIComponent(target.personName.slice(1))}`)).json()
      .data.records as { id: string; personName: string }[];
    expect(byName.map((r) => r.id)).toContain(target.id);
    expect(byName.every((r) => r.personName.includes(target.personName.slice(1)))).toBe(true);
    const byNo = (await get('doctor', `/commuserarchives/list?archivesNo_like=${target.archivesNo.slice(-5)}`)).json().data;
    expect(byNo.records.map((r: { id: string }) => r.id)).toEqual([target.id]);
    const byId = (await get('doctor', `/commuserarchives/list?idCard_equal=${target.idCard}`)).json().data;
    expect(byId.total).toBe(1);
    expect(byId.records[0].id).toBe(target.id);
    // An ID number is an exact key: a fragment finds nobody.
    expect((await get('doctor', `/commuserarchives/list?idCard_equal=${target.idCard.slice(0, 10)}`)).json().data.total).toBe(0);
    const found = (await get('doctor', `/userinfomain/get-by-id-card?idCard=${target.idCard}`)).json().data;
    expect(found).toMatchObject({ id: target.id, personName: target.personName });
    expect(found.idCard).toMatch(MASKED_ID);
  });

  it('answers the spec’s messages for a missing or unknown archive and a bad ID number', async () => {
    expect((await get('doctor', '/commuserarchives/detail')).json()).toMatchObject({ success: false, msg: '入参有误[arch_id]' });
    const unknown = await get('doctor', '/commuserarchives/detail?id=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('数据不存在!');
    expect((await get('doctor', '/userinfomain/get-by-id-card?idCard=441602199001011234')).json().msg).toBe('你输入的身份证号非法');
    const none = (await get('doctor', `/userinfomain/get-by-id-card?idCard=${idFor('19900101', '555')}`)).json();
    expect(none).toMatchObject({ success: true, data: null });
  });

  it('refuses a role without the archive menu', async () => {
    expect((await get('cdc', '/commuserarchives/list')).statusCode).toBe(403);
  });
});

describe('create and update', () => {
  it('validates the ID number with the engine’s messages and takes sex and birth date from it', async () => {
    const create = (idCard: string) => post('nurse', '/userarchives/create-update-archives', { personName: '测试甲', idCard });
    expect((await create('')).json().msg).toBe('身份证号不能为空');
    expect((await create('44160219900101')).json().msg).toBe('你输入的身份证长度或格式错误');
    expect((await create('001602199001011234')).json().msg).toBe('你的身份证地区非法');
    expect((await create('441602199002301234')).json().msg).toBe('身份证上的出生日期非法');
    const good = idFor('19900101', '123');
    const badCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expect((await create(badCheck)).json().msg).toBe('你输入的身份证号非法');
    expect(
      (await post('nurse', '/userarchives/create-update-archives', { personName: '', idCard: idFor('19900101', '121') })).json().msg,
    ).toBe('请输入姓名');
    expect(
      (
        await post('nurse', '/userarchives/create-update-archives', {
          personName: '测试甲',
          idCard: idFor('19900101', '121'),
          phone: '1380000',
        })
      ).json().msg,
    ).toBe('手机号码长度不为11位');

    const idCard = idFor('19850315', '122');
    const created = await post('nurse', '/userarchives/create-update-archives', {
      personName: '测试甲',
      idCard,
      sex: '1',
      birthday: '2000-01-01',
      phone: '13912345678',
    });
    expect(created.json()).toMatchObject({
      success: true,
      data: { personName: '测试甲', sex: '2', birthday: '1985-03-15', archivesStatus: '1', rowVersion: 1, doctorName: '李娜' },
    });
    expect(created.json().data.idCard).toMatch(MASKED_ID);
    expect(created.json().data.archivesNo).toBe('44160200000000021');
    expect((await create(idCard)).json().msg).toBe('该证件号已在本机构建档');
    expect(
      (await post('cdc', '/userarchives/create-update-archives', { personName: '测试乙', idCard: idFor('19700101', '131') })).statusCode,
    ).toBe(403);
  });

  it('updates with the row version and refuses a stale one', async () => {
    const idCard = idFor('19600606', '141');
    const created = (
      await post('doctor', '/userarchives/create-update-archives', { personName: '测试丙', idCard, crowdLabels: ['hypertension'] })
    ).json().data;
    const updated = (
      await post('doctor', '/userarchives/create-update-archives', {
        id: created.id,
        rowVersion: 1,
        personName: '测试丙改',
        idCard,
        homeAddress: '新风路1号',
      })
    ).json();
    expect(updated).toMatchObject({
      success: true,
      data: { personName: '测试丙改', homeAddress: '新风路1号', rowVersion: 2, crowdLabels: ['hypertension'] },
    });
    const stale = await post('doctor', '/userarchives/create-update-archives', {
      id: created.id,
      rowVersion: 1,
      personName: '测试丙再改',
      idCard,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ success: false, data: { rowVersion: 2, updateUserName: '张伟' } });
    expect(stale.json().msg).toMatch(/^档案已被张伟于\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}修改，请刷新后重试/);
    const detail = (await get('doctor', `/commuserarchives/detail?id=${created.id}`)).json().data;
    expect(detail).toMatchObject({ personName: '测试丙改', rowVersion: 2 });
  });
});

describe('cancel and restore', () => {
  const today = () => new Date(t.deps.now()).toLocaleDateString('sv-SE');
  let archId: string;
  beforeAll(async () => {
    archId = (
      await post('doctor', '/userarchives/create-update-archives', { personName: '注销测试', idCard: idFor('19500505', '151') })
    ).json().data.id;
  });
  const form = (extra: object) => ({ archId, offType: '2', offDate: today(), offUser: '2302', offTenant: '100001', ...extra });

  it('checks the cancel dialog’s rules with spec 001 §5’s messages', async () => {
    const cancel = async (extra: object) => (await post('doctor', '/userarchives/cancel', form(extra))).json().msg;
    expect(await cancel({ offType: '' })).toBe('请选择注销原因');
    expect(await cancel({ offType: '7' })).toBe('请选择注销原因');
    expect(await cancel({ offType: '1' })).toBe('请选择死亡日期');
    expect(await cancel({ offType: '1', deadDate: '2026-01-02' })).toBe('请输入死亡原因');
    expect(await cancel({ offType: '9' })).toBe('请输入注销详情');
    expect(await cancel({ offType: '9', offReason: '   ' })).toBe('请输入注销详情');
    expect(await cancel({ offDate: '' })).toBe('请选择注销日期');
    expect(await cancel({ offUser: '' })).toBe('注销人不存在');
    expect(await cancel({ offUser: '3301' })).toBe('注销人不存在');
    expect(await cancel({ offTenant: '' })).toBe('注销机构不存在');
    expect(await cancel({ offTenant: '100002' })).toBe('注销机构不存在');
    // Nothing was cancelled by the refused attempts.
    expect((await get('doctor', `/commuserarchives/detail?id=${archId}`)).json().data.archivesStatus).toBe('1');
    expect((await post('nurse', '/userarchives/cancel', form({}))).statusCode).toBe(403);
  });

  it('cancels a death with its date and reason, keeps who and where, and restores', async () => {
    const done = (
      await post('doctor', '/userarchives/cancel', form({ offType: '1', deadDate: '2026-01-02', deadReason: '心肌梗死' }))
    ).json();
    expect(done).toMatchObject({ success: true, msg: '操作成功', data: [archId] });
    const detail = (await get('doctor', `/commuserarchives/detail?id=${archId}`)).json().data;
    expect(detail).toMatchObject({
      archivesStatus: '2',
      archivesStatusText: '已注销',
      offType: '1',
      deadFlag: '1',
      deadDate: '2026-01-02',
      deadReason: '心肌梗死',
      offUserName: '张伟',
      offTenantName: '源城区示范社区卫生服务中心',
      rowVersion: 2,
    });
    expect((await post('doctor', '/userarchives/cancel', form({}))).json().msg).toBe('档案已是注销状态');
    const picker = (await get('doctor', `/commuserarchives/new-list?personName_like=${encodeURIComponent('注销测试')}`)).json().data;
    expect(picker.total).toBe(0);
    expect(
      (
        await post('doctor', '/userarchives/create-update-archives', {
          id: archId,
          rowVersion: 2,
          personName: '注销测试',
          idCard: idFor('19500505', '151'),
        })
      ).json().msg,
    ).toBe('档案已注销，不能修改');

    expect((await post('doctor', '/userarchives/restore', { archId })).json()).toMatchObject({ success: true, msg: '操作成功' });
    expect((await get('doctor', `/commuserarchives/detail?id=${archId}`)).json().data).toMatchObject({
      archivesStatus: '1',
      offType: '',
      deadDate: '',
      rowVersion: 3,
    });
    expect((await post('doctor', '/userarchives/restore', { archId })).json().msg).toBe('档案未注销，无需恢复');
    // The archive card's cancelArchivesInfo / restoreArchivesInfo are the same calls.
    expect((await post('doctor', '/cancelArchivesInfo', form({}))).json()).toMatchObject({ success: true });
    expect((await get('doctor', `/commuserarchives/detail?id=${archId}`)).json().data.archivesStatus).toBe('2');
    expect((await post('doctor', '/restoreArchivesInfo', { archId })).json()).toMatchObject({ success: true, msg: '操作成功' });
  });

  it('cancels and restores several at once, all or nothing', async () => {
    const ids = (await get('doctor', '/commuserarchives/list?size=3&ascs=archivesNo'))
      .json()
      .data.records.map((r: { id: string }) => r.id) as string[];
    const missing = await post('doctor', '/userarchives/cancel-archives', {
      ...form({ offType: '9', offReason: '重复建档' }),
      ids: `${ids.join(',')},123`,
    });
    expect(missing.json().msg).toBe('数据不存在!');
    expect((await get('doctor', `/commuserarchives/detail?id=${ids[0]}`)).json().data.archivesStatus).toBe('1');
    const done = (
      await post('doctor', '/userarchives/cancel-archives', { ...form({ offType: '9', offReason: '重复建档' }), ids: ids.join(',') })
    ).json();
    expect(done.data.sort()).toEqual([...ids].sort());
    for (const id of ids)
      expect((await get('doctor', `/commuserarchives/detail?id=${id}`)).json().data).toMatchObject({
        archivesStatus: '2',
        offReason: '重复建档',
      });
    expect((await post('doctor', '/userarchives/restore-archives', { ids })).json().success).toBe(true);
    for (const id of ids) expect((await get('doctor', `/commuserarchives/detail?id=${id}`)).json().data.archivesStatus).toBe('1');
  });
});

describe('masking and the audit of unmasked reads', () => {
  const auditRows = (archiveId?: string) => {
    let q = t.deps.db.selectFrom('sensitive_read_audit').selectAll().where('tenant_id', '=', '100001');
    if (archiveId) q = q.where('archive_id', '=', archiveId);
    return q.orderBy('read_time').execute();
  };

  it('masks for roles without the permission and writes no audit rows for them', async () => {
    const before = (await auditRows()).length;
    const rows = (await get('nurse', '/commuserarchives/list?size=5')).json().data.records as { idCard: string; phone: string }[];
    // The newest archives come first: this file's own, some filed without a phone (shown empty).
    for (const row of rows) {
      expect(row.idCard).toMatch(MASKED_ID);
      if (row.phone) expect(row.phone).toMatch(MASKED_MOBILE);
    }
    expect(rows.filter((r) => r.phone).length).toBeGreaterThan(0);
    expect((await auditRows()).length).toBe(before);
  });

  it('shows the administrator full values and audits each one (who, tenant, archive, field, route)', async () => {
    const all = (await get('doctor', '/commuserarchives/list?size=4&ascs=archivesNo')).json().data.records as { id: string }[];
    const before0 = (await auditRows(all[0]!.id)).length;
    const before1 = (await auditRows(all[1]!.id)).length;
    const list = (await get('admin', '/commuserarchives/list?size=4&ascs=archivesNo')).json().data.records as {
      id: string;
      idCard: string;
      phone: string;
      sensitiveMasked: boolean;
    }[];
    expect(list[0]!.idCard).toMatch(/^\d{17}[\dX]$/);
    expect(list[0]!.phone).toMatch(/^1\d{10}$/);
    expect(list[0]!.sensitiveMasked).toBe(false);
    const first = (await auditRows(list[0]!.id)).slice(before0);
    expect(first.map((r) => [r.tenant_id, r.user_id, r.user_name, r.field, r.route])).toEqual([
      ['100001', '2301', '赵敏', 'idCard', 'GET /blade-iph-business/commuserarchives/list'],
      ['100001', '2301', '赵敏', 'phone', 'GET /blade-iph-business/commuserarchives/list'],
    ]);
    await get('admin', `/commuserarchives/detail?id=${list[1]!.id}`);
    const second = (await auditRows(list[1]!.id)).slice(before1);
    expect(second.map((r) => `${r.field} ${r.route}`)).toEqual([
      'idCard GET /blade-iph-business/commuserarchives/list',
      'phone GET /blade-iph-business/commuserarchives/list',
      'idCard GET /blade-iph-business/commuserarchives/detail',
      'phone GET /blade-iph-business/commuserarchives/detail',
    ]);
  });
});
