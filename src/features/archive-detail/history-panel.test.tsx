// Issue 30: 上次记录 showed raw codes (症状 1，3; 家庭氧疗 1) for fields whose options come from the
// tenant's business dictionary rather than a bundled code map. The panel labels through the form
// runtime's one lookup (useFormLabels): the form's own lists, the tenant's dictionaries, the code maps.
import { cleanup, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FollowupRecord } from '../../api/followups';
import { UiProviders } from '../../components/ui-providers';
import type { FormDocument } from '../../engine';
import { HistoryPanel } from './history-panel';
import { historyItems } from './history-items';

const tenant: Record<string, { dictKey: string; dictValue: string }[]> = {
  copd_symptom: [
    { dictKey: '1', dictValue: '咳嗽' },
    { dictKey: '2', dictValue: '咳痰' },
    { dictKey: '3', dictValue: '气短' },
  ],
  copd_oxygen: [
    { dictKey: '1', dictValue: '有' },
    { dictKey: '2', dictValue: '无' },
  ],
};
vi.mock('../../api/dict', () => ({
  getDictionary: vi.fn(async (code: string) => tenant[code] ?? []),
  getFieldUrlOptions: vi.fn(async () => []),
  forgetCachedDictionaries: vi.fn(),
}));

afterEach(cleanup);

const doc: FormDocument = {
  formCode: 'copdfollowup',
  formName: '慢阻肺随访',
  version: 1,
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5 },
    { fieldProp: 'symptom', fieldLabel: '症状', fieldType: 7, bizCode: 'copd_symptom', required: 1 },
    { fieldProp: 'oxygen', fieldLabel: '家庭氧疗', fieldType: 2, bizCode: 'copd_oxygen' },
    { fieldProp: 'method', fieldLabel: '随访方式', fieldType: 1, bizCode: 'fu_method' },
  ],
};
const last = {
  id: '1',
  formCode: 'copdfollowup',
  formVersion: 1,
  values: { visitDate: '2026-11-20', symptom: ['1', '3'], oxygen: '1', method: '1' },
} as unknown as FollowupRecord;

describe('上次记录 (the history panel) with dictionaries that exist only on the server', () => {
  it('shows the labels, not the codes', async () => {
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <UiProviders lang="zh">
          <HistoryPanel document={doc} last={last} canImport onImport={() => undefined} />
        </UiProviders>
      </SWRConfig>,
    );
    const panel = await screen.findByTestId('history-panel');
    expect(await screen.findByText('咳嗽，气短')).toBeTruthy();
    expect(await screen.findByText('有')).toBeTruthy();
    // A bundled code map still answers for a field that names one.
    expect(panel.textContent).toContain('门诊');
    expect(panel.textContent).not.toContain('1，3');
  });

  it('historyItems labels through the lookup it is given (the codes only without one)', () => {
    const labels = (_f: unknown, v: unknown) => (Array.isArray(v) ? v.map((c) => (c === '1' ? '咳嗽' : '气短')).join('，') : '有');
    const items = historyItems(doc, last.values, labels);
    expect(items.find((i) => i.prop === 'symptom')?.text).toBe('咳嗽，气短');
    expect(historyItems(doc, last.values).find((i) => i.prop === 'symptom')?.text).toBe('1，3');
  });
});
