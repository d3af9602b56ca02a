import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { setUserDefault } from '../../api/session';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { renderWithUi } from '../test/render';
import { CrudDocumentPage } from './crud-document-page';
import { crudDocumentNamed } from './crud-documents';
import type { CrudDocument } from './crud-document-types';

/** The grants /menu/buttons answers in this test (the role's button codes). */
let granted: string[] = [];
type Answer = (config: InternalAxiosRequestConfig) => ReturnType<typeof blade> | undefined;
let answer: Answer = () => undefined;

const { seen } = setupFakeServer((config) => {
  const url = config.url ?? '';
  if (url.endsWith('/menu/buttons')) return blade(granted.map((code) => ({ id: code, code, name: code })));
  if (url.endsWith('/listCols')) return blade([]);
  return answer(config) ?? blade(true);
});

beforeEach(() => {
  setUserDefault({ userId: '2301', tenantId: '100001', account: 'admin', lastRoleAlias: 'administrator' });
  granted = [];
  answer = () => undefined;
});

const users = [
  {
    id: '7',
    account: 'wangwu',
    realName: '王五',
    roleId: '2201',
    deptId: '3100',
    roleName: '管理员',
    deptName: '公共卫生科',
    sex: 1,
    status: 1,
    rowVersion: 3,
  },
];
const userDocument = crudDocumentNamed('user')!;
const posted = (path: string) => seen.filter((c) => c.method === 'post' && c.url === path);

describe('CrudDocumentPage', { timeout: 60_000 }, () => {
  it('a row action confirms, then POSTs the row’s key as its parameter (重置密码 → reset-password?userIds=)', async () => {
    granted = ['user_reset'];
    answer = (c) => (c.url === '/api/blade-user/page' ? blade({ records: users, total: 1, size: 10, current: 1, pages: 1 }) : undefined);
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={userDocument} />);
    const row = (await screen.findByText('wangwu')).closest('tr') as HTMLElement;
    expect(within(row).getByText('男')).toBeTruthy();
    await user.click(await within(row).findByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('确定将选择账号密码重置为初始密码?')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() => expect(posted('/api/blade-user/reset-password')).toHaveLength(1));
    expect(posted('/api/blade-user/reset-password')[0]!.params).toEqual({ userIds: '7' });
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('buttons follow the role’s button permissions: only the granted ones show', async () => {
    granted = ['user_edit', 'user_unlock'];
    answer = (c) => (c.url === '/api/blade-user/page' ? blade({ records: users, total: 1, size: 10, current: 1, pages: 1 }) : undefined);
    renderWithUi(<CrudDocumentPage document={userDocument} />);
    const row = (await screen.findByText('wangwu')).closest('tr') as HTMLElement;
    await within(row).findByRole('button', { name: /编\s*辑/ });
    expect(within(row).getByRole('button', { name: '账号解封' })).toBeTruthy();
    for (const hidden of [/删\s*除/, /重置密码/, /角色配置/]) expect(within(row).queryByRole('button', { name: hidden })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('a role granted none of the screen’s buttons sees no 操作 column, not an empty cell on every row', async () => {
    granted = [];
    answer = (c) => (c.url === '/api/blade-user/page' ? blade({ records: users, total: 1, size: 10, current: 1, pages: 1 }) : undefined);
    renderWithUi(<CrudDocumentPage document={userDocument} />);
    await screen.findByText('wangwu');
    await waitFor(() => expect(seen.some((c) => (c.url ?? '').endsWith('/menu/buttons'))).toBe(true));
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeNull();
  });

  it('edits with the row’s id and version, the dialog being the document’s form', async () => {
    granted = ['user_edit'];
    answer = (c) => (c.url === '/api/blade-user/page' ? blade({ records: users, total: 1, size: 10, current: 1, pages: 1 }) : undefined);
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={userDocument} />);
    const row = (await screen.findByText('wangwu')).closest('tr') as HTMLElement;
    await user.click(await within(row).findByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('用户姓名'));
    await user.type(within(dialog).getByLabelText('用户姓名'), '王五一');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posted('/api/blade-user/submit')).toHaveLength(1));
    const body = JSON.parse(String(posted('/api/blade-user/submit')[0]!.data));
    expect(body).toMatchObject({ id: '7', rowVersion: 3, account: 'wangwu', realName: '王五一', roleId: '2201' });
    expect(body.password).toBeUndefined();
  });

  it('shows a client secret the server made once, after the save that answered it', async () => {
    granted = ['client_edit'];
    const client = { id: '31', clientId: 'his', scope: 'all', authorizedGrantTypes: 'password,refresh_token', rowVersion: 2 };
    answer = (c) => {
      if (c.url === '/api/blade-system/client/list') return blade({ records: [client], total: 1, size: 10, current: 1, pages: 1 });
      if (c.url === '/api/blade-system/client/submit')
        return blade({ id: '31', clientId: 'his', rowVersion: 3, clientSecret: 'k9Q-secret' });
      return undefined;
    };
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={crudDocumentNamed('client')!} />);
    const row = (await screen.findByText('his')).closest('tr') as HTMLElement;
    await user.click(await within(row).findByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    // 重置密钥 is offered when editing (rules/adminclient.rules.json): the choice goes as 1.
    await user.click(within(dialog).getByRole('radio', { name: /生成新密钥/ }));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posted('/api/blade-system/client/submit')).toHaveLength(1));
    expect(JSON.parse(String(posted('/api/blade-system/client/submit')[0]!.data))).toMatchObject({
      id: '31',
      rowVersion: 2,
      resetSecret: 1,
    });
    expect(await screen.findByText('应用 his 的密钥：k9Q-secret（只显示这一次，请立即抄存到该应用的配置中）')).toBeTruthy();
  });

  it('租户管理 offers no 删除 on the platform’s own row 000000, and does on an institution’s', async () => {
    granted = ['tenant_delete'];
    const rows = [
      { id: '1', tenantId: '000000', tenantName: '管理平台', linkman: '平台', rowVersion: 1 },
      { id: '2', tenantId: '100001', tenantName: '源城区示范中心', linkman: '李', rowVersion: 1 },
    ];
    answer = (c) =>
      c.url === '/api/blade-system/tenant/list' ? blade({ records: rows, total: 2, size: 10, current: 1, pages: 1 }) : undefined;
    renderWithUi(<CrudDocumentPage document={crudDocumentNamed('tenant')!} />);
    const platform = (await screen.findByText('管理平台')).closest('tr') as HTMLElement;
    const institution = (await screen.findByText('源城区示范中心')).closest('tr') as HTMLElement;
    expect(await within(institution).findByRole('button', { name: /删\s*除/ })).toBeTruthy();
    expect(within(platform).queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('shows a whole tree’s children under their parent, without a pager', async () => {
    answer = (c) =>
      c.url === '/api/blade-system/dept/list'
        ? blade([
            {
              id: '1',
              deptName: '示范中心',
              fullName: '源城区示范中心',
              children: [{ id: '2', parentId: '1', deptName: '公共卫生科', fullName: '示范中心公共卫生科' }],
            },
          ])
        : undefined;
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={crudDocumentNamed('dept')!} />);
    const row = (await screen.findByText('示范中心')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /展开|expand/i }));
    expect(await screen.findByText('公共卫生科')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('loads a lazy tree’s children by the parent’s key when a row is expanded', async () => {
    granted = ['region_add'];
    const lazy: CrudDocument = {
      name: 'region',
      route: '/system/region/index',
      menuCode: 'region',
      title: { zh: '行政区划', en: 'Regions' },
      api: { list: '/api/blade-system/region/lazy-list', listParams: { parentCode: '00' } },
      rowKey: 'code',
      tree: { lazy: true, param: 'parentCode' },
      columns: [
        { prop: 'name', label: '区划名称' },
        { prop: 'code', label: '区划编号' },
      ],
    };
    answer = (c) => {
      if (c.url !== '/api/blade-system/region/lazy-list') return undefined;
      const parent = (c.params as { parentCode?: string }).parentCode;
      if (parent === '00') return blade([{ code: '44', name: '广东省', hasChildren: true }]);
      if (parent === '44') return blade([{ code: '4416', name: '河源市', hasChildren: false }]);
      return blade([]);
    };
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={lazy} />);
    const row = (await screen.findByText('广东省')).closest('tr') as HTMLElement;
    expect(screen.queryByText('河源市')).toBeNull();
    await user.click(within(row).getByRole('button', { name: /展开|expand/i }));
    expect(await screen.findByText('河源市')).toBeTruthy();
    expect(seen.filter((c) => c.url === '/api/blade-system/region/lazy-list').map((c) => c.params)).toEqual([
      expect.objectContaining({ parentCode: '00' }),
      { parentCode: '44', current: 1, size: 200 },
    ]);
  });

  it('a read-only viewer offers no add, edit or delete; 查看 shows every column of the row', async () => {
    granted = ['log_api'];
    const logs = crudDocumentNamed('logapi')!;
    answer = (c) =>
      c.url === '/api/blade-log/api/list'
        ? blade({
            records: [
              {
                id: '9',
                method: 'POST',
                requestUri: '/api/blade-user/submit',
                status: 200,
                time: 12,
                createBy: 'admin',
                remoteIp: '10.0.0.8',
                requestId: 'req-1',
                createTime: '2026-11-27T08:00:00Z',
              },
            ],
            total: 1,
            size: 30,
            current: 1,
            pages: 1,
          })
        : undefined;
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={logs} />);
    const row = (await screen.findByText('/api/blade-user/submit')).closest('tr') as HTMLElement;
    for (const absent of [/新\s*增/, /编\s*辑/, /删\s*除/]) expect(screen.queryByRole('button', { name: absent })).toBeNull();
    await user.click(within(row).getByRole('button', { name: /查\s*看/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('请求编号')).toBeTruthy();
    expect(within(dialog).getByText('req-1')).toBeTruthy();
    expect(seen.find((c) => c.url === '/api/blade-log/api/list')!.params).toMatchObject({ size: 30 });
  });
});
