import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { idCardCheckDigit } from '../../engine';
import { ArchiveListPage } from './archive-list-page';

const rows = [
  {
    id: '9001',
    archId: '9001',
    archivesNo: '441622000001',
    archivesStatus: '1',
    archivesStatusText: '正常',
    personName: '李秀英',
    sex: '2',
    age: 67,
    idCard: '441***********0021',
    phone: '138****5678',
    doctorName: '张伟',
    teamName: '家庭医生一团队',
  },
  {
    id: '9002',
    archId: '9002',
    archivesNo: '441622000002',
    archivesStatus: '2',
    archivesStatusText: '已注销',
    personName: '王建国',
    sex: '1',
    age: 72,
    idCard: '441***********0013',
    phone: '139****1234',
    doctorName: '张伟',
    teamName: '家庭医生一团队',
  },
];
const { seen } = setupFakeServer(
  {
    '/api/blade-iph-business/commuserarchives/list': (config) =>
      blade({ records: config.params?.idCard_equal ? [rows[0]] : rows, total: 2, size: 10, current: 1, pages: 1 }),
    '/api/blade-system/tenant/info': blade({ tenantId: '100001', tenantName: '源城区示范社区卫生服务中心' }),
    '/api/blade-system/dict-biz/dictionary': blade([]),
    '/api/blade-iph-business/userarchives/cancel': blade(true),
    '/api/blade-iph-business/userarchives/restore': blade(true),
    '/api/blade-iph-business/userinfomain/get-by-id-card': (config) =>
      blade(config.params?.idCard === '441622195803150018' ? { personName: '李秀英' } : null),
    '/api/blade-iph-business/userarchives/create-update-archives': blade({ id: '9100', personName: '周新' }),
    // The seeded doctor's buttons: 新增档案 and 注销档案.
    '/api/blade-system/menu/buttons': blade([
      { id: '3901', name: '新增档案', path: '', code: 'archive_add' },
      { id: '3902', name: '注销档案', path: '', code: 'archive_cancel' },
    ]),
  },
  {
    login: {
      access_token: 'acc',
      refresh_token: 'ref',
      tenant_id: '100001',
      user_id: '1501',
      account: 'doctor',
      real_name: '张伟',
      role_name: '医生',
    },
  },
);

function renderList(lang: 'zh' | 'en' = 'zh') {
  const router = createMemoryRouter(
    [
      { path: '/publichealthwork/index', element: <ArchiveListPage /> },
      { path: '/publichealthwork/detail/:page', element: <p>detail page</p> },
    ],
    { initialEntries: ['/publichealthwork/index'] },
  );
  render(
    <UiProviders lang={lang}>
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </UiProviders>,
  );
  return router;
}

const body = (url: string) => JSON.parse(String(seen.filter((c) => c.url === url).at(-1)?.data)) as Record<string, unknown>;

describe('ArchiveListPage (/publichealthwork/index)', { timeout: 30_000 }, () => {
  it('lists archives with the ID and phone exactly as the server masked them, and their status', async () => {
    renderList();
    expect(await screen.findByText('李秀英')).toBeTruthy();
    expect(screen.getByText('441***********0021')).toBeTruthy();
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(screen.getByText('已注销')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('speaks English when the user chose it', async () => {
    renderList('en');
    expect(await screen.findByText('Resident health archives')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New archive' })).toBeTruthy();
    expect(screen.getByText('ID number', { selector: 'th' })).toBeTruthy();
    // Server-sent values (names, the status text) are shown as sent.
    expect(await screen.findByText('李秀英')).toBeTruthy();
  });

  it('searches by ID number as an exact key and by name as a fragment', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('李秀英');
    await user.type(screen.getByLabelText('身份证号'), '441622195803150021');
    await user.type(screen.getByLabelText('姓名'), '李');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(seen.at(-1)?.params).toMatchObject({ idCard_equal: '441622195803150021', personName_like: '李', current: 1 }),
    );
    await waitFor(() => expect(screen.queryByText('王建国')).toBeNull());
  });

  it('opens an archive’s detail page with its arch_id', async () => {
    const user = userEvent.setup();
    const router = renderList();
    await user.click(await screen.findByText('李秀英'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publichealthwork/detail/healtharchive'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('arch_id')).toBe('9001');
    // The resident's name labels the tab.
    expect(query.get('name')).toBe('李秀英');
  });

  it('cancel dialog: 960 wide, spec messages, prefilled user and institution, detail required for 其他', async () => {
    const user = userEvent.setup();
    renderList();
    const row = (await screen.findByText('李秀英')).closest('tr')!;
    await user.click(within(row as HTMLElement).getByText('注销'));
    const dialog = await screen.findByRole('dialog');
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('960px');
    expect(within(dialog).getByDisplayValue('张伟')).toBeTruthy();
    expect(await within(dialog).findByDisplayValue('源城区示范社区卫生服务中心')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    // Under the field (its placeholder says the same words), from rules/archivecancel.rules.json.
    expect(await within(dialog).findByText('请选择注销原因', { selector: '.fr-msg' })).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByTitle('其他'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入注销详情')).toBeTruthy();
    expect(seen.some((c) => c.url?.endsWith('/userarchives/cancel'))).toBe(false);

    await user.type(within(dialog).getByLabelText('注销详情'), '户籍迁往外省');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(body('/api/blade-iph-business/userarchives/cancel')).toMatchObject({
        archId: '9001',
        offType: '9',
        offReason: '户籍迁往外省',
        deadFlag: '0',
        offUser: '1501',
        offTenant: '100001',
      }),
    );
  });

  it('death needs the date and cause of death', async () => {
    const user = userEvent.setup();
    renderList();
    const row = (await screen.findByText('李秀英')).closest('tr')!;
    await user.click(within(row as HTMLElement).getByText('注销'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByTitle('死亡'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择死亡日期')).toBeTruthy();
    expect(within(dialog).getByText('请输入死亡原因')).toBeTruthy();
  });

  it('restore asks first, then calls restore with the archive id', async () => {
    const user = userEvent.setup();
    renderList();
    const row = (await screen.findByText('王建国')).closest('tr')!;
    await user.click(within(row as HTMLElement).getByText('恢复'));
    expect(await screen.findByText('确定恢复所选数据的注销状态?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(body('/api/blade-iph-business/userarchives/restore')).toEqual({ archId: '9002' }));
  });

  it('add archive: a typed ID number fills birth date, sex and age', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('李秀英');
    await user.click(screen.getByRole('button', { name: '新增档案' }));
    const dialog = await screen.findByRole('dialog');
    const first17 = '44162219580315001';
    await user.type(within(dialog).getByLabelText('身份证号'), first17 + idCardCheckDigit(first17));
    await waitFor(() => expect(within(dialog).getByDisplayValue('1958-03-15')).toBeTruthy());
    expect(within(dialog).getByTitle('男')).toBeTruthy();
    const age = Number((within(dialog).getByLabelText('年龄') as HTMLInputElement).value);
    expect(age).toBeGreaterThanOrEqual(68);
    // The institution already holds an archive for this number: named under the form.
    expect(await within(dialog).findByText('该身份证号已建档：李秀英')).toBeTruthy();
  });

  it('add archive: the form’s messages stop an empty or wrong save; a valid one sends the archive', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('李秀英');
    await user.click(screen.getByRole('button', { name: '新增档案' }));
    const dialog = await screen.findByRole('dialog');
    const save = () => user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await save();
    expect(await within(dialog).findByText('身份证号不能为空', { selector: '.fr-msg' })).toBeTruthy();
    expect(within(dialog).getByText('请输入姓名', { selector: '.fr-msg' })).toBeTruthy();

    await user.type(within(dialog).getByLabelText('身份证号'), '441602199002301234');
    expect(await within(dialog).findByText('身份证上的出生日期非法')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('身份证号'));
    const first17 = '44162219900101002';
    await user.type(within(dialog).getByLabelText('身份证号'), first17 + idCardCheckDigit(first17));
    await user.type(within(dialog).getByLabelText('姓名'), '周新');
    await user.type(within(dialog).getByLabelText('本人电话'), '1380000');
    await save();
    expect(await within(dialog).findByText('手机号码长度不为11位')).toBeTruthy();
    expect(seen.some((c) => c.url?.endsWith('/userarchives/create-update-archives'))).toBe(false);

    await user.type(within(dialog).getByLabelText('本人电话'), '0000');
    await user.click(within(dialog).getByLabelText('高血压'));
    await save();
    await waitFor(() =>
      expect(body('/api/blade-iph-business/userarchives/create-update-archives')).toMatchObject({
        personName: '周新',
        idCard: first17 + idCardCheckDigit(first17),
        cardType: '1',
        sex: '2',
        birthday: '1990-01-01',
        phone: '13800000000',
        crowdLabels: ['hypertension'],
      }),
    );
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });
});
