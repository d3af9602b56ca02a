import { describe, expect, it } from 'vitest';
import type { UserDefault } from '../../api/types';
import { choiceComplete, orgSwitchKind, teamSelector } from './top-bar-rules';

const user = (extra: Partial<UserDefault> & Record<string, unknown>): UserDefault => ({
  userId: '1',
  tenantId: '100001',
  account: 'a',
  ...extra,
});

describe('organisation switch visibility', () => {
  it('administrators whose flag matches the last role alias get the administrator list', () => {
    expect(orgSwitchKind(user({ lastRoleAlias: 'administrator', isAdministrator: 1 }))).toBe('administrator');
  });
  it('disease-control and hospital-management users get the list by user and region', () => {
    expect(orgSwitchKind(user({ lastRoleAlias: 'disease_control', isDiseaseControl: 1 }))).toBe('region');
    expect(orgSwitchKind(user({ lastRoleAlias: 'hospital_management', isHospitalManagement: 1 }))).toBe('region');
  });
  it('nobody else, nor a user whose flag does not match the alias', () => {
    expect(orgSwitchKind(user({ lastRoleAlias: 'doctor', isDiseaseControl: 1 }))).toBeUndefined();
    expect(orgSwitchKind(user({ lastRoleAlias: 'disease_control', isDiseaseControl: 0 }))).toBeUndefined();
    expect(orgSwitchKind(user({ lastRoleAlias: 'administrator', isAdministrator: 0, isAdmin: 0 }))).toBeUndefined();
    expect(orgSwitchKind(undefined)).toBeUndefined();
  });
});

describe('team selector', () => {
  const depts = [
    { id: '2100', deptName: '全科医疗科', deptCategory: 1 },
    { id: '2300', deptName: '疾病预防控制科', deptCategory: 6 },
  ];
  const two = [
    { id: '1', name: '一团队' },
    { id: '2', name: '二团队' },
  ];
  it('shows only with more than one team', () => {
    expect(teamSelector([two[0]!], depts, '2100').visible).toBe(false);
    expect(teamSelector(two, depts, '2100')).toEqual({ visible: true, disabled: false });
  });
  it('is disabled when the current department is of category 6', () => {
    expect(teamSelector(two, depts, '2300')).toEqual({ visible: true, disabled: true });
  });
});

describe('department and role are both required', () => {
  it('is complete only with both', () => {
    expect(choiceComplete({ deptId: '1', roleId: '2' })).toBe(true);
    expect(choiceComplete({ deptId: '1' })).toBe(false);
    expect(choiceComplete({ roleId: '2', teamId: '3' })).toBe(false);
  });
});
