// 生活习惯 (spec 001 §7 userinfohabits: save, info/{id}): a resource document, one live row per archive
// (save is the block's alias of submit), and info/{id}, the named handler that reads an archive's row.
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const { admin, otherAdmin, doctor, nurse, cdc } = careTeamCallers();
const H = '/api/blade-iph-business/userinfohabits';
const quiet = {
  surveyDate: '2026-11-20',
  exerciseFrequency: '4',
  dietHabit: '1',
  smokingStatus: '1',
  drinkingFrequency: '1',
  occupationalExposure: '1',
};

const archives = async (): Promise<{ id: string }[]> =>
  (await admin.get('/api/blade-iph-business/commuserarchives/list?current=1&size=3')).body.data.records as { id: string }[];

describe('habits (a resource document, one row per archive) and info/{id} (named handler)', () => {
  it('keeps one row per resident with the examination form’s rules, and reads it by archive', async () => {
    const [a, b] = await archives();
    expect((await doctor.get(`${H}/info/${a!.id}`)).body).toMatchObject({ success: true, data: null });

    const saved = await doctor.post(`${H}/save`, { ...quiet, archId: a!.id });
    expect(saved.body).toMatchObject({
      msg: '新增成功',
      data: { ...quiet, archId: a!.id, dailySmoking: null, dailyDrinking: null, rowVersion: 1 },
    });
    const { id } = saved.body.data as { id: string };
    expect((await nurse.get(`${H}/info/${a!.id}`)).body.data).toMatchObject({ id, smokingStatus: '1', rowVersion: 1 });

    // One row per archive: a second new row is refused; save with the row's id and version updates it.
    expect((await nurse.post(`${H}/save`, { ...quiet, archId: a!.id })).body.msg).toBe('该居民已有生活习惯记录，请在原记录上修改');
    const smoker = { smokingStatus: '3', dailySmoking: 10, smokingStartAge: 20 };
    expect((await doctor.post(`${H}/save`, { id, rowVersion: 1, smokingStatus: '3' })).body.msg).toBe('请输入日吸烟量');
    const updated = await doctor.post(`${H}/save`, { id, rowVersion: 1, ...smoker });
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { ...smoker, rowVersion: 2 } });
    expect((await doctor.get(`${H}/info/${a!.id}`)).body.data).toMatchObject({ id, dailySmoking: 10, rowVersion: 2 });
    // A number sent as null stays unanswered: not 0, as the request validator once made it.
    const quit = await doctor.post(`${H}/save`, { id, rowVersion: 2, smokingStatus: '1', dailySmoking: null, smokingStartAge: null });
    expect(quit.body.msg).toBe('更新成功');
    expect(quit.body.data).toMatchObject({ smokingStatus: '1', dailySmoking: null, smokingStartAge: null, rowVersion: 3 });
    expect((await doctor.post(`${H}/save`, { id, rowVersion: 3, ...smoker })).body.data.rowVersion).toBe(4);
    expect((await doctor.post(`${H}/save`, { id, smokingStatus: '1' })).status).toBe(428);
    expect((await doctor.post(`${H}/submit`, { id, rowVersion: 1, smokingStatus: '1' })).status).toBe(409);
    expect((await doctor.post(`${H}/save`, { id, rowVersion: 4, archId: b!.id })).status).toBe(200);
    expect((await doctor.get(`${H}/info/${a!.id}`)).body.data).toBeNull();
    expect((await doctor.post(`${H}/save`, { id, rowVersion: 5, archId: a!.id })).body.data.archId).toBe(a!.id);

    // The examination form's rules and the table's limits.
    const drinker = { ...quiet, archId: b!.id, drinkingFrequency: '3', dailyDrinking: 2.5, drinkingStatus: '2', drinkingStartAge: 25 };
    expect((await doctor.post(`${H}/save`, { ...drinker, drunkLastYear: '2' })).body.msg).toBe('请输入戒酒年龄');
    expect((await doctor.post(`${H}/save`, { ...drinker, drunkLastYear: '2', quitDrinkingAge: 20 })).body.msg).toBe(
      '戒酒年龄不能小于开始饮酒年龄',
    );
    expect(
      (await doctor.post(`${H}/save`, { ...quiet, archId: b!.id, smokingStatus: '2', smokingStartAge: 30, quitSmokingAge: 20 })).body.msg,
    ).toBe('戒烟年龄不能小于开始吸烟年龄');
    expect((await doctor.post(`${H}/save`, { ...quiet, archId: b!.id, occupationalExposure: '2' })).body.msg).toBe('请填写工种及危害因素');
    expect(
      (
        await doctor.post(`${H}/save`, {
          ...quiet,
          archId: b!.id,
          exerciseFrequency: '1',
          exerciseMinutes: 900,
          exerciseYears: 2,
          exerciseMode: '跑步',
        })
      ).status,
    ).toBe(400);
    expect((await doctor.post(`${H}/save`, { ...quiet, archId: b!.id, smokingStatus: '9' })).status).toBe(400);
    expect((await doctor.post(`${H}/save`, { ...quiet, archId: b!.id, surveyDate: '2026-13-01' })).status).toBe(400);
    expect((await doctor.post(`${H}/save`, { ...quiet, archId: b!.id, dietHabit: undefined })).body.msg).toBe('请选择饮食习惯');
    expect((await doctor.post(`${H}/save`, { ...quiet, archId: '999999999' })).body.msg).toBe('档案不存在');
    const second = await doctor.post(`${H}/save`, { ...drinker, drunkLastYear: '2', quitDrinkingAge: 50 });
    expect(second.body.data).toMatchObject({ dailyDrinking: 2.5, quitDrinkingAge: 50 });

    // The list and detail the screen reads.
    expect((await doctor.get(`${H}/list`)).body.data.total).toBe(2);
    expect((await doctor.get(`${H}/list?smokingStatus_equal=3`)).body.data.records.map((r: { archId: string }) => r.archId)).toEqual([
      a!.id,
    ]);
    expect((await doctor.get(`${H}/list?descs=dailySmoking`)).body.msg).toBe('不支持按 dailySmoking 排序');
    expect((await doctor.get(`${H}/list?occupationDetail=x`)).body.msg).toBe('不支持的查询条件: occupationDetail');
    expect((await nurse.get(`${H}/detail?id=${id}`)).body.data).toMatchObject({ archId: a!.id, smokingStartAge: 20 });

    // info/{id}: the archive's id; not the tenant's live archive is 404, not an id is 400.
    expect((await doctor.get(`${H}/info/999999999`)).body).toMatchObject({ success: false, msg: '档案不存在' });
    expect((await doctor.get(`${H}/info/999999999`)).status).toBe(404);
    expect((await doctor.get(`${H}/info/abc`)).status).toBe(400);

    // Removed: info answers none, and a new row may be saved for the archive again.
    expect((await doctor.post(`${H}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await doctor.post(`${H}/remove?ids=${id}`)).status).toBe(404);
    expect((await doctor.get(`${H}/info/${a!.id}`)).body.data).toBeNull();
    expect((await doctor.post(`${H}/save`, { ...quiet, archId: a!.id })).body.msg).toBe('新增成功');
  });

  it('answers two first saves of one resident at once with one row and the one-row message, not a 500', async () => {
    // An archive the other tests leave alone.
    const third = (await admin.get('/api/blade-iph-business/commuserarchives/list?current=1&size=5')).body.data.records[4] as {
      id: string;
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => doctor.post(`${H}/save`, { ...quiet, archId: third.id })));
    expect(answers.map((a) => a.body.msg).sort()).toEqual([
      '新增成功',
      '该居民已有生活习惯记录，请在原记录上修改',
      '该居民已有生活习惯记录，请在原记录上修改',
      '该居民已有生活习惯记录，请在原记录上修改',
    ]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect((await doctor.get(`${H}/list?archId_equal=${third.id}`)).body.data.total).toBe(1);
  });

  it('keeps another tenant and callers without the menu out, changing nothing', async () => {
    const [, , c] = await archives();
    const { id } = (await doctor.post(`${H}/save`, { ...quiet, archId: c!.id })).body.data as { id: string };
    expect((await otherAdmin.get(`${H}/info/${c!.id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${H}/detail?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${H}/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${H}/save`, { id, rowVersion: 1, dietHabit: '2' })).status).toBe(404);
    expect((await otherAdmin.post(`${H}/save`, { ...quiet, archId: c!.id })).body.msg).toBe('档案不存在');
    expect((await otherAdmin.get(`${H}/list`)).body.data.total).toBe(0);
    expect((await cdc.get(`${H}/info/${c!.id}`)).status).toBe(403);
    expect((await cdc.get(`${H}/list`)).status).toBe(403);
    expect((await cdc.post(`${H}/save`, { ...quiet, archId: c!.id })).status).toBe(403);
    expect((await cdc.post(`${H}/remove?ids=${id}`)).status).toBe(403);
    expect((await doctor.get(`${H}/info/${c!.id}`)).body.data).toMatchObject({ id, dietHabit: '1', rowVersion: 1 });
  });
});
