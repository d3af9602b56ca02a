import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { UiProviders } from '../../components/ui-providers';
import { DictSyncDialog, SYNC_DIALOG_WIDTH } from './dict-sync-dialog';

/** The progress answers in turn, as the server's background job advances (the last repeats). */
let progress: unknown[] = [];

const { seen } = setupFakeServer({
  '/api/blade-system/tenant/list-info': blade([
    { tenantId: '000000', tenantName: '区域公共卫生管理平台' },
    { tenantId: '100001', tenantName: '源城区示范社区卫生服务中心' },
    { tenantId: '100002', tenantName: '紫金县示范卫生院' },
  ]),
  '/api/blade-system/dict-biz/syndict': blade({ jobId: '77' }),
  '/api/blade-system/dict-biz/syndict-progress': () => blade(progress.length > 1 ? progress.shift() : progress[0]),
});

const chosen = [
  {
    id: '5000',
    tenantId: '000000',
    parentId: '0',
    code: 'sex',
    dictKey: '-1',
    dictValue: '性别',
    pdfKey: '',
    sort: 0,
    remark: '',
    isSealed: 1,
    isAdmin: 0,
    createTime: '2024-01-01T00:00:00Z',
    own: true,
    rowVersion: 1,
  },
];

describe('dictionary sync dialog (spec 002 §2)', { timeout: 30_000 }, () => {
  it('345 px; select-all picks every tenant but the platform; the progress bar follows the job to 100 %', async () => {
    const job = { jobId: '77', total: 2, tenantName: '紫金县示范卫生院', tenantId: '100002', message: '' };
    progress = [
      { ...job, status: 'running', done: 1, percent: 50 },
      { ...job, status: 'done', done: 2, percent: 100 },
    ];
    const user = userEvent.setup();
    render(
      <UiProviders lang="zh">
        <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
          <DictSyncDialog open chosen={chosen} onClose={() => undefined} />
        </SWRConfig>
      </UiProviders>,
    );
    const dialog = await screen.findByRole('dialog');
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe(`${SYNC_DIALOG_WIDTH}px`);
    await within(dialog).findByText('紫金县示范卫生院');
    expect(within(dialog).queryByText('区域公共卫生管理平台')).toBeNull();

    // No tenant chosen: refused before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('请选择目标租户')).toBeTruthy();
    expect(seen.some((c) => c.url?.endsWith('/syndict'))).toBe(false);

    await user.click(within(dialog).getByLabelText('全选'));
    await user.click(within(dialog).getByLabelText('覆盖已有数据'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect((await screen.findAllByText('确定同步所选数据?')).length).toBeGreaterThan(0);
    const confirmBox = document.querySelector('.ant-modal-confirm') as HTMLElement;
    await user.click(within(confirmBox).getByRole('button', { name: /确\s*定|OK/ }));

    await waitFor(() => expect(seen.some((c) => c.url?.endsWith('/syndict'))).toBe(true));
    expect(JSON.parse(String(seen.find((c) => c.url?.endsWith('/syndict'))!.data))).toEqual({
      ids: '5000',
      tenantIds: '100001,100002',
      over: 1,
    });
    await waitFor(() => expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100'), { timeout: 5_000 });
    expect(within(dialog).getByText(/2\/2/)).toBeTruthy();
    expect(seen.filter((c) => c.url?.endsWith('/syndict-progress')).every((c) => c.params?.jobId === '77')).toBe(true);
    expect(await screen.findByText('同步完成')).toBeTruthy();
  });
});
