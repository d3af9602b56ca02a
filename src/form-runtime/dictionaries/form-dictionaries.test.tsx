import { renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldDef, FormDocument } from '../../engine';
import { BUNDLED_CODEMAPS, fieldText } from '../bundled/bundled-codemaps';
import { buildSchema } from '../schema-form/build-schema';
import { SchemaForm } from '../schema-form/schema-form';
import { renderWithUi, TEST_NOW } from '../test/render';
import { useFormDictionaries } from './use-form-dictionaries';

const api = vi.hoisted(() => ({
  getDictionary: vi.fn(async (code: string) =>
    code === 'fu_method' ? [{ dictKey: '1', dictValue: '门诊(本院)' }] : [{ dictKey: 'S', dictValue: '服务器的' }],
  ),
  getFieldUrlOptions: vi.fn(async () => []),
}));
vi.mock('../../api/dict', () => api);

const visitPlace = {
  name: '随访地点',
  items: [
    { value: '1', label: '门诊' },
    { value: '2', label: '家中' },
  ],
};
const doc: FormDocument = {
  formCode: 'localoptions',
  formName: '自带选项的表',
  version: 1,
  options: { visitPlace },
  fields: [
    { fieldProp: 'place', fieldLabel: '随访地点', fieldType: 2, bizCode: 'visitPlace' },
    { fieldProp: 'places', fieldLabel: '去过的地点', fieldType: 7, bizCode: 'visitPlace' },
    { fieldProp: 'method', fieldLabel: '随访方式', fieldType: 1, bizCode: 'fu_method' },
  ],
};
const field = (prop: string): FieldDef => doc.fields.find((f) => f.fieldProp === prop) as FieldDef;

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

beforeEach(() => {
  api.getDictionary.mockClear();
});

describe('dictionaries of a form that carries its own option lists', () => {
  it('asks the server only for the codes the form does not carry, and puts its own lists first', async () => {
    const { result } = renderHook(() => useFormDictionaries(doc, false), { wrapper });
    await waitFor(() => expect(result.current('fu_method', field('method'))).toEqual([{ value: '1', label: '门诊(本院)' }]));
    expect(api.getDictionary.mock.calls.map((c) => c[0])).toEqual(['fu_method']);
    expect(result.current('visitPlace', field('place'))).toEqual(visitPlace.items);
  });

  it('hands a local list to its widget as options, with nothing to load', () => {
    const schema = buildSchema(doc) as {
      properties: Record<string, { properties: Record<string, { 'x-component-props': Record<string, unknown> }> }>;
    };
    const props = (prop: string) => schema.properties.__form?.properties[prop]?.['x-component-props'];
    expect(props('place')).toMatchObject({ options: visitPlace.items });
    expect(props('place')).not.toHaveProperty('dictionary');
    expect(props('method')).toMatchObject({ dictionary: { bizCode: 'fu_method' } });
  });

  it('renders and prints the labels of the form’s own list', async () => {
    renderWithUi(
      <SchemaForm formCode="localoptions" document={doc} values={{ place: '2', places: ['1', '2'] }} mode="print" now={TEST_NOW} />,
    );
    expect(await screen.findByText('家中')).toBeTruthy();
    // Its own list is never asked of the server (the field naming a host dictionary is).
    expect(api.getDictionary.mock.calls.map((c) => c[0])).not.toContain('visitPlace');
  });

  it('labels values for lists and print: the form’s list, then the code maps', () => {
    expect(fieldText(doc, field('places'), ['1', '2'])).toBe('门诊，家中');
    expect(fieldText(doc, field('method'), '3')).toBe('电话');
    expect(fieldText(doc, field('method'), '3')).toBe(BUNDLED_CODEMAPS.codeLabel('fu_method', '3'));
  });
});
