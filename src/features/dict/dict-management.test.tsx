import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { setUserDefault } from '../../api/session';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { DictHorizontalPage } from './dict-horizontal-page';
import { DictVerticalPage } from './dict-vertical-page';

let tenantKnown = true;
/** The role's buttons as menu/buttons answers them: the seeded administrator holds 新增字典. */
let buttons = [{ id: '3904', code: 'dict_add', name: '新增字典', path: '' }];
let roleAlias = 'administrator';
/** The submits' answers in turn (the last one repeats): a 409 names the row's current version. */
let submitAnswers = [blade({ id: '99' })];
const page = (records: unknown[]) => blade({ records, total: records.length, size: 10, current: 1, pages: 1 });
const base = { tenantId: '100001', pdfKey: '', remark: '', isSealed: 0, createTime: '2024-01-01T00:00:00Z' };
const parents = [
  {
    ...base,
    id: '11',
    parentId: '0',
    code: 'visit_place',
    dictKey: '-1',
    dictValue: '随访地点',
    sort: 1,
    isAdmin: 0,
    own: true,
    rowVersion: 3,
  },
  { ...base, id: '12', parentId: '0', code: 'sex', dictKey: '-1', dictValue: '性别', sort: 2, isAdmin: 0, own: false, tenantId: '000000' },
];
const children = [
  {
    ...base,
    id: '21',
    parentId: '11',
    code: 'visit_place',
    dictKey: '1',
    dictValue: '门诊',
    pdfKey: '门诊',
    sort: 1,
    isAdmin: 0,
    own: true,
  },
];

const platformChildren = [
  {
    ...base,
    id: '31',
    parentId: '12',
    code: 'sex',
    dictKey: '1',
    dictValue: '男性',
    pdfKey: '男',
    sort: 1,
    isAdmin: 0,
    own: false,
    tenantId: '000000',
  },
];

const { seen } = setupFakeServer({
  '/api/blade-system/tenant/info': () =>
    tenantKnown ? blade({ tenantId: '100001', tenantName: '源城区示范社区卫生服务中心' }) : failure(500, 'x'),
  '/api/blade-system/dict-biz/parent-list': () => page(parents),
  '/api/blade-system/dict-biz/child-list': (config) =>
    page(config.params?.parentId === '11' ? children : config.params?.parentId === '12' ? platformChildren : []),
  '/api/blade-iph-business/colcustom/listCols': blade([]),
  '/api/blade-system/dict-biz/submit': () => (submitAnswers.length > 1 ? submitAnswers.shift()! : submitAnswers[0]!),
  '/api/blade-system/menu/buttons': () => blade(buttons),
});

function renderPage(page: 'horizontal' | 'vertical' = 'horizontal') {
  render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        {page === 'horizontal' ? <DictHorizontalPage /> : <DictVerticalPage />}
      </SWRConfig>
    </UiProviders>,
  );
}

/** The messages under the dialog's fields (its form document's required rules). */
const errorsIn = (el: HTMLElement) => Array.from(el.querySelectorAll('.fr-msg')).map((e) => e.textContent);
const cards = () => Array.from(document.querySelectorAll<HTMLElement>('.dict-management .ant-card'));

beforeEach(() => {
  tenantKnown = true;
  buttons = [{ id: '3904', code: 'dict_add', name: '新增字典', path: '' }];
  roleAlias = 'administrator';
  submitAnswers = [blade({ id: '99' })];
});

/** Stored at login (the role of the session), read by the page to show its buttons. */
const signIn = () => setUserDefault({ userId: '2301', tenantId: '100001', account: 'admin', lastRoleAlias: roleAlias });
beforeEach(signIn);

/** No table is still loading: antd blurs a loading table and lets no pointer through (pointer-events: none). */
const tablesSettled = () => waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());

describe('dictionary management', { timeout: 30_000 }, () => {
  it('parent dialog: 880 wide, sort placeholder 留空自动排序, the spec’s messages', async () => {
    tenantKnown = false;
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('随访地点');
    await user.click(within(cards()[0]!).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('880px');
    expect(within(dialog).getByPlaceholderText('留空自动排序')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    // 封存 starts at 否 (spec default 0); without the tenant known, 租户 is empty.
    await waitFor(() => expect(errorsIn(dialog)).toEqual(['请输入字典编号', '请输入字典名称', '请选择编辑', '请选择租户']));
    expect(seen.some((c) => c.url?.endsWith('/submit'))).toBe(false);
  });

  it('parent dialog submits a blank sort as automatic, for the caller’s tenant', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('随访地点');
    await user.click(within(cards()[0]!).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('字典编号'), 'blood_type');
    await user.type(within(dialog).getByLabelText('字典名称'), '血型');
    await user.click(within(dialog).getByRole('combobox', { name: '编辑' }));
    await user.click((await screen.findAllByTitle('可新增（租户可增删改）')).find((e) => e.classList.contains('ant-select-item'))!);
    await waitFor(() => expect(within(dialog).getAllByTitle('源城区示范社区卫生服务中心').length).toBeGreaterThan(0));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.some((c) => c.url?.endsWith('/submit'))).toBe(true));
    expect(JSON.parse(String(seen.find((c) => c.url?.endsWith('/submit'))!.data))).toMatchObject({
      code: 'blood_type',
      dictValue: '血型',
      sort: '',
      isSealed: 0,
      isAdmin: 1,
      tenantId: '100001',
      parentId: '0',
    });
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });

  it('an edit sends the version read; after a 409 the dialog keeps the input and saving again sends the newer version', async () => {
    submitAnswers = [
      failure(409, '字典已被李四于2026-11-27 10:00:00修改，请刷新后重试（您填写的内容已保留）', {
        rowVersion: 5,
        updateUserName: '李四',
        updateTime: '2026-11-27 10:00:00',
      }),
      blade({ id: '11' }),
    ];
    const user = userEvent.setup();
    renderPage();
    const ownRow = (await screen.findByText('随访地点')).closest('tr') as HTMLElement;
    await user.click(await within(ownRow).findByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('字典名称');
    await user.clear(name);
    await user.type(name, '随访场所');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    const submits = () => seen.filter((c) => c.url?.endsWith('/submit')).map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);
    await waitFor(() => expect(submits()).toHaveLength(1));
    expect(submits()[0]).toMatchObject({ id: '11', rowVersion: 3, dictValue: '随访场所' });
    // Still open, with what the user typed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((within(dialog).getByLabelText('字典名称') as HTMLInputElement).value).toBe('随访场所');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(submits()).toHaveLength(2));
    expect(submits()[1]).toMatchObject({ id: '11', rowVersion: 5, dictValue: '随访场所' });
  });

  it('child dialog: only after a parent is chosen; code from the parent; 请输入字典键值 / 请输入字典名称 / 请输入报表选项值', async () => {
    const user = userEvent.setup();
    renderPage('vertical');
    await screen.findByText('随访地点');
    const childAdd = within(cards()[1]!).getByRole('button', { name: /新\s*增/ });
    expect((childAdd as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByText('随访地点'));
    expect((await within(cards()[1]!).findAllByText('门诊')).length).toBe(2); // 字典名称 and 报表选项值
    expect(seen.some((c) => c.url === '/api/blade-system/dict-biz/child-list' && c.params?.parentId === '11')).toBe(true);
    await user.click(within(cards()[1]!).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('visit_place')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(errorsIn(dialog)).toEqual(['请输入字典键值', '请输入字典名称', '请输入报表选项值']));
  });

  it('a platform dictionary (isAdmin 0) offers no edit or delete, and no adding of items', async () => {
    const user = userEvent.setup();
    renderPage();
    const platformRow = (await screen.findByText('性别')).closest('tr') as HTMLElement;
    expect(within(platformRow).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(platformRow).getByText('平台')).toBeTruthy();
    await tablesSettled();
    await user.click(within(platformRow).getByText('性别'));
    await waitFor(() =>
      expect(seen.some((c) => c.url === '/api/blade-system/dict-biz/child-list' && c.params?.parentId === '12')).toBe(true),
    );
    expect((within(cards()[1]!).getByRole('button', { name: /新\s*增/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a platform row shows what a tenant administrator may do: 查看 and 子项, no empty 操作 cell (issue 17)', async () => {
    const user = userEvent.setup();
    renderPage();
    const platformRow = (await screen.findByText('性别')).closest('tr') as HTMLElement;
    await within(platformRow).findByRole('button', { name: /查\s*看/ });
    await tablesSettled();
    await user.click(within(platformRow).getByRole('button', { name: /查\s*看/ }));
    const view = await screen.findByRole('dialog');
    expect(within(view).getByText('sex')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: /保\s*存/ })).toBeNull();
    await user.click(within(view.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /close|关闭/i }));
    // 子项 chooses the dictionary, as a click on its row does.
    await user.click(within(platformRow).getByRole('button', { name: /子\s*项/ }));
    await waitFor(() =>
      expect(seen.some((c) => c.url === '/api/blade-system/dict-biz/child-list' && c.params?.parentId === '12')).toBe(true),
    );
    // The tenant's own row: 编辑 / 删除 (and 子项); 查看 is the edit dialog's job there.
    const ownRow = screen.getByText('随访地点').closest('tr') as HTMLElement;
    expect(await within(ownRow).findByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(ownRow).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
    expect(within(ownRow).getByRole('button', { name: /子\s*项/ })).toBeTruthy();
    expect(within(ownRow).queryByRole('button', { name: /查\s*看/ })).toBeNull();
  });

  it('an item of a platform dictionary the tenant may not change shows 查看 only; an own item 编辑 / 删除', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByText('性别'));
    const platformItem = (await within(cards()[1]!).findByText('男性')).closest('tr') as HTMLElement;
    expect(await within(platformItem).findByRole('button', { name: /查\s*看/ })).toBeTruthy();
    expect(within(platformItem).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(platformItem).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    // The tenant's own dictionary: its items are the tenant's to change.
    await user.click(screen.getByText('随访地点'));
    const ownItem = (await within(cards()[1]!).findAllByText('门诊'))[0]!.closest('tr') as HTMLElement;
    expect(await within(ownItem).findByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(ownItem).queryByRole('button', { name: /查\s*看/ })).toBeNull();
  });

  it('an administrator without the button 新增字典 may edit and delete but not add', async () => {
    buttons = [];
    renderPage();
    const ownRow = (await screen.findByText('随访地点')).closest('tr') as HTMLElement;
    expect(await within(ownRow).findByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(ownRow).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
    expect(within(cards()[0]!).queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });

  it('shows no 新增 / 编辑 / 删除 to a role that is not an administrator, whatever its buttons', async () => {
    roleAlias = 'doctor';
    signIn();
    renderPage();
    const ownRow = (await screen.findByText('随访地点')).closest('tr') as HTMLElement;
    // Wait for the grants to arrive, then nothing that writes is offered.
    await waitFor(() => expect(seen.some((c) => c.url === '/api/blade-system/menu/buttons')).toBe(true));
    // …and let its answer land: before it, every permission-bound button is hidden anyway.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(ownRow).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(ownRow).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /新\s*增/ })).toHaveLength(0);
    // What such a role may do is still offered.
    expect(within(ownRow).getByRole('button', { name: /查\s*看/ })).toBeTruthy();
    expect(within(ownRow).getByRole('button', { name: /子\s*项/ })).toBeTruthy();
  });
});
