import { describe, expect, it } from 'vitest';
import { cacheKey, isCacheableGet, readCached, writeCached } from './get-cache';

describe('GET cache helpers', () => {
  it('caches only GETs of the two dictionary endpoints', () => {
    expect(isCacheableGet('get', '/api/blade-system/dict-biz/dictionary')).toBe(true);
    expect(isCacheableGet('GET', '/api/blade-system/dict/dictionary?code=sex')).toBe(true);
    expect(isCacheableGet('post', '/api/blade-system/dict/dictionary')).toBe(false);
    expect(isCacheableGet('get', '/api/blade-system/menu/routes')).toBe(false);
  });

  it('keys by url, tenant and params, ignoring param order', () => {
    const url = '/api/blade-system/dict/dictionary';
    expect(cacheKey(url, '100001', { code: 'sex', a: 1 })).toBe(cacheKey(url, '100001', { a: 1, code: 'sex' }));
    expect(cacheKey(url, '100001', { code: 'sex' })).not.toBe(cacheKey(url, '100002', { code: 'sex' }));
    expect(cacheKey(url, '100001', { code: 'sex' })).not.toBe(cacheKey(url, '100001', { code: 'nation' }));
  });

  it('round-trips a body and misses on absent or corrupt entries', () => {
    writeCached(sessionStorage, 'k1', { code: 200, data: [1] });
    expect(readCached(sessionStorage, 'k1')).toEqual({ hit: true, body: { code: 200, data: [1] } });
    expect(readCached(sessionStorage, 'missing')).toEqual({ hit: false });
    sessionStorage.setItem('k2', '{oops');
    expect(readCached(sessionStorage, 'k2')).toEqual({ hit: false });
  });
});
