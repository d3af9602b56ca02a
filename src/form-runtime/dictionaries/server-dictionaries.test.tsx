// Issue 30: a form whose option fields name business dictionaries the tenant creates later (an
// imported COPD follow-up: copd_symptom, copd_oxygen). Every host — the designer's preview (a
// document in hand), the form preview, the doctor's page — must show the labels once the
// dictionaries exist, without a reload, and labels outside the form come from the same lookup.
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldDef, FormDocument } from '../../engine';
import { SchemaForm } from '../schema-form/schema-form';
import { renderWithUi, TEST_NOW } from '../test/render';
import { refreshFormDictionaries } from './dictionary-revision';
import { useFormDictionaries, useFormLabels } from './use-form-dictionaries';

/** The tenant's business dictionary, as the server holds it right now. */
const tenant = vi.hoisted(() => ({ dicts: {} as Record<string, { dictKey: string; dictValue: string }[]> }));
const api = vi.hoisted(() => ({
  getDictionary: vi.fn(async (code: string) => tenant.dicts[code] ?? []),
  getFieldUrlOptions: vi.fn(async () => []),
  forgetCachedDictionaries: vi.fn(),
}));
vi.mock('../../api/dict', () => api);

const SYMPTOMS = [
  { dictKey: '1', dictValue: '咳嗽' },
  { dictKey: '2', dictValue: '咳痰' },
  { dictKey: '3', dictValue: '气短' },
];
const OXYGEN = [
  { dictKey: '1', dictValue: '是' },
  { dictKey: '2', dictValue: '否' },
];

const symptom: FieldDef = { fieldProp: 'symptom', fieldLabel: '症状', fieldType: 7, bizCode: 'copd_symptom' };
const oxygen: FieldDef = { fieldProp: 'oxygen', fieldLabel: '家庭氧疗', fieldType: 2, bizCode: 'copd_oxygen' };
const copd = (fields: FieldDef[]): FormDocument => ({ formCode: 'copdfollowup', formName: '慢阻肺随访', version: 1, fields });

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

beforeEach(() => {
  tenant.dicts = {};
  api.getDictionary.mockClear();
});

describe('a dictionary created after the form first loaded', () => {
  it('shows once the dictionaries change (refreshFormDictionaries): an empty answer is not final', async () => {
    const doc = copd([symptom]);
    const { result } = renderHook(() => useFormDictionaries(doc, false), { wrapper });
    await waitFor(() => expect(api.getDictionary).toHaveBeenCalledWith('copd_symptom'));
    expect(result.current('copd_symptom', symptom)).toBeUndefined();

    tenant.dicts.copd_symptom = SYMPTOMS;
    act(() => refreshFormDictionaries());
    expect(api.forgetCachedDictionaries).toHaveBeenCalled(); // the tab's session cache of answers too
    await waitFor(() => expect(result.current('copd_symptom', symptom)?.map((o) => o.label)).toEqual(['咳嗽', '咳痰', '气短']));
  });

  it('a working copy that gains a dictionary field (same code and version) asks for the new dictionary', async () => {
    tenant.dicts = { copd_symptom: SYMPTOMS, copd_oxygen: OXYGEN };
    const first = copd([symptom]);
    const { result, rerender } = renderHook(({ doc }) => useFormDictionaries(doc, false), { wrapper, initialProps: { doc: first } });
    await waitFor(() => expect(result.current('copd_symptom', symptom)).toHaveLength(3));

    rerender({ doc: copd([symptom, oxygen]) });
    await waitFor(() => expect(result.current('copd_oxygen', oxygen)?.map((o) => o.label)).toEqual(['是', '否']));
  });

  it('a document in hand (the designer’s preview) asks the tenant’s dictionaries: options and print labels', async () => {
    tenant.dicts = { copd_symptom: SYMPTOMS, copd_oxygen: OXYGEN };
    renderWithUi(
      <SchemaForm
        formCode="copdfollowup"
        document={copd([symptom, oxygen])}
        values={{ symptom: ['1', '3'], oxygen: '1' }}
        mode="print"
        now={TEST_NOW}
      />,
    );
    expect(await screen.findByText('咳嗽，气短')).toBeTruthy();
    expect(screen.queryByText('1，3')).toBeNull();
  });

  it('the bundled files stay offline (stories, tests, dialogs): no request', async () => {
    renderWithUi(<SchemaForm formCode="copdfollowup" document={copd([symptom])} source="bundled" mode="print" now={TEST_NOW} />);
    await screen.findByText('症状');
    expect(api.getDictionary).not.toHaveBeenCalled();
  });
});

describe('useFormLabels: labels outside the form, through the engine’s one lookup', () => {
  it('a server-only dictionary gives labels, not codes', async () => {
    tenant.dicts = { copd_symptom: SYMPTOMS };
    const doc = copd([symptom]);
    const { result } = renderHook(() => useFormLabels(doc), { wrapper });
    expect(result.current.text(symptom, ['1', '3'])).toBe('1，3');
    await waitFor(() => expect(result.current.text(symptom, ['1', '3'])).toBe('咳嗽，气短'));
  });

  it('the form’s own lists and the code maps answer before (and without) the server', () => {
    const doc: FormDocument = {
      ...copd([
        { fieldProp: 'place', fieldLabel: '地点', fieldType: 2, bizCode: 'place' },
        { ...symptom, bizCode: 'fu_method' },
      ]),
      options: { place: { name: '地点', items: [{ value: '1', label: '门诊' }] } },
    };
    const { result } = renderHook(() => useFormLabels(doc, true), { wrapper });
    expect(result.current.text(doc.fields[0] as FieldDef, '1')).toBe('门诊');
    expect(result.current.text(doc.fields[1] as FieldDef, ['3'])).toBe('电话');
    expect(api.getDictionary).not.toHaveBeenCalled();
  });
});
