import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { SWRConfig } from 'swr';
import { configureRequest, request } from '../../api/request';
import { clearSession, getUserInfo, storeLogin } from '../../api/session';
import { UiProviders } from '../../components/ui-providers';
import { OrgChoiceSelects } from './org-choice';

const ok = (data: unknown) => ({ status: 200, data: { code: 200, success: true, msg: '', data } });
const seen: InternalAxiosRequestConfig[] = [];
let teams = [{ id: '2401', name: '家庭医生一团队' }];

const adapter: AxiosAdapter = async (config) => {
  seen.push(config);
  const answers: Record<string, { status: number; data: unknown }> = {
    '/api/blade-system/menu/deptSelect': ok([
      { id: '2100', deptName: '全科医疗科', deptCategory: 1 },
      { id: '2200', deptName: '公共卫生科', deptCategory: 6 },
    ]),
    '/api/blade-system/menu/roleSelect': ok([{ id: '2202', roleName: '医生' }]),
    '/api/blade-system/menu/teamSelect': ok(teams),
    // The server refuses the change: the previous department must come back.
    '/api/blade-auth/oauth/token': { status: 400, data: { error_code: 400, error_description: '所选部门、角色或团队不属于该用户' } },
  };
  const answer = answers[config.url ?? ''] ?? { status: 404, data: { code: 404, success: false, msg: 'no', data: null } };
  return { ...answer, statusText: '', headers: {}, config };
};

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
  seen.length = 0;
  teams = [{ id: '2401', name: '家庭医生一团队' }];
  request.defaults.adapter = adapter;
  configureRequest({ notifyError: () => undefined, onUnauthorized: () => undefined });
  storeLogin({ access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', account: 'multi', dept_id: '2100', role_id: '2202', team_id: '2401' });
});

afterEach(() => {
  cleanup();
  clearSession();
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
