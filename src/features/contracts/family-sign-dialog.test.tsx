import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import type { ContractView } from './contract-api';
import { ContractArchivePage } from './contract-archive-page';

// The terms form (schemas/contractsign.json, its own tests) and the signature pad (signature-pad-dialog.test.tsx)
// stand in as one button each: these tests are about what the family dialog does with them.
vi.mock('./contract-terms-form', () => ({
  termsFromDefaults: (d: Record<string, unknown>) => d,
  termsOf: (v: Record<string, unknown>) => v,
  ContractTermsForm: ({ values, submitText, onSubmit }: { values: object; submitText: string; onSubmit: (v: object) => void }) => (
    <button type="button" onClick={() => onSubmit({ ...values, packIds: ['9'] })}>
      {submitText}
    </button>
  ),
}));
vi.mock('./signature-pad-dialog', () => ({
  SignaturePadDialog: ({ open, onConfirm }: { open: boolean; onConfirm: (png: string) => Promise<void> }) =>
    open ? (
      <button type="button" onClick={() => void onConfirm('data:image/png;base64,SIGNED')}>
        确认签名
      </button>
    ) : null,
}));
vi.mock('../../components/pdf-viewer/pdf-viewer', () => ({
  PdfViewer: ({ open, error }: { open: boolean; error?: string }) => (open ? <div data-testid="pdf-viewer">{error ?? 'PDF'}</div> : null),
}));

const contract = (over: Partial<ContractView>): ContractView =>
  ({
    id: '501',
    contractNo: 'QY202611300001',
    archId: 'A1',
    personName: '何艳',
    teamName: '第一团队',
    doctorName: '张伟',
    packIds: ['9'],
    packNames: '基础包',
    fee: 0,
    startDate: '2026-11-30',
    endDate: '2027-11-29',
    state: 1,
    stateText: '已签约',
    gwId: '',
    autographLink: '',
    renewable: false,
    rowVersion: 1,
    ...over,
  }) as ContractView;

const MEMBERS = [
  { id: 'm1', archId: 'A1', personName: '何艳', archivesNo: 'N1', sex: '2', relation: '02', relationName: '户主' },
  { id: 'm2', archId: 'A2', personName: '周敏', archivesNo: 'N2', sex: '1', relation: '10', relationName: '配偶' },
  { id: 'm3', archId: 'A3', personName: '周小明', archivesNo: 'N3', sex: '1', relation: '20', relationName: '子' },
];
const HELD = contract({ id: '400', archId: 'A3', personName: '周小明', state: 2, stateText: '生效中' });
let granted = true;
let refuse: string | undefined;

const { seen } = setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Record<string, string>;
    if (url.endsWith('menu/buttons')) return blade(granted ? [{ id: '4310', code: 'contract_sign', name: '签约' }] : []);
    if (url.endsWith('family-archives'))
      return blade({
        family: { id: 'F', familyNo: 'F-1', address: '', remark: '', householderArchId: 'A1', householderName: '何艳' },
        members: MEMBERS,
      });
    if (url.endsWith('list-contract-by-arch-id')) return blade(params.archId === 'A3' ? [HELD] : []);
    if (url.endsWith('contract-info-generate'))
      return blade({ teamId: '1', doctorId: '2302', packIds: [], startDate: '2026-11-30', endDate: '2027-11-29', phone: '', remark: '' });
    if (url.endsWith('one-key-sign-contract')) {
      if (refuse) return failure(400, refuse);
      const body = JSON.parse(String(config.data)) as { archIds: string[] };
      return blade(
        body.archIds.map((a, i) => contract({ id: `60${i}`, archId: a, gwId: 'PL1', personName: a })),
        `已为${body.archIds.length}位居民签约`,
      );
    }
    if (url.endsWith('get-batch-family-sign-contract-by-gw-id'))
      return blade([contract({ id: '600', personName: '何艳', gwId: 'PL1' }), contract({ id: '601', personName: '周敏', gwId: 'PL1' })]);
    if (url.includes('generate-pdf/written-consent')) return failure(404, '协议不存在');
    return undefined;
  },
  {
    login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '2302', account: 'doctor', real_name: '张伟' },
    teardown: () => {
      granted = true;
      refuse = undefined;
    },
  },
);

const posted = (path: string) => seen.filter((c) => (c.url ?? '').endsWith(path)).map((c) => JSON.parse(String(c.data ?? '{}')) as unknown);
const page = (archId = 'A1') =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <UiProviders lang="zh">
        <ContractArchivePage archId={archId} personName="何艳" />
      </UiProviders>
    </SWRConfig>,
  );

async function openFamily(user: ReturnType<typeof userEvent.setup>) {
  page();
  await user.click(await screen.findByRole('button', { name: '家庭一键签约' }));
  const dialog = await screen.findByTestId('family-sign');
  await within(dialog).findByText('周小明');
  return dialog;
}
const ticked = (dialog: HTMLElement, name: string) =>
  (within(within(dialog).getByText(name).closest('tr')!).getByRole('checkbox') as HTMLInputElement).checked;

describe('家庭一键签约 on the archive’s 家庭医生签约 page', { timeout: 30_000 }, () => {
  it('ticks the members without an open contract, signs them with one signature and shows the batch', async () => {
    const user = userEvent.setup();
    const dialog = await openFamily(user);
    expect([ticked(dialog, '何艳'), ticked(dialog, '周敏'), ticked(dialog, '周小明')]).toEqual([true, true, false]);
    expect(within(dialog).getByText('生效中')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '签名并一键签约' }));
    await user.click(await screen.findByRole('button', { name: '确认签名' }));
    const result = await screen.findByTestId('family-sign-result');
    expect(within(result).getAllByText('已为2位居民签约').length).toBeGreaterThan(0);
    expect(within(result).getByText('签约批次号：PL1')).toBeTruthy();
    expect(within(result).getByText('周敏')).toBeTruthy();
    expect(posted('one-key-sign-contract')).toEqual([
      expect.objectContaining({ archIds: ['A1', 'A2'], autograph: 'data:image/png;base64,SIGNED', teamId: '1', packIds: ['9'] }),
    ]);
    expect(posted('get-batch-family-sign-contract-by-gw-id')).toEqual([{ gwId: 'PL1' }]);
  });

  it('shows a refusal with the server’s message and keeps the ticks for another try', async () => {
    const user = userEvent.setup();
    refuse = '该居民在2026-11-30至2027-11-29已有生效中的签约协议（QY1），同一时期不能重复签约';
    const dialog = await openFamily(user);
    await user.click(within(dialog).getByText('周小明').closest('tr')!.querySelector('input')!);
    await user.click(within(dialog).getByRole('button', { name: '签名并一键签约' }));
    await user.click(await screen.findByRole('button', { name: '确认签名' }));
    const alert = await within(dialog).findByTestId('family-sign-refusal');
    expect(alert.textContent).toContain(refuse);
    expect(screen.queryByRole('button', { name: '确认签名' })).toBeNull();
    expect([ticked(dialog, '何艳'), ticked(dialog, '周敏'), ticked(dialog, '周小明')]).toEqual([true, true, true]);
    expect(screen.queryByTestId('family-sign-result')).toBeNull();
  });

  it('asks to tick someone first; without contract_sign there is no button', async () => {
    const user = userEvent.setup();
    const dialog = await openFamily(user);
    for (const name of ['何艳', '周敏']) await user.click(within(dialog).getByText(name).closest('tr')!.querySelector('input')!);
    await user.click(within(dialog).getByRole('button', { name: '签名并一键签约' }));
    expect(await screen.findByText('请勾选要签约的家庭成员')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认签名' })).toBeNull();
    expect(posted('one-key-sign-contract')).toHaveLength(0);
  });

  it('hides 家庭一键签约 without the contract_sign grant', async () => {
    granted = false;
    page();
    await waitFor(() => expect(seen.some((c) => (c.url ?? '').endsWith('menu/buttons'))).toBe(true));
    expect(await screen.findByRole('button', { name: /签\s*约/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '家庭一键签约' })).toBeNull();
  });
});

describe('知情同意书 on the archive’s 家庭医生签约 page', { timeout: 30_000 }, () => {
  it('opens the contract’s written consent in the PDF viewer, a refusal with the server’s message', async () => {
    const user = userEvent.setup();
    page('A3');
    const table = await screen.findByTestId('contract-table');
    await user.click(await within(table).findByRole('button', { name: '知情同意书' }));
    expect((await screen.findByTestId('pdf-viewer')).textContent).toBe('协议不存在');
    expect(seen.some((c) => c.url === '/api/blade-resource/generate-pdf/written-consent?id=400')).toBe(true);
  });
});
