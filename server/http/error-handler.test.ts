import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../app-deps';
import type { AccessClaims } from '../auth/services/tokens';
import { Conflict, NotFound, Refusal, Unprocessable, VersionRequired } from '../domain/errors';
import { submitDict } from '../dicts/services/dict-admin';
import { ApiError } from './envelope';
import { answerError } from './error-handler';

const doctor: AccessClaims = {
  tenant_id: '000001',
  user_id: '1',
  account: 'doctor',
  user_name: 'doctor',
  real_name: '医生',
  role_id: '2',
  role_name: '医生',
  role_alias: 'doctor',
  dept_id: '1',
  team_id: '',
  sid: 's',
};

/** A service refuses before it touches its dependencies, so none are needed here. */
const noDeps = {} as Pick<AppDeps, 'db' | 'caches'>;

describe('domain errors become BladeX envelopes in one place (http/error-handler.ts)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setErrorHandler(answerError);
    app.post('/dict-submit', () => submitDict(noDeps, doctor, { code: 'sex' }, new Date()));
    app.get('/stale', () => {
      throw new Conflict('档案已被他人修改，请刷新后重试', { rowVersion: 3, updateUserName: '张三' });
    });
    app.get('/missing', () => {
      throw new NotFound();
    });
    app.get('/invalid', () => {
      throw new Refusal('请输入字典编号');
    });
    app.get('/reused', () => {
      throw new Unprocessable('请求编号已用于其他内容');
    });
    app.get('/unversioned', () => {
      throw new VersionRequired('请提交档案的版本号');
    });
    app.get('/route-error', () => {
      throw new ApiError(501, '单点登录未配置');
    });
    app.get('/bug', () => {
      throw new TypeError('secret internals');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a service’s refusal with its status and Chinese message', async () => {
    const res = await app.inject({ method: 'POST', url: '/dict-submit' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, success: false, data: null, msg: '只有管理员可以维护字典' });
  });

  it('passes a refusal’s data to the client (a stale row: who changed it)', async () => {
    const res = await app.inject({ method: 'GET', url: '/stale' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toBe(
      JSON.stringify({ code: 409, success: false, data: { rowVersion: 3, updateUserName: '张三' }, msg: '档案已被他人修改，请刷新后重试' }),
    );
  });

  it('gives each kind its status', async () => {
    const answers = await Promise.all(['/missing', '/invalid', '/reused', '/unversioned'].map((url) => app.inject({ method: 'GET', url })));
    expect(answers.map((res) => [res.statusCode, res.json().msg])).toEqual([
      [404, '数据不存在'],
      [400, '请输入字典编号'],
      [422, '请求编号已用于其他内容'],
      [428, '请提交档案的版本号'],
    ]);
  });

  it('keeps a route’s own ApiError and hides an unexpected error behind a 500', async () => {
    expect((await app.inject({ method: 'GET', url: '/route-error' })).json()).toEqual({
      code: 501,
      success: false,
      data: null,
      msg: '单点登录未配置',
    });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.body).not.toContain('secret');
    expect(bug.json().msg).toBe('服务器内部错误，请稍后重试');
  });
});
