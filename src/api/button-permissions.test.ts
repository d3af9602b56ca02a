import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../shared/contract/access';
import { adminCrudPermissions, buttonGrants, isAdministratorRole } from './button-permissions';

describe('button grants', () => {
  it('keeps every code of the menu/buttons tree as a code → true map', () => {
    const button = (id: string, name: string, code: string, children?: MenuNode[]): MenuNode => ({
      id,
      parentId: '0',
      code,
      name,
      alias: '',
      path: '',
      source: '',
      sort: 0,
      category: 2,
      isOpen: 1,
      hasChildren: Boolean(children),
      ...(children && { children }),
    });
    const tree = [
      button('3901', '新增档案', 'archive_add'),
      button('9', 'x', 'group', [button('3902', '注销档案', 'archive_cancel')]),
      button('10', 'no code', ''),
    ];
    expect(buttonGrants(tree)).toEqual({ archive_add: true, group: true, archive_cancel: true });
    expect(buttonGrants([])).toEqual({});
  });
});

describe('administration screens’ 新增 / 编辑 / 删除', () => {
  const admin = { lastRoleAlias: 'administrator' };
  it('are the administrators’, as the server’s ADMINISTRATORS rule', () => {
    expect(adminCrudPermissions(admin, {}, {})).toEqual({ add: true, edit: true, remove: true });
    expect(adminCrudPermissions({ lastRoleAlias: 'doctor' }, { dict_add: true }, { add: 'dict_add' })).toEqual({
      add: false,
      edit: false,
      remove: false,
    });
    expect(adminCrudPermissions(undefined, {}, {})).toEqual({ add: false, edit: false, remove: false });
  });
  it('need the button’s code too when the screen names one', () => {
    expect(adminCrudPermissions(admin, {}, { add: 'dict_add' })).toEqual({ add: false, edit: true, remove: true });
    expect(adminCrudPermissions(admin, { dict_add: true }, { add: 'dict_add' })).toEqual({ add: true, edit: true, remove: true });
  });
  it('read the role alias as the server does: several aliases, and admin as another spelling', () => {
    expect(isAdministratorRole({ lastRoleAlias: 'doctor,administrator' })).toBe(true);
    expect(isAdministratorRole({ lastRoleAlias: 'admin' })).toBe(true);
    expect(isAdministratorRole({ lastRoleAlias: 'administrators' })).toBe(false);
  });
});
