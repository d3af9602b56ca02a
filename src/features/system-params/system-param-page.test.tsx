import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { setUserDefault } from '../../api/session';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { SystemParamPage } from './system-param-page';

const rows = [
  {
    id: '1',
    tenantId: '000000',
    paramName: '系统名称',
    paramKey: 'system_name',
    paramValue: '智慧公卫工作系统',
    remark: '',
    createTime: '2024-01-01T00:00:00Z',
    own: false,
  },
  {
    id: '2',
    tenantId: '100001',
    paramName: '随访提醒天数',
    paramKey: 'followup_remind_days',
    paramValue: '7',
    remark: '',
    createTime: '2024-01-01T00:00:00Z',
    own: true,
  },
];
const { seen } = setupFakeServer((config) =>
  config.url?.endsWith('/systemparam/list')
    ? blade({ records: rows, total: 2, size: 10, current: 1, pages: 1 })
    : config.url?.endsWith('/listCols') || config.url?.endsWith('/menu/buttons')
      ? blade([])
      : blade({ id: '3' }),
);

/** The session's role, stored at login: parameters are the administrators' to change. */
const signInAs = (lastRoleAlias: string) => setUserDefault({ userId: '2301', tenantId: '100001', account: 'admin', lastRoleAlias });
beforeEach(() => signInAs('administrator'));

const renderPage = () =>
  render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <SystemParamPage />
      </SWRConfig>
    </UiProviders>,
  );

describe('SystemParamPage', { timeout: 30_000 }, () => {
  it('three required fields with the spec’s messages; the value is a textarea', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('followup_remind_days');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(Array.from(dialog.querySelectorAll('.fr-msg')).map((e) => e.textContent)).toEqual([
        '请输入参数名称',
        '请输入参数键名',
        '请输入参数键值',
      ]),
    );
    expect(within(dialog).getByLabelText('参数键值').tagName).toBe('TEXTAREA');
  });

  it('searches each field fuzzily; a platform parameter can be edited but not deleted', async () => {
    const user = userEvent.setup();
    renderPage();
    const platformRow = (await screen.findByText('system_name')).closest('tr') as HTMLElement;
    expect(within(platformRow).getByText('平台')).toBeTruthy();
    expect(within(platformRow).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(platformRow).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    const area = within(document.querySelector<HTMLElement>('.crud-search')!);
    await user.type(area.getByLabelText('参数键名'), 'remind');
    await user.type(area.getByLabelText('参数键值'), '7');
    await user.click(area.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(seen.filter((c) => c.url?.endsWith('/systemparam/list')).at(-1)?.params).toMatchObject({
        paramKey_like: 'remind',
        paramValue_like: '7',
        current: 1,
      }),
    );
  });

  it('offers a role that is not an administrator no 新增, 编辑 or 删除', async () => {
    signInAs('doctor');
    renderPage();
    const ownRow = (await screen.findByText('followup_remind_days')).closest('tr') as HTMLElement;
    await waitFor(() => expect(seen.some((c) => c.url?.endsWith('/menu/buttons'))).toBe(true));
    // …and let its answer land: before it, every permission-bound button is hidden anyway.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(ownRow).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(ownRow).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });
});
