import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { ChildFilingPage } from './child-filing-page';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE');
const child = (over: Record<string, unknown>) => ({
  id: '7001',
  otherId: '7001',
  archId: '9001',
  kind: 'child',
  status: '1',
  statusText: '在管',
  personName: '王小宝',
  sex: '1',
  childSex: '1',
  birthDate: day(-10),
  birthWeight: 3.3,
  highRisk: 0,
  doctorName: '张伟',
  createTime: `${day(-9)} 10:00:00`,
  ...over,
});
const cases = [
  child({}),
  child({ id: '7002', otherId: '7002', archId: '9002', personName: '李小妹', childSex: '2', birthDate: day(-400), highRisk: 1 }),
];
const residents = [{ id: '9003', personName: '周新生', sex: '2', birthday: day(-5) }];
let filedAlready = false;

const { seen } = setupFakeServer(
  {
    '/api/blade-iph-business/userarchivesother/list-by-param': blade({ records: cases, total: 2, size: 20, current: 1, pages: 1 }),
    '/api/blade-iph-business/commuserarchives/list': blade({ records: residents, total: 1, size: 10, current: 1, pages: 1 }),
    '/api/blade-iph-business/userarchivesother/child_plagiarism_check': () =>
      blade(filedAlready ? { filed: true, case: child({ personName: '周新生', archId: '9003' }) } : { filed: false, case: null }),
    // The server's own refusal (a check the form cannot make): the mother's archive is not a woman's.
    '/api/blade-iph-business/userarchivesother/create-or-update': (config) => {
      const b = JSON.parse(String(config.data)) as { birthWeight: number | null };
      return b.birthWeight === 3.2 ? failure(400, '母亲档案应为女性居民') : blade(child({ id: '7003', personName: '周新生' }), '建档成功');
    },
  },
  {
    login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '1501', account: 'doctor', real_name: '张伟' },
  },
);

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/publichealthwork/children', element: <ChildFilingPage /> },
      { path: '/publichealthwork/detail/:page', element: <p>detail page</p> },
    ],
    { initialEntries: ['/publichealthwork/children'] },
  );
  render(
    <UiProviders lang="zh">
      <RouterProvider router={router} />
    </UiProviders>,
  );
  return router;
}

async function chooseResident(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getAllByRole('combobox')[0]!, '周');
  await user.click(await screen.findByText(`周新生（女，${day(-5)}）`));
  return dialog;
}

describe('ChildFilingPage (/publichealthwork/children)', { timeout: 30_000 }, () => {
  it('lists the filed children with the spec’s age display, the high-risk mark and their status', async () => {
    renderPage();
    expect(await screen.findByText('王小宝')).toBeTruthy();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('10天')).toBeTruthy();
    expect(within(rows[2]!).getByText('13月')).toBeTruthy();
    expect(within(rows[2]!).getByText('高危')).toBeTruthy();
    expect(seen.find((c) => c.url?.endsWith('list-by-param'))?.params).toMatchObject({ kind: 'child', current: 1 });
  });

  it('leads from a child to its growth chart, an archive page of the child', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    const row = (await screen.findByText('王小宝')).closest('tr')!;
    await user.click(within(row as HTMLElement).getByText('生长曲线'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publichealthwork/detail/growthchart'));
    expect(new URLSearchParams(router.state.location.search).get('arch_id')).toBe('9001');
  });

  it('files a newborn: the archive fills birth date and sex; a refusal shows in the dialog and keeps every answer', async () => {
    filedAlready = false;
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('王小宝');
    await user.click(screen.getByRole('button', { name: '新生儿建档' }));
    const dialog = await chooseResident(user);
    await waitFor(() => expect((within(dialog).getByPlaceholderText('请选择出生日期') as HTMLInputElement).value).toBe(day(-5)));
    expect((within(dialog).getByRole('radio', { name: '女' }) as HTMLInputElement).checked).toBe(true);
    const weight = dialog.querySelector('[data-field="birthWeight"] input') as HTMLInputElement;
    const calls = () => seen.filter((c) => c.url?.endsWith('create-or-update')).length;
    const before = calls();
    // 0 and 9 kg are refused by the form's rule (the newborn visit's bounds), nothing is sent.
    for (const bad of ['0', '9']) {
      await user.clear(weight);
      await user.type(weight, bad);
      await user.click(within(dialog).getByRole('button', { name: /建\s*档/ }));
      expect(await within(dialog).findByText('出生体重应在0.5～7kg之间, 请核对 (单位: 千克)')).toBeTruthy();
      expect(weight.value).toBe(bad);
      expect(within(dialog).getByText(`周新生（女，${day(-5)}）`)).toBeTruthy();
    }
    expect(calls()).toBe(before);
    // The server's refusal shows in the dialog; every answer stays.
    await user.clear(weight);
    await user.type(weight, '3.2');
    await user.click(within(dialog).getByRole('button', { name: /建\s*档/ }));
    expect(await within(dialog).findByText('母亲档案应为女性居民')).toBeTruthy();
    expect(weight.value).toBe('3.2');
    expect(within(dialog).getByText(`周新生（女，${day(-5)}）`)).toBeTruthy();
    await user.clear(weight);
    await user.type(weight, '3.1');
    await user.click(within(dialog).getByRole('button', { name: /建\s*档/ }));
    await waitFor(() => expect(calls()).toBe(before + 2));
    const sent = JSON.parse(String(seen.filter((c) => c.url?.endsWith('create-or-update')).at(-1)?.data)) as Record<string, unknown>;
    expect(sent).toMatchObject({ kind: 'child', archId: '9003', birthDate: day(-5), childSex: '2', birthWeight: 3.1, motherArchId: null });
  });

  it('does not file a child twice: the children-valid check says it is filed', async () => {
    filedAlready = true;
    const before = seen.filter((c) => c.url?.endsWith('create-or-update')).length;
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('王小宝');
    await user.click(screen.getByRole('button', { name: '新生儿建档' }));
    const dialog = await chooseResident(user);
    await user.click(within(dialog).getByRole('button', { name: /建\s*档/ }));
    expect(await within(dialog).findByText('该儿童已建档（在管），不能重复建档')).toBeTruthy();
    expect(seen.filter((c) => c.url?.endsWith('create-or-update')).length).toBe(before);
  });
});
