import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckDigit } from '../../../src/engine';
import { md5Hex } from '../../auth/services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';

/**
 * Issue 22 §6: two people editing one archive. An update without the version it read is refused
 * (428), one with an old version answers 409 naming who changed it and when, and every change is
 * kept in the archive's history (userarchivesdev/history).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const BASE = '/api/blade-iph-business';

async function token(username: string): Promise<string> {
  tokens[username] ??= (await postToken(t.app, { username, tenantId: '100001', password: md5Hex(SEED_PASSWORD) })).json()
    .access_token as string;
  return tokens[username];
}
const get = async (user: string, url: string) =>
  t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'blade-auth': `bearer ${await token(user)}` } });
const post = async (user: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${BASE}${url}`, headers: { 'blade-auth': `bearer ${await token(user)}`, ...headers }, payload });

const idOf = (birth: string, order: string) => {
  const first17 = `441602${birth}${order}`;
  return first17 + idCardCheckDigit(first17);
};
const save = (user: string, body: object, headers?: Record<string, string>) =>
  post(user, '/userarchives/create-update-archives', body, headers);

interface HistoryEntry {
  action: string;
  rowVersion: number;
  updateUserName: string;
  updateTime: string;
  changes: { field: string; before: unknown; after: unknown }[];
}
const historyOf = async (archId: string) =>
  (await get('doctor', `/userarchivesdev/history?archId=${archId}`)).json().data as HistoryEntry[];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('archive updates carry the version they read', () => {
  it('refuses an update without a version with 428 and changes nothing', async () => {
    const idCard = idOf('19710203', '211');
    const created = (await save('doctor', { personName: '版本甲', idCard })).json().data;
    const missing = await save('doctor', { id: created.id, personName: '版本甲改', idCard });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({ code: 428, success: false, msg: '请先读取档案再修改（缺少版本号）' });
    expect((await get('doctor', `/commuserarchives/detail?id=${created.id}`)).json().data).toMatchObject({
      personName: '版本甲',
      rowVersion: 1,
    });
  });

  it('takes the version from If-Match as well as from the body', async () => {
    const idCard = idOf('19720304', '221');
    const created = (await save('doctor', { personName: '版本乙', idCard })).json().data;
    const saved = await save('doctor', { id: created.id, personName: '版本乙改', idCard }, { 'if-match': '"1"' });
    expect(saved.json()).toMatchObject({ success: true, data: { personName: '版本乙改', rowVersion: 2 } });
    const stale = await save('doctor', { id: created.id, personName: '版本乙再改', idCard }, { 'if-match': 'W/"1"' });
    expect(stale.statusCode).toBe(409);
  });

  it('answers a stale version with 409, the current version, who changed it and when; the first edit stays', async () => {
    const idCard = idOf('19730405', '231');
    const created = (await save('doctor', { personName: '版本丙', idCard })).json().data;
    // Two people read version 1; the administrator (赵敏) saves first.
    expect(
      (await save('admin', { id: created.id, rowVersion: 1, personName: '版本丙', idCard, homeAddress: '先到路1号' })).json().success,
    ).toBe(true);
    const second = await save('doctor', { id: created.id, rowVersion: 1, personName: '版本丙', idCard, homeAddress: '后到路2号' });
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body).toMatchObject({ code: 409, success: false, data: { rowVersion: 2, updateUserName: '赵敏' } });
    expect(body.data.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body.msg).toBe(`档案已被赵敏于${body.data.updateTime}修改，请刷新后重试（您填写的内容已保留）`);
    expect((await get('doctor', `/commuserarchives/detail?id=${created.id}`)).json().data).toMatchObject({
      homeAddress: '先到路1号',
      rowVersion: 2,
    });
  });
});

describe('editing what the editor only sees masked', () => {
  it('keeps the stored ID number and phone when the doctor sends back the masked ones', async () => {
    const idCard = idOf('19760708', '261');
    const created = (await save('admin', { personName: '遮盖甲', idCard, phone: '13712345678' })).json().data;
    const seen = (await get('doctor', `/commuserarchives/detail?id=${created.id}`)).json().data;
    expect(seen.idCard).toContain('*');
    const saved = await save('doctor', {
      id: created.id,
      rowVersion: seen.rowVersion,
      personName: '遮盖甲改',
      idCard: seen.idCard,
      phone: seen.phone,
    });
    expect(saved.json()).toMatchObject({ success: true, data: { personName: '遮盖甲改', rowVersion: 2 } });
    const stored = await t.deps.db
      .selectFrom('user_archive')
      .select(['id_card', 'phone'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ id_card: idCard, phone: '13712345678' });
  });
});

describe('archive history', () => {
  it('keeps who changed what from what to what, for create, update, cancel and restore, newest first', async () => {
    const idCard = idOf('19740506', '241');
    const created = (await save('doctor', { personName: '历史甲', idCard, homeAddress: '旧街1号' })).json().data;
    await save('admin', { id: created.id, rowVersion: 1, personName: '历史甲改', idCard, homeAddress: '新街2号' });
    const today = new Date(t.deps.now()).toLocaleDateString('sv-SE');
    expect(
      (
        await post('doctor', '/userarchives/cancel', {
          archId: created.id,
          offType: '2',
          offDate: today,
          offUser: '2302',
          offTenant: '100001',
        })
      ).json().success,
    ).toBe(true);
    expect((await post('doctor', '/userarchives/restore', { archId: created.id })).json().success).toBe(true);

    const history = await historyOf(created.id);
    expect(history.map((h) => [h.action, h.rowVersion, h.updateUserName])).toEqual([
      ['restore', 4, '张伟'],
      ['cancel', 3, '张伟'],
      ['update', 2, '赵敏'],
      ['create', 1, '张伟'],
    ]);
    const update = history[2]!;
    // Only what changed: the name and the address, each before → after; the unchanged ID number is not listed.
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'personName', before: '历史甲', after: '历史甲改' },
        { field: 'homeAddress', before: '旧街1号', after: '新街2号' },
      ]),
    );
    expect(update.changes.map((c) => c.field)).not.toContain('idCard');
    expect(history[1]!.changes).toEqual(expect.arrayContaining([{ field: 'archivesStatus', before: '1', after: '2' }]));
    expect(history[0]!.changes).toEqual(expect.arrayContaining([{ field: 'archivesStatus', before: '2', after: '1' }]));
    expect(history[3]!.changes).toEqual(expect.arrayContaining([{ field: 'personName', before: null, after: '历史甲' }]));
  });

  it('masks the ID number and phone in the history unless the reader may see them, and audits the unmasked read', async () => {
    const idCard = idOf('19770809', '271');
    const created = (await save('doctor', { personName: '历史丙', idCard, phone: '13712345679' })).json().data;
    const field = (entries: HistoryEntry[], name: string) => entries[0]!.changes.find((c) => c.field === name)?.after;
    const doctorView = await historyOf(created.id);
    expect(field(doctorView, 'idCard')).toMatch(/^\d{3}\*+[\dX]{4}$/);
    expect(field(doctorView, 'phone')).toBe('137****5679');
    const adminView = (await get('admin', `/userarchivesdev/history?archId=${created.id}`)).json().data as HistoryEntry[];
    expect(field(adminView, 'idCard')).toBe(idCard);
    const audit = await t.deps.db
      .selectFrom('sensitive_read_audit')
      .select(['field', 'route'])
      .where('archive_id', '=', created.id)
      .execute();
    expect(
      audit
        .filter((a) => a.route.includes('userarchivesdev/history'))
        .map((a) => a.field)
        .sort(),
    ).toEqual(['idCard', 'phone']);
  });

  it('writes nothing for a refused update', async () => {
    const idCard = idOf('19750607', '251');
    const created = (await save('doctor', { personName: '历史乙', idCard })).json().data;
    expect((await save('doctor', { id: created.id, personName: '历史乙改', idCard })).statusCode).toBe(428);
    expect((await save('doctor', { id: created.id, rowVersion: 5, personName: '历史乙改', idCard })).statusCode).toBe(409);
    expect((await historyOf(created.id)).map((h) => h.action)).toEqual(['create']);
  });

  it('answers 数据不存在! for an unknown archive and needs the view permission', async () => {
    const unknown = await get('doctor', '/userarchivesdev/history?archId=999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('数据不存在!');
    expect((await get('doctor', '/userarchivesdev/history')).json().msg).toBe('入参有误[arch_id]');
  });
});
