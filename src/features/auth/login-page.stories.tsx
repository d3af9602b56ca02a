import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RequestError } from '../../api/request';
import type { LoginConfig, TokenResponse } from '../../api/types';
import type { LoginApi } from './login-api';
import { LoginPage } from './login-page';

/** A 1×1 grey PNG stands in for the server's captcha image. */
const CAPTCHA_IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const multiAnswer: TokenResponse = {
  tenant_id: '100001',
  account: 'multi',
  real_name: '王多岗',
  dept_id: '11,12',
  role_id: '21',
  team_id: '',
  choices: {
    depts: [
      { id: '11', deptName: '全科门诊', deptCategory: 1 },
      { id: '12', deptName: '公卫科', deptCategory: 1 },
    ],
    roles: [{ id: '21', roleName: '家庭医生', roleAlias: 'doctor' }],
    teams: [],
  },
};

/** Answers like the server would, without one: doctor logs in, multi must choose, others fail. */
function stubApi(config: Partial<LoginConfig> = {}): LoginApi {
  return {
    getLoginConfig: async () => ({ tenantMode: true, captchaMode: false, defaultTenantId: '000000', ...config }),
    getPublicKey: async () => '-----BEGIN PUBLIC KEY-----stub-----END PUBLIC KEY-----',
    getCaptcha: async () => ({ key: 'story', image: CAPTCHA_IMAGE }),
    encryptPassword: (_pem, password) => password,
    getUserDefault: async () => ({ userId: '1', tenantId: '100001', account: 'doctor' }),
    login: async (l) => {
      if (l.username === 'multi' && !l.choice) return multiAnswer;
      if (l.username === 'doctor' || l.choice)
        return { access_token: 'story', tenant_id: '100001', account: l.username, dept_id: '11', role_id: '21' };
      throw new RequestError('用户名或密码不正确', 400, { error_code: 400, error_description: '用户名或密码不正确' });
    },
  };
}

const meta: Meta<typeof LoginPage> = {
  title: 'auth/LoginPage',
  component: LoginPage,
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<Story />} />
          <Route path="/home/index" element={<p>已登录，跳转到首页</p>} />
        </Routes>
      </MemoryRouter>
    ),
  ],
  parameters: { layout: 'fullscreen' },
};
export default meta;

type Story = StoryObj<typeof LoginPage>;

/** Try account doctor (logs in), multi (asks for the department), anything else (refused). */
export const Default: Story = { args: { api: stubApi() } };

/** The server runs with captcha mode on. */
export const WithCaptcha: Story = { args: { api: stubApi({ captchaMode: true }) } };

/** The server runs without tenant mode: no tenant field. */
export const WithoutTenant: Story = { args: { api: stubApi({ tenantMode: false }) } };
