import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { setUserDefault } from '../../api/session';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { renderWithUi } from '../test/render';
import { CrudDocumentPage } from './crud-document-page';
import { crudDocumentNamed } from './crud-documents';

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

const posted = (path: string) => seen.filter((c) => c.method === 'post' && c.url === path);

describe('CrudDocumentPage actions', { timeout: 60_000 }, () => {
  it('权限设置 shows the role’s grants and saves the checked menus with their parent menus', async () => {
    granted = ['role_grant'];
    answer = (c) => {
      if (c.url === '/api/blade-system/role/list') return blade([{ id: '2202', roleName: '医生', roleAlias: 'doctor', sort: 2 }]);
      if (c.url === '/api/blade-system/menu/grant-tree')
        return blade({
          menu: [
            { id: '3001', title: '居民健康档案', children: [{ id: '3901', title: '新增档案' }] },
            { id: '3100', title: '系统管理', children: [{ id: '3103', title: '参数管理' }] },
          ],
          dataScope: [],
          apiScope: [],
        });
      if (c.url === '/api/blade-system/menu/role-tree-keys') return blade({ menu: ['3001', '3901'], dataScope: [], apiScope: [] });
      return undefined;
    };
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={crudDocumentNamed('role')!} />);
    const row = (await screen.findByText('doctor')).closest('tr') as HTMLElement;
    await user.click(await within(row).findByRole('button', { name: '权限设置' }));
    const dialog = await screen.findByRole('dialog');
    expect(seen.find((c) => c.url === '/api/blade-system/menu/role-tree-keys')!.params).toEqual({ roleIds: '2202' });
    const node = (await within(dialog).findByText('参数管理')).closest('.ant-tree-treenode') as HTMLElement;
    await user.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted('/api/blade-system/role/grant')).toHaveLength(1));
    const body = JSON.parse(String(posted('/api/blade-system/role/grant')[0]!.data));
    expect(body.roleIds).toEqual(['2202']);
    expect([...body.menuIds].sort()).toEqual(['3001', '3100', '3103', '3901']);
    expect(body).toMatchObject({ dataScopeIds: [], apiScopeIds: [] });
  });

  it('权限设置 saves a ticked data scope as its own id, without the menus that group it (role/grant refuses those)', async () => {
    granted = ['role_grant'];
    answer = (c) => {
      if (c.url === '/api/blade-system/role/list') return blade([{ id: '2203', roleName: '团队长', roleAlias: 'leader', sort: 3 }]);
      if (c.url === '/api/blade-system/menu/grant-tree')
        return blade({
          menu: [{ id: '3100', title: '系统管理', children: [{ id: '3105', title: '用户管理' }] }],
          dataScope: [
            {
              id: '3100',
              title: '系统管理',
              children: [{ id: '3105', title: '用户管理', children: [{ id: '88001', title: '本机构可见' }] }],
            },
          ],
          apiScope: [],
        });
      if (c.url === '/api/blade-system/menu/role-tree-keys') return blade({ menu: ['3100', '3105'], dataScope: [], apiScope: [] });
      return undefined;
    };
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={crudDocumentNamed('role')!} />);
    const row = (await screen.findByText('leader')).closest('tr') as HTMLElement;
    await user.click(await within(row).findByRole('button', { name: '权限设置' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('tab', { name: '数据权限' }));
    const scopeNode = (await within(dialog).findByText('本机构可见')).closest('.ant-tree-treenode') as HTMLElement;
    await user.click(scopeNode.querySelector('.ant-tree-checkbox') as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posted('/api/blade-system/role/grant')).toHaveLength(1));
    const body = JSON.parse(String(posted('/api/blade-system/role/grant')[0]!.data));
    expect(body).toMatchObject({ roleIds: ['2203'], dataScopeIds: ['88001'], apiScopeIds: [] });
    expect([...body.menuIds].sort()).toEqual(['3100', '3105']);
  });

  it('导入 asks 请选择是否覆盖, and a refused import opens the log with each row’s status and content', async () => {
    granted = ['user_import'];
    answer = (c) => {
      if (c.url === '/api/blade-user/page') return blade({ records: [], total: 0, size: 10, current: 1, pages: 0 });
      if (c.url === '/api/blade-user/import-user')
        return failure(400, '导入失败：1行数据有误，未导入任何用户', [{ msg: '第2行：请选择所属部门', data: 'zhangsan,张三' }]);
      return undefined;
    };
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={crudDocumentNamed('user')!} />);
    await user.click(await screen.findByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    expect((dialog.querySelector('.ant-modal-content') as HTMLElement).closest('.ant-modal')!.getAttribute('style')).toContain('555px');
    await user.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    expect(await within(dialog).findByText('请选择是否覆盖')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('否'));
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'users.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    await user.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    await waitFor(() => expect(posted('/api/blade-user/import-user')).toHaveLength(1));
    expect(posted('/api/blade-user/import-user')[0]!.params).toEqual({ isCovered: 0 });
    const log = (await screen.findByText('导入日志')).closest('.ant-modal') as HTMLElement;
    expect(within(log).getByText('第2行：请选择所属部门')).toBeTruthy();
    expect(within(log).getByText('zhangsan,张三')).toBeTruthy();
  });
});
