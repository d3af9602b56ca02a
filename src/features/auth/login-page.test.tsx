import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RequestError } from '../../api/request';
import { clearSession, getToken, getUserInfo } from '../../api/session';
import type { LoginConfig, TokenResponse } from '../../api/types';
import { UiProviders } from '../../components/ui-providers';
import type { LoginApi } from './login-api';
import { LoginPage } from './login-page';

const okAnswer: TokenResponse = {
  access_token: 'acc',
  refresh_token: 'ref',
  tenant_id: '100001',
  account: 'doctor',
  real_name: '张医生',
  dept_id: '11',
  role_id: '21',
};

function stubApi(over: Partial<LoginApi> = {}, config: Partial<LoginConfig> = {}): LoginApi {
  return {
    getLoginConfig: vi.fn(async () => ({ tenantMode: true, captchaMode: false, defaultTenantId: '000000', ...config })),
    getPublicKey: vi.fn(async () => 'PEM'),
    getCaptcha: vi.fn(async () => ({ key: 'k1', image: 'data:image/png;base64,AAAA' })),
    encryptPassword: vi.fn((_pem: string, password: string) => `enc(${password})`),
    login: vi.fn(async () => okAnswer),
    getUserDefault: vi.fn(async () => ({ userId: 'u1', tenantId: '100001', account: 'doctor' })),
    ...over,
  };
}

function renderLogin(api: LoginApi, lang: 'zh' | 'en' = 'zh') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage api={api} /> },
      { path: '/home/index', element: <p>home page</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <UiProviders lang={lang}>
      <RouterProvider router={router} />
    </UiProviders>,
  );
  return router;
}

async function fillAndSubmit(account = 'doctor', password = 'Health@2026') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('账号'), account);
  await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: /^登\s*录$/ }));
  return user;
}

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
/** The modal's OK button; found by text because the opening animation hides its accessible name from jsdom. */
function okButton(): HTMLElement {
  const button = screen.getByText(/^确\s*定$/).closest('button');
  if (!button) throw new Error('no OK button');
  return button;
}

afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
});

// antd + jsdom is slow on a shared 2-core machine; the default 5 s is too tight for a form journey.
describe('LoginPage', { timeout: 20_000 }, () => {
  it('renders the Chinese form with the demo tenant prefilled and no captcha when the server has it off', async () => {
    renderLogin(stubApi());
    expect(await screen.findByLabelText('租户编号')).toHaveProperty('value', '100001');
    expect(screen.getByLabelText('账号')).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();
    expect(screen.queryByLabelText('验证码')).toBeNull();
  });

  it('prefills the last tenant used on this browser', async () => {
    localStorage.setItem('saber-lastTenantId', JSON.stringify('200002'));
    renderLogin(stubApi());
    expect(await screen.findByLabelText('租户编号')).toHaveProperty('value', '200002');
  });

  it('shows the English labels when English is chosen', async () => {
    renderLogin(stubApi(), 'en');
    expect(await screen.findByLabelText('Account')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('asks for the required fields and does not call the server', async () => {
    const api = stubApi();
    renderLogin(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^登\s*录$/ }));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('encrypts the password, logs in, stores the session and goes home', async () => {
    const api = stubApi();
    const router = renderLogin(api);
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(api.encryptPassword).toHaveBeenCalledWith('PEM', 'Health@2026');
    expect(api.login).toHaveBeenCalledWith(
      expect.objectContaining({ tenantId: '100001', username: 'doctor', password: 'enc(Health@2026)' }),
    );
    expect(getToken()).toBe('acc');
    expect(getUserInfo()?.real_name).toBe('张医生');
  });

  it('shows the error_description of a refused login inline and stays on the page', async () => {
    const refused = new RequestError('用户名或密码不正确', 400, { error_code: 400, error_description: '用户名或密码不正确' });
    const router = renderLogin(stubApi({ login: vi.fn(async () => Promise.reject(refused)) }));
    await fillAndSubmit('doctor', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('用户名或密码不正确');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeUndefined();
  });

  it('after a refused login empties the spent captcha, loads a new one and shows the error once', async () => {
    const refused = new RequestError('验证码不正确', 400, { error_code: 400, error_description: '验证码不正确' });
    const getCaptcha = vi
      .fn()
      .mockResolvedValueOnce({ key: 'k1', image: 'data:image/png;base64,AAAA' })
      .mockResolvedValue({ key: 'k2', image: 'data:image/png;base64,BBBB' });
    const api = stubApi({ getCaptcha, login: vi.fn(async () => Promise.reject(refused)) }, { captchaMode: true });
    renderLogin(api);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('验证码'), '1234');
    await fillAndSubmit('doctor', 'Health@2026');
    expect((await screen.findByRole('alert')).textContent).toContain('验证码不正确');
    // Once: inline, with no toast repeating it.
    expect(screen.getAllByText('验证码不正确')).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('验证码')).toHaveProperty('value', ''));
    expect(getCaptcha).toHaveBeenCalledTimes(2);
    // The next attempt carries the new captcha's key with what the user types now.
    await user.type(screen.getByLabelText('验证码'), '5678');
    await user.click(screen.getByRole('button', { name: /^登\s*录$/ }));
    await waitFor(() => expect(api.login).toHaveBeenLastCalledWith(expect.objectContaining({ captcha: { key: 'k2', code: '5678' } })));
  });

  it('shows the captcha when the server asks for it and sends it with the captcha grant', async () => {
    const api = stubApi({}, { captchaMode: true });
    renderLogin(api);
    expect(await screen.findByAltText('验证码图片，点击换一张')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('验证码'), '1234');
    await fillAndSubmit();
    await waitFor(() => expect(api.login).toHaveBeenCalledWith(expect.objectContaining({ captcha: { key: 'k1', code: '1234' } })));
  });

  it('asks a user with several departments to choose, then logs in with the choice', async () => {
    const multi: TokenResponse = {
      tenant_id: '100001',
      account: 'multi',
      real_name: '多部门',
      dept_id: '11,12',
      role_id: '21',
      team_id: '',
      choices: {
        depts: [
          { id: '11', deptName: '第一门诊', deptCategory: 1 },
          { id: '12', deptName: '第二门诊', deptCategory: 1 },
        ],
        roles: [{ id: '21', roleName: '医生', roleAlias: 'doctor' }],
        teams: [],
      },
    };
    const login = vi.fn(async (l: Parameters<LoginApi['login']>[0]) => (l.choice ? { ...okAnswer, dept_id: l.choice.deptId } : multi));
    const router = renderLogin(stubApi({ login }));
    const user = await fillAndSubmit('multi');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('请选择部门和角色')).toBeTruthy();
    expect(getToken()).toBeUndefined();
    // Role has one option and is preselected; department must be picked.
    await user.click(okButton());
    expect(await screen.findByText('请选择角色')).toBeTruthy();

    await user.click(screen.getByLabelText('部门'));
    await user.click(await screen.findByText('第二门诊'));
    await user.click(okButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(login).toHaveBeenLastCalledWith(
      expect.objectContaining({ choice: { deptId: '12', roleId: '21', teamId: undefined }, password: 'enc(Health@2026)' }),
    );
    expect(getToken()).toBe('acc');
  });
});
