import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { getUserInfo, storeLogin } from '../../api/session';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { OrgChoiceSelects } from './org-choice';

let teams = [{ id: '2401', name: '家庭医生一团队' }];

const { seen } = setupFakeServer(
  {
    '/api/blade-system/menu/deptSelect': blade([
      { id: '2100', deptName: '全科医疗科', deptCategory: 1 },
      { id: '2200', deptName: '公共卫生科', deptCategory: 6 },
    ]),
    '/api/blade-system/menu/roleSelect': blade([{ id: '2202', roleName: '医生' }]),
    '/api/blade-system/menu/teamSelect': () => blade(teams),
    // The server refuses the change: the previous department must come back.
    '/api/blade-auth/oauth/token': { status: 400, data: { error_code: 400, error_description: '所选部门、角色或团队不属于该用户' } },
  },
  {
    login: {
      access_token: 'acc',
      refresh_token: 'ref',
      tenant_id: '100001',
      account: 'multi',
      dept_id: '2100',
      role_id: '2202',
      team_id: '2401',
    },
  },
);

function renderSelects() {
  render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <OrgChoiceSelects />
      </SWRConfig>
    </UiProviders>,
  );
}

const selectOf = (label: string) => screen.getByRole('combobox', { name: label }).closest('.ant-select') as HTMLElement;

beforeEach(() => {
  teams = [{ id: '2401', name: '家庭医生一团队' }];
});

describe('OrgChoiceSelects', { timeout: 20_000 }, () => {
  it('shows the session’s department and role, and no team selector for a single team', async () => {
    renderSelects();
    await waitFor(() => expect(selectOf('部门').textContent).toContain('全科医疗科'));
    expect(selectOf('角色').textContent).toContain('医生');
    expect(screen.queryByRole('combobox', { name: '团队' })).toBeNull();
  });

  it('re-logs in with the change type and restores the previous department when that fails', async () => {
    renderSelects();
    await waitFor(() => expect(selectOf('部门').textContent).toContain('全科医疗科'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '部门' }));
    fireEvent.click(await screen.findByTitle('公共卫生科'));
    expect(await screen.findByText('所选部门、角色或团队不属于该用户')).toBeTruthy();
    const call = seen.find((c) => c.url === '/api/blade-auth/oauth/token');
    expect(call?.params).toMatchObject({ grant_type: 'change', changeType: 'dept' });
    expect(call?.headers.get('Dept-Id')).toBe('2200');
    expect(call?.headers.get('Role-Id')).toBe('2202');
    await waitFor(() => expect(selectOf('部门').textContent).toContain('全科医疗科'));
    expect(getUserInfo()?.dept_id).toBe('2100');
  });

  it('shows the team selector with two teams, disabled in a category-6 department', async () => {
    teams = [
      { id: '2401', name: '家庭医生一团队' },
      { id: '2402', name: '家庭医生二团队' },
    ];
    storeLogin({ access_token: 'acc', tenant_id: '100001', dept_id: '2200', role_id: '2202', team_id: '2401' });
    renderSelects();
    await waitFor(() => expect(screen.getByRole('combobox', { name: '团队' })).toBeTruthy());
    await waitFor(() => expect(selectOf('团队').className).toContain('ant-select-disabled'));
  });
});
