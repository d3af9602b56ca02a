import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

async function get(account: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: { 'blade-auth': `bearer ${tokens[account]}` } });
}

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['doctor', 'admin', 'cdc']) {
    tokens[account] = (await postToken(t.app, { username: account, password: md5Hex(SEED_PASSWORD) })).json().access_token;
  }
});
afterAll(() => t.close());

describe('what a logged-in user reads', () => {
  it('getUserDefault names the institution and the role flags', async () => {
    const res = await get('doctor', '/api/blade-user/getUserDefault');
    expect(res.json().data).toMatchObject({
      tenantId: '100001',
      tenantName: '源城区示范社区卫生服务中心',
      account: 'doctor',
      lastRoleAlias: 'doctor',
      isAdmin: 0,
      isMainDoctor: 1,
      keepOnlineTime: 20,
    });
    const cdc = await get('cdc', '/api/blade-user/getUserDefault');
    expect(cdc.json().data).toMatchObject({ isDiseaseControl: 1, deptCategory: 6 });
  });

  it('menu routes are the role’s tree, without empty children', async () => {
    const doctor = (await get('doctor', '/api/blade-system/menu/routes')).json().data as { name: string; children?: unknown[] }[];
    expect(doctor.map((m) => m.name)).toEqual([
      '首页',
      '居民健康档案',
      '任务中心',
      '随访提交状态',
      '健康教育',
      '上报管理',
      '统计报表',
      '家庭档案',
      '转移管理',
      '签到分组',
      '签到记录',
      '住院记录',
      '就诊记录',
      '用药记录',
      '就医记录',
      '生活习惯',
      '档案计划',
      '档案计划明细',
      '随访报告',
      '孕产妇管理',
      '儿童档案',
      '签约管理',
      '检查检验报告',
      '高血压问诊记录',
      '糖尿病问诊记录',
      '报表文件',
      '导出任务',
    ]);
    expect(doctor.every((m) => !('children' in m))).toBe(true);
    const admin = (await get('admin', '/api/blade-system/menu/routes')).json().data as { name: string; children?: { name: string }[] }[];
    const system = admin.find((m) => m.name === '系统管理');
    // A clinic's administrator: every administration screen but 租户管理, which is the platform's.
    expect(system?.children?.map((c) => c.name)).toEqual([
      '业务字典',
      '字典管理',
      '参数管理',
      '表单设计',
      '用户管理',
      '机构管理',
      '角色管理',
      '菜单管理',
      '岗位管理',
      '应用管理',
      '行政区划',
      '顶部菜单',
      '数据权限',
      '接口权限',
      '对象存储',
      '短信配置',
      '通用日志',
      '接口日志',
      '错误日志',
      '登录日志',
    ]);
    // The business catalogues, each screen a resource document (schemas/crud/*.crud.json with a resource block).
    const business = admin.find((m) => m.name === '业务配置');
    expect(business?.children?.map((c) => c.name)).toEqual([
      '家庭医生团队',
      '团队成员',
      '医生助理',
      '区域医生',
      '药品目录',
      '药品导入日志',
      '服务包',
      '服务项目',
      '服务推荐',
      '首页指标设置',
      '检查检验项目',
      '健康档案指标',
      '评估指标',
      '评估规则',
      '接口管理',
      '数据转换',
      '数据转换配置',
      '数据集',
      '消息模板',
      '打印模板',
    ]);
  });

  it('routes can be narrowed to one top menu, and top menus follow the role', async () => {
    const tops = (await get('cdc', '/api/blade-system/menu/top-menu')).json().data as { id: string; name: string }[];
    expect(tops.map((m) => m.name)).toEqual(['工作台', '质控统计']);
    const quality = tops.find((m) => m.name === '质控统计')!;
    const routes = (await get('cdc', `/api/blade-system/menu/routes?topMenuId=${quality.id}`)).json().data as { name: string }[];
    expect(routes.map((r) => r.name)).toEqual(['质量管理', '统计报表']);
  });

  it('buttons are permission codes of the role', async () => {
    const buttons = (await get('doctor', '/api/blade-system/menu/buttons')).json().data as { code: string }[];
    const codes = buttons.map((b) => b.code);
    expect(codes).toContain('archive_add');
    expect(codes).not.toContain('archive_sensitive_view');
  });

  it('selects list only the caller’s own departments, roles and teams', async () => {
    expect((await get('doctor', '/api/blade-system/menu/deptSelect')).json().data).toEqual([
      { id: '2100', deptName: '全科医疗科', deptCategory: 1 },
    ]);
    expect((await get('doctor', '/api/blade-system/menu/roleSelect')).json().data).toEqual([
      { id: '2202', roleName: '医生', roleAlias: 'doctor' },
    ]);
    expect((await get('doctor', '/api/blade-system/menu/teamSelect')).json().data).toEqual([{ id: '2401', name: '家庭医生一团队' }]);
  });

  it('tenant info is the caller’s tenant', async () => {
    expect((await get('doctor', '/api/blade-system/tenant/info')).json().data).toMatchObject({
      tenantId: '100001',
      tenantName: '源城区示范社区卫生服务中心',
    });
  });

  it('dictionaries fall back to the platform’s entries', async () => {
    const sex = (await get('doctor', '/api/blade-system/dict-biz/dictionary?code=sex')).json().data as {
      dictKey: string;
      dictValue: string;
    }[];
    expect(sex.slice(0, 2)).toEqual([
      expect.objectContaining({ dictKey: '1', dictValue: '男' }),
      expect.objectContaining({ dictKey: '2', dictValue: '女' }),
    ]);
    for (const code of ['card_type', 'sys_platform', 'req_source']) {
      expect(((await get('doctor', `/api/blade-system/dict-biz/dictionary?code=${code}`)).json().data as unknown[]).length).toBeGreaterThan(
        2,
      );
    }
  });

  it('bad input gets a 400 envelope with a Chinese message, never a stack', async () => {
    const missing = await get('doctor', '/api/blade-system/dict-biz/dictionary');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 400, success: false, data: null, msg: '参数[code]不能为空' });
    const malformed = await get('doctor', '/api/blade-system/dict-biz/dictionary?code=a%27;drop');
    expect(malformed.json()).toMatchObject({ code: 400, msg: '参数[code]格式不正确' });
    const topMenu = await get('doctor', '/api/blade-system/menu/routes?topMenuId=abc');
    expect(topMenu.json()).toMatchObject({ code: 400, msg: '参数[topMenuId]格式不正确' });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(badJson.statusCode).toBe(400);
    expect(JSON.stringify(badJson.json())).not.toMatch(/at .*\.ts/);
  });

  it('token calls with missing fields say which', async () => {
    const noUser = await postToken(t.app, { username: '', password: md5Hex(SEED_PASSWORD) });
    expect(noUser.json()).toEqual({ error_code: 400, error_description: '用户名不能为空' });
    const noGrant = await postToken(t.app, { username: 'doctor', password: 'x', grantType: '' });
    expect(noGrant.json().error_description).toBe('不支持的授权类型[空]');
  });
});
