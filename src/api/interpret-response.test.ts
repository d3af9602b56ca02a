import { describe, expect, it } from 'vitest';
import { interpretResponse, stripTgId, UNKNOWN_ERROR } from './interpret-response';

const env = (code: number, msg = '', data: unknown = null) => ({ code, success: code === 200, msg, data });

describe('interpretResponse', () => {
  it('hands back the body of a code 200 envelope', () => {
    const body = env(200, '操作成功', { a: 1 });
    expect(interpretResponse({ status: 200, body, url: '/api/x' })).toEqual({ kind: 'ok', body });
  });

  it('treats a raw answer without code (token, captcha) by its HTTP status', () => {
    const body = { access_token: 't' };
    expect(interpretResponse({ status: 200, body, url: '/api/blade-auth/oauth/token' })).toEqual({ kind: 'ok', body });
  });

  it('accepts success:true with another code', () => {
    expect(interpretResponse({ status: 200, body: { code: 0, success: true, data: 1 }, url: '/x' }).kind).toBe('ok');
  });

  it('ends the session on status 401 or code 401', () => {
    expect(interpretResponse({ status: 401, body: env(401, '请求未授权'), url: '/x' })).toEqual({
      kind: 'unauthorized',
      message: '请求未授权',
    });
    expect(interpretResponse({ status: 200, body: env(401, '令牌过期'), url: '/x' }).kind).toBe('unauthorized');
    expect(interpretResponse({ status: 401, body: '', url: '/x' }).kind).toBe('unauthorized');
  });

  it('rejects other codes with a toast of msg', () => {
    expect(interpretResponse({ status: 400, body: env(400, '参数错误'), url: '/x' })).toMatchObject({
      kind: 'error',
      code: 400,
      message: '参数错误',
      toast: true,
    });
    expect(interpretResponse({ status: 200, body: env(500, '服务异常'), url: '/x' })).toMatchObject({
      kind: 'error',
      message: '服务异常',
      toast: true,
    });
  });

  it('falls back to error_description, then to 未知错误', () => {
    const login = { error_code: 400, error_description: '用户名或密码不正确' };
    expect(interpretResponse({ status: 400, body: login, url: '/api/blade-auth/oauth/token' })).toMatchObject({
      message: '用户名或密码不正确',
      toast: true,
    });
    expect(interpretResponse({ status: 500, body: {}, url: '/x' })).toMatchObject({ message: UNKNOWN_ERROR });
    expect(interpretResponse({ status: 502, body: '<html>', url: '/x' })).toMatchObject({ message: UNKNOWN_ERROR });
  });

  it('shows only the part of a message before tg_id', () => {
    expect(interpretResponse({ status: 400, body: env(400, '保存失败 tg_id:9f8e'), url: '/x' })).toMatchObject({ message: '保存失败' });
    expect(stripTgId('无 tg 的消息')).toBe('无 tg 的消息');
  });

  it('parses the msg of codes 2000 and 2001 as JSON and shows its error field', () => {
    for (const code of [2000, 2001]) {
      const out = interpretResponse({ status: 200, body: env(code, JSON.stringify({ error: '推送失败：身份证号错误' })), url: '/x' });
      expect(out).toMatchObject({ kind: 'error', code, message: '推送失败：身份证号错误', toast: true });
    }
    expect(interpretResponse({ status: 200, body: env(2000, 'not json'), url: '/x' })).toMatchObject({ message: 'not json' });
  });

  it('rejects white-listed codes without a toast', () => {
    expect(interpretResponse({ status: 200, body: env(4001, '需确认'), url: '/x', whiteList: [4001] })).toMatchObject({
      kind: 'error',
      code: 4001,
      toast: false,
    });
  });

  it('rejects without a toast when the caller asks for silence', () => {
    expect(interpretResponse({ status: 400, body: env(400, 'x'), url: '/x', silent: true })).toMatchObject({ kind: 'error', toast: false });
  });

  it('suppresses the toast for archives elsewhere needing migration or cancelled', () => {
    const url = '/api/blade-iph-business/smart-intelligent-index/check';
    expect(interpretResponse({ status: 200, body: env(400, '该居民已在其他机构建档，需要迁移'), url })).toMatchObject({
      kind: 'error',
      toast: false,
    });
    expect(interpretResponse({ status: 200, body: env(400, '该居民档案已注销'), url })).toMatchObject({ toast: false });
    expect(interpretResponse({ status: 200, body: env(400, '其他错误'), url })).toMatchObject({ toast: true });
    expect(interpretResponse({ status: 200, body: env(400, '需要迁移'), url: '/api/other' })).toMatchObject({ toast: true });
  });

  it('suppresses the toast for a child already archived at this institution', () => {
    const url = '/api/blade-iph-business/children-valid';
    expect(interpretResponse({ status: 200, body: env(400, '该儿童已在本机构建档'), url })).toMatchObject({ kind: 'error', toast: false });
    expect(interpretResponse({ status: 200, body: env(400, '身份证号错误'), url })).toMatchObject({ toast: true });
  });
});
