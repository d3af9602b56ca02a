import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getUserDefault, setUserDefault } from '../../api/session';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { PasswordTab, type PasswordApi } from './password-tab';
import { profileMessages } from './profile-messages';
import { ProfilePage } from './profile-page';

const { seen } = setupFakeServer(
  {
    '/api/blade-user/info': blade({
      userId: '2302',
      tenantId: '100001',
      account: 'doctor',
      name: '张伟',
      realName: '张伟',
      avatar: '',
      email: '',
      phone: '13800000002',
      keepOnlineTime: 20,
      deptName: '家庭医生一部',
      roleName: '医生',
    }),
    '/api/blade-user/update-info': blade(true, '修改成功'),
    '/api/blade-user/platform-detail': blade({ userId: '2302', userType: '', userExt: '', authorizeCode: '' }),
    '/api/blade-user/update-platform': blade(true, '修改成功'),
    '/api/blade-system/dict-biz/dictionary': blade([{ dictKey: '1', dictValue: '省基本公共卫生服务平台' }]),
    '/api/blade-user/loglogin/list': blade({
      records: [
        {
          id: '9',
          account: 'doctor',
          ip: '10.0.0.8',
          result: 'failure',
          message: '密码错误',
          userAgent: 'Chrome',
          createTime: '2026-03-01T08:00:00Z',
        },
      ],
      total: 31,
      size: 10,
      current: 1,
      pages: 4,
    }),
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', account: 'doctor', real_name: '张伟' } },
);

const renderPage = () =>
  render(
    <UiProviders lang="zh">
      <ProfilePage />
    </UiProviders>,
  );

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

/** The messages under a field of a form document (field validation and error rules), joined. */
async function fieldError(label: string) {
  const input = screen.getByLabelText(label);
  const item = input.closest('.fr-field') as HTMLElement;
  await waitFor(() => expect(item.querySelector('.fr-msg')).not.toBeNull());
  return [...item.querySelectorAll('.fr-msg')].map((m) => m.textContent).join('；');
}

describe('ProfilePage personal info', { timeout: 30_000 }, () => {
  it('loads the user and gives the spec’s three mobile messages', async () => {
    renderPage();
    const phone = await screen.findByLabelText('手机号码');
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('13800000002'));
    const submit = screen.getByRole('button', { name: '保 存' });
    const cases: [string, string][] = [
      ['', '手机号码不能为空'],
      ['1380000', '手机号码长度不为11位'],
      ['23800000000', '手机号码格式不正确'],
    ];
    for (const [value, text] of cases) {
      fireEvent.change(phone, { target: { value } });
      fireEvent.click(submit);
      await waitFor(async () => expect(await fieldError('手机号码')).toBe(text));
    }
    expect(seen.some((c) => c.url === '/api/blade-user/update-info')).toBe(false);
  });

  it('requires a name and a keep-online time of 10 to 120 minutes in steps of 5', async () => {
    renderPage();
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张伟'));
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('在线保持时长'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await fieldError('姓名')).toBe('请输入姓名');
    expect(await fieldError('在线保持时长')).toBe('在线保持时长应为10到120分钟，且为5的倍数');
  });

  it('saves, and the idle timer follows the new keep-online time at once', async () => {
    setUserDefault({ userId: '2302', tenantId: '100001', account: 'doctor', keepOnlineTime: 20 });
    renderPage();
    await waitFor(() => expect((screen.getByLabelText('手机号码') as HTMLInputElement).value).toBe('13800000002'));
    fireEvent.change(screen.getByLabelText('在线保持时长'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('修改成功', undefined, { timeout: 5000 })).toBeTruthy();
    const sent = JSON.parse(seen.find((c) => c.url === '/api/blade-user/update-info')?.data as string) as {
      keepOnlineTime: number;
      phone: string;
    };
    expect(sent).toMatchObject({ keepOnlineTime: 45, phone: '13800000002' });
    expect(getUserDefault()?.keepOnlineTime).toBe(45);
  });

  it('refuses an avatar that is not png/jpeg or is over 1024 KB, before uploading', async () => {
    renderPage();
    await screen.findByLabelText('姓名');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const gif = new File(['GIF89a'], 'me.gif', { type: 'image/gif' });
    await userEvent.upload(input, gif, { applyAccept: false });
    expect(await screen.findByText('超出文件类型限制', undefined, { timeout: 5000 })).toBeTruthy();
    const big = new File([new Uint8Array(1025 * 1024)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big, { applyAccept: false });
    await waitFor(() => expect(screen.getAllByText('超出文件类型限制').length).toBeGreaterThanOrEqual(1));
    expect(seen.some((c) => c.url?.includes('put-file'))).toBe(false);
  });
});

describe('ProfilePage other tabs', { timeout: 30_000 }, () => {
  it('platform info asks for the user platform, the authorisation code and each row’s fields', async () => {
    renderPage();
    await openTab('修改平台信息');
    // As a user would: the stored platform info has arrived before the form is used.
    await waitFor(() => expect(seen.some((c) => c.url === '/api/blade-user/platform-detail')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    fireEvent.click(await screen.findByRole('button', { name: /添加平台账号/ }));
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    for (const text of ['请选择用户平台', '请输入授权码', '请选择平台', '请输入账号', '请输入密码'])
      expect(await screen.findByText(text, undefined, { timeout: 5000 })).toBeTruthy();
    expect(seen.some((c) => c.url === '/api/blade-user/update-platform')).toBe(false);
  });

  it('login log lists the user’s logins with the server’s total', async () => {
    renderPage();
    await openTab('登录日志');
    expect(await screen.findByText('密码错误')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getByText('共 31 条')).toBeTruthy();
    expect(seen.find((c) => c.url === '/api/blade-user/loglogin/list')?.params).toEqual({ current: 1, size: 10 });
  });

  it('authorisation info shows the account and a platform not yet set', async () => {
    renderPage();
    await openTab('授权信息');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('doctor')).toBeTruthy());
    expect(within(table).getAllByText('未设置').length).toBeGreaterThan(0);
  });

  it('speaks English when the language is en', async () => {
    render(
      <UiProviders lang="en">
        <ProfilePage />
      </UiProviders>,
    );
    expect(await screen.findByRole('tab', { name: 'Change password' })).toBeTruthy();
    expect(profileMessages.en.fileRejected).not.toBe(profileMessages.zh.fileRejected);
  });
});

describe('PasswordTab', { timeout: 30_000 }, () => {
  /** The tab with the old password typed, then the new one twice (as given), then 保存. */
  const fillAndSave = (fake: PasswordApi, next: string, confirm: string) => {
    render(
      <UiProviders lang="zh">
        <PasswordTab t={profileMessages.zh} api={fake} />
      </UiProviders>,
    );
    fireEvent.change(screen.getByLabelText('原密码'), { target: { value: 'Old@2026x' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
  };
  const api = (): PasswordApi => ({
    getPublicKey: vi.fn(async () => 'PEM'),
    encrypt: vi.fn((_pem: string, plain: string) => `enc(${plain})`),
    updatePassword: vi.fn(async () => true),
  });

  it('gives the §5 policy message and the mismatch message, and sends nothing', async () => {
    const fake = api();
    fillAndSave(fake, 'abcdefgh', 'abcdefgX');
    expect(await fieldError('新密码')).toBe('设置密码最小长度为8位，密码由数字、大小字母和特殊字符组合而成');
    expect(await fieldError('确认密码')).toBe('两次密码输入不一致');
    expect(fake.updatePassword).not.toHaveBeenCalled();
  });

  it('sends the three passwords encrypted when they conform', async () => {
    const fake = api();
    fillAndSave(fake, 'New@2026x', 'New@2026x');
    expect(await screen.findByText('修改密码成功', undefined, { timeout: 5000 })).toBeTruthy();
    expect(fake.updatePassword).toHaveBeenCalledWith({
      oldPassword: 'enc(Old@2026x)',
      newPassword: 'enc(New@2026x)',
      newPassword1: 'enc(New@2026x)',
    });
  });
});
