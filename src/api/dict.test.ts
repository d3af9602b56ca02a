import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetCachedDictionaries, getDictionary } from './dict';
import { configureRequest, request } from './request';

// Issue 30: the session cache of dictionary answers (get-cache.ts) kept an empty answer for a
// dictionary the tenant created later, so the designer's preview never showed its options.
let entries: { dictKey: string; dictValue: string }[] = [];
let asked = 0;
const adapter: AxiosAdapter = async (config) => {
  asked += 1;
  return { data: { code: 200, success: true, data: entries, msg: '' }, status: 200, statusText: '', headers: {}, config };
};

beforeEach(() => {
  entries = [];
  asked = 0;
  request.defaults.adapter = adapter;
  configureRequest({ notifyError: () => undefined, onUnauthorized: () => undefined, whiteList: [] });
});
afterEach(() => sessionStorage.clear());

describe('getDictionary and the session cache', () => {
  it('does not keep an empty answer: a dictionary created later is found', async () => {
    expect(await getDictionary('copd_symptom')).toEqual([]);
    entries = [{ dictKey: '1', dictValue: '咳嗽' }];
    expect(await getDictionary('copd_symptom')).toEqual(entries);
    expect(asked).toBe(2);
  });

  it('keeps an answer with entries for the session, until forgotten', async () => {
    entries = [{ dictKey: '1', dictValue: '咳嗽' }];
    await getDictionary('copd_symptom');
    entries = [{ dictKey: '1', dictValue: '干咳' }];
    expect(await getDictionary('copd_symptom')).toEqual([{ dictKey: '1', dictValue: '咳嗽' }]);
    expect(asked).toBe(1);
    forgetCachedDictionaries();
    expect(await getDictionary('copd_symptom')).toEqual([{ dictKey: '1', dictValue: '干咳' }]);
    expect(asked).toBe(2);
  });

  it('forgets one code’s answer only when asked for that code', async () => {
    entries = [{ dictKey: '1', dictValue: '是' }];
    await getDictionary('a');
    await getDictionary('b');
    forgetCachedDictionaries('a');
    await getDictionary('a');
    await getDictionary('b');
    expect(asked).toBe(3);
  });
});
