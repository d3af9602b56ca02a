import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import type { ContractView } from './contract-api';
import { ContractListPage } from './contract-list-page';

const contract = (over: Partial<ContractView>): ContractView => ({
  id: '501',
  contractNo: 'QY202611290001',
  archId: '100001000000013',
  personName: '何艳',
  phone: '',
  teamId: '1',
  teamName: '第一团队',
  doctorId: '2302',
  doctorName: '张伟',
  packIds: [],
  packNames: '基础包',
  fee: 0,
  startDate: '2026-11-29',
  endDate: '2027-11-28',
  state: 1,
  stateText: '已签约',
  signType: 1,
  signTypeText: '',
  batchNo: '',
  gwId: '',
  hasAutograph: false,
  autographLink: '',
  signUserName: '',
  signTime: '',
  effectTime: '',
  endReason: '',
  endTime: '',
  endUserName: '',
  renewFrom: '',
  renewable: false,
  remark: '',
  createTime: '',
  updateTime: '',
  rowVersion: 1,
  ...over,
});

const ROWS = [contract({}), contract({ id: '502', contractNo: 'QY202611290002', personName: '周敏', state: 2, stateText: '生效中' })];
let granted = true;

const { seen } = setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    if (url.endsWith('menu/buttons')) return blade(granted ? [{ id: '4401', code: 'contract_push', name: '上报签约' }] : []);
    if (url.endsWith('usercontracts/new-list')) return blade({ records: ROWS, total: 2, size: 10, current: 1, pages: 1 });
    if (url.endsWith('all-sign-submit-push')) {
      const body = JSON.parse(String(config.data ?? '{}')) as { ids?: string[] };
      return body.ids
        ? blade({ changed: body.ids.length, ids: body.ids }, `已提交上报${body.ids.length}份签约协议`)
        : blade({ changed: 0, ids: [] }, '没有需要重新上报的签约协议');
    }
    return undefined;
  },
  {
    login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '2302', account: 'doctor', real_name: '张伟' },
    teardown: () => {
      granted = true;
    },
  },
);

const pushes = () => seen.filter((c) => (c.url ?? '').endsWith('all-sign-submit-push'));
const page = () =>
  render(
    // A cache of its own per test: the button grants are read afresh (one test has none).
    <SWRConfig value={{ provider: () => new Map() }}>
      <UiProviders lang="zh">
        <ContractListPage />
      </UiProviders>
    </SWRConfig>,
  );

describe('ContractListPage (签约管理) 上报签约', { timeout: 30_000 }, () => {
  it('reports the ticked contracts and shows the server’s message', async () => {
    const user = userEvent.setup();
    page();
    expect(await screen.findByText('周敏')).toBeTruthy();
    const row = screen.getByText('周敏').closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: '上报签约' }));
    expect((await screen.findAllByText('确定将所选1份签约协议上报公卫系统吗？')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: '确 认' }));
    expect(await screen.findByText('已提交上报1份签约协议')).toBeTruthy();
    expect(pushes()).toHaveLength(1);
    expect(JSON.parse(String(pushes()[0]!.data))).toEqual({ ids: ['502'] });
  });

  it('with nothing ticked reports every failed contract again, saying when there was none', async () => {
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole('button', { name: '上报签约' }));
    expect((await screen.findAllByText('未选择协议：确定将所有上报失败的和从未上报的已签约协议上报公卫系统吗？')).length).toBeGreaterThan(
      0,
    );
    await user.click(screen.getByRole('button', { name: '确 认' }));
    expect(await screen.findByText('没有需要重新上报的签约协议')).toBeTruthy();
    expect(JSON.parse(String(pushes()[0]!.data))).toEqual({});
  });

  it('without the button neither the button nor the check boxes are there', async () => {
    granted = false;
    page();
    expect(await screen.findByText('周敏')).toBeTruthy();
    await waitFor(() => expect(seen.some((c) => (c.url ?? '').endsWith('menu/buttons'))).toBe(true));
    expect(screen.queryByRole('button', { name: '上报签约' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
