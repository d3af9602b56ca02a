import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldUrlParams, resolveFieldUrl, type FieldDef, type FieldValue, type FormDocument } from '../../engine';
import { useFormDictionaries, type FormValueSource } from './use-form-dictionaries';

const DOCTORS: Record<string, { value: string; label: string }[]> = {
  t1: [{ value: 'd1', label: '张伟' }],
  t2: [{ value: 'd2', label: '李娜' }],
};
const api = vi.hoisted(() => ({
  getDictionary: vi.fn(async () => []),
  getFieldUrlOptions: vi.fn(async (url: string) => {
    if (url.endsWith('kind=team'))
      return [
        { value: 't1', label: '一团队' },
        { value: 't2', label: '二团队' },
      ];
    return DOCTORS[new URL(url, 'http://x').searchParams.get('teamId') ?? ''] ?? [];
  }),
}));
vi.mock('../../api/dict', () => api);

const OPTIONS = '/api/blade-iph-business/usercontracts/sign-options';
const doc: FormDocument = {
  formCode: 'signpick',
  formName: '签约',
  version: 1,
  fields: [
    { fieldProp: 'teamId', fieldLabel: '签约团队', fieldType: 1, fieldUrl: `${OPTIONS}?kind=team` },
    { fieldProp: 'doctorId', fieldLabel: '签约医生', fieldType: 1, fieldUrl: `${OPTIONS}?kind=doctor&teamId={teamId}` },
    { fieldProp: 'note', fieldLabel: '备注', fieldType: 3 },
  ],
};
const doctorField = doc.fields[1] as FieldDef;

/** The form's values as the runtime publishes them: a store with subscribe. */
function valueStore(initial: Record<string, FieldValue>) {
  const values = { ...initial };
  const listeners = new Set<() => void>();
  const source: FormValueSource = {
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    value: (prop) => values[prop],
  };
  const set = (prop: string, v: FieldValue) => {
    values[prop] = v;
    for (const l of listeners) l();
  };
  return { source, set };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);
const asked = () => api.getFieldUrlOptions.mock.calls.map((c) => c[0]);

beforeEach(() => {
  api.getFieldUrlOptions.mockClear();
});

describe('a fieldUrl naming another field (the sign dialog’s doctors of the chosen team)', () => {
  it('reads the names and fills them in encoded; empty while one is missing', () => {
    expect(fieldUrlParams(`${OPTIONS}?kind=doctor&teamId={teamId}&y={year}`)).toEqual(['teamId', 'year']);
    expect(fieldUrlParams(`${OPTIONS}?kind=team`)).toEqual([]);
    const values: Record<string, FieldValue> = { teamId: 'a b&c', tags: ['1', '2'] };
    expect(resolveFieldUrl('/x?t={teamId}&g={tags}', (p) => values[p])).toBe('/x?t=a%20b%26c&g=1%2C2');
    expect(resolveFieldUrl('/x?t={teamId}&y={year}', (p) => values[p])).toBeUndefined();
  });

  it('asks for the team’s doctors once a team is chosen, again when it changes, not when another field does', async () => {
    const store = valueStore({});
    const { result } = renderHook(() => useFormDictionaries(doc, false, store.source), { wrapper });
    await waitFor(() => expect(asked()).toEqual([`${OPTIONS}?kind=team`]));
    // No team: no doctors to offer (the template itself is never asked).
    expect(result.current(doctorField.fieldUrl!, doctorField)).toEqual([]);

    act(() => store.set('teamId', 't1'));
    await waitFor(() => expect(result.current(doctorField.fieldUrl!, doctorField)).toEqual(DOCTORS.t1));
    expect(asked()).toContain(`${OPTIONS}?kind=doctor&teamId=t1`);

    const before = asked().length;
    act(() => store.set('note', '改了备注'));
    expect(asked().length).toBe(before);

    act(() => store.set('teamId', 't2'));
    await waitFor(() => expect(result.current(doctorField.fieldUrl!, doctorField)).toEqual(DOCTORS.t2));
    expect(asked().some((u) => u.includes('{'))).toBe(false);
  });
});
