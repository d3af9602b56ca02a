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
    if (url.endsWith('menu/buttons'))
      return blade(
        granted
          ? [
              { id: '4401', code: 'contract_push', name: '上报签约' },
              { id: '4311', code: 'contract_effect', name: '生效' },
              { id: '4313', code: 'contract_cancel', name: '作废' },
            ]
          : [],
      );
    if (url.endsWith('batch-sign-contract-comes-into-effect')) {
      const body = JSON.parse(String(config.data ?? '{}')) as { ids: string[] };
      return blade([], `${body.ids.length}份协议已生效`);
    }
    if (url.endsWith('contract-invalid/byid')) {
      const body = JSON.parse(String(config.data ?? '{}')) as { ids: string[] };
      return blade([], `${body.ids.length}份协议已作废`);
    }
    if (url.endsWith('performcontract/list'))
      return blade({ records: [{ ...ROWS[1]!, planned: 6, done: 1, rate: 16.7 }], total: 1, size: 10, current: 1, pages: 1 });
    if (url.endsWith('performcontract/listPerformDatas'))
      return blade({
        contract: ROWS[1],
        items: [
          {
            packId: '9',
            projectCode: 'HBP',
            projectName: '高血压随访',
            formCode: 'hypertensionfollowup',
            planned: 4,
            done: 1,
            records: [{ id: '1', visitDate: '2026-06-10' }],
          },
          { packId: '9', projectCode: 'ZX', projectName: '健康咨询', formCode: 'consult', planned: 2, done: 2, records: [] },
        ],
      });
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

const posted = (path: string) => seen.filter((c) => (c.url ?? '').endsWith(path)).map((c) => JSON.parse(String(c.data ?? '{}')) as unknown);
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

describe('ContractListPage (签约管理) batch actions and 履约情况', { timeout: 30_000 }, () => {
  const tickBoth = async (user: ReturnType<typeof userEvent.setup>) => {
    expect(await screen.findByText('周敏')).toBeTruthy();
    for (const name of ['何艳', '周敏']) await user.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
  };

  it('asks to tick first, then brings the ticked contracts into effect and shows the server’s count', async () => {
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole('button', { name: '批量生效' }));
    expect(await screen.findByText('请先勾选签约协议')).toBeTruthy();
    expect(posted('batch-sign-contract-comes-into-effect')).toHaveLength(0);
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: '批量生效' }));
    expect((await screen.findAllByText('确定使所选2份协议生效吗？')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: '确 认' }));
    expect(await screen.findByText('2份协议已生效')).toBeTruthy();
    expect(posted('batch-sign-contract-comes-into-effect')).toEqual([{ ids: ['501', '502'] }]);
  });

  it('voids the ticked contracts with the reason typed', async () => {
    const user = userEvent.setup();
    page();
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: '批量作废' }));
    await user.type(await screen.findByLabelText('作废原因（选填）'), '录入错误');
    await user.click(screen.getByRole('button', { name: '确 认' }));
    expect(await screen.findByText('2份协议已作废')).toBeTruthy();
    expect(posted('contract-invalid/byid')).toEqual([{ ids: ['501', '502'], reason: '录入错误' }]);
  });

  it('lists the performance of each contract and opens one contract’s items', async () => {
    const user = userEvent.setup();
    page();
    await user.click(await screen.findByRole('tab', { name: '履约情况' }));
    const list = await screen.findByTestId('perform-list');
    expect(await within(list).findByText('16.7%')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: '明细' }));
    const drawer = await screen.findByTestId('perform-drawer');
    expect(await within(drawer).findByText('高血压随访')).toBeTruthy();
    expect(within(drawer).getByText('尚欠3次')).toBeTruthy();
    expect(within(drawer).getByText('已完成')).toBeTruthy();
    expect(within(drawer).getByText('2026-06-10')).toBeTruthy();
    expect(posted('performcontract/listPerformDatas')).toEqual([{ cnStr: 'QY202611290002' }]);
  });
});
