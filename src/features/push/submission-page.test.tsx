import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import type { PushView } from '../../api/push';
import { SubmissionPage } from './submission-page';

const view = (over: Partial<PushView>): PushView => ({
  id: 'GW:contract:501',
  kind: 'contract',
  kindText: '签约协议',
  sourceId: '501',
  archId: '100001000000013',
  personName: '何艳',
  formCode: 'contract',
  formName: '家庭医生签约',
  visitDate: '2031-01-01',
  system: 'GW',
  systemName: '公卫系统',
  state: 2,
  stateText: '已上报',
  attempts: 1,
  gwStatus: '1',
  gwMsg: '',
  idempotencyKey: 'GW:501:v1',
  externalId: 'GW000001',
  nextTryTime: '',
  lastTryTime: '2026-11-29 19:31:30',
  pushedTime: '2026-11-29 19:31:31',
  updateTime: '2026-11-29 19:31:31',
  ...over,
});

const ROWS = [
  view({}),
  view({
    id: 'SFY:archive_other:601',
    kind: 'archive_other',
    kindText: '专项档案',
    sourceId: '601',
    personName: '周敏',
    formCode: 'maternal',
    formName: '孕产妇档案',
    visitDate: '',
    system: 'SFY',
    systemName: '省妇幼系统',
    state: 0,
    stateText: '待上报',
    gwStatus: '0',
    gwMsg: '省妇幼系统未配置上报地址（SFY_PUSH_URL），配置后自动上报',
  }),
];

const { seen } = setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    if (url.endsWith('menu/buttons')) return blade([{ id: '4340', code: 'submission_push', name: '重新上报' }]);
    if (url.endsWith('pushoutbox/list')) return blade({ records: ROWS, total: 2, size: 10, current: 1, pages: 1 });
    if (url.endsWith('init-gw-statistics')) return blade([]);
    return undefined;
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '2302', account: 'doctor', real_name: '张伟' } },
);

describe('SubmissionPage (上报管理)', { timeout: 30_000 }, () => {
  it('shows each row’s kind and system, and filters by system and kind', async () => {
    const user = userEvent.setup();
    render(
      <UiProviders lang="zh">
        <SubmissionPage />
      </UiProviders>,
    );
    expect(await screen.findByText('家庭医生签约')).toBeTruthy();
    expect(screen.getByText('签约协议', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('省妇幼系统', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('省妇幼系统未配置上报地址（SFY_PUSH_URL），配置后自动上报')).toBeTruthy();

    await user.click(screen.getByLabelText('上报系统'));
    await user.click(await screen.findByTitle('省妇幼系统'));
    await user.click(screen.getByLabelText('类别'));
    await user.click(await screen.findByTitle('专项档案'));
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => {
      const last = seen.filter((c) => (c.url ?? '').endsWith('pushoutbox/list')).at(-1);
      expect(last?.params).toMatchObject({ system: 'SFY', kind: 'archive_other', current: 1 });
    });
  });
});
