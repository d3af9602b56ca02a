import { describe, expect, it } from 'vitest';
import { adminCrudPermissions, buttonGrants, isAdministratorRole } from './button-permissions';

describe('button grants', () => {
  it('keeps every code of the menu/buttons tree as a code → true map', () => {
    const tree = [
      { id: '3901', name: '新增档案', path: '', code: 'archive_add' },
      { id: '9', name: 'x', path: '', code: 'group', children: [{ id: '3902', name: '注销档案', path: '', code: 'archive_cancel' }] },
      { id: '10', name: 'no code', path: '' },
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
