import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { blade, failure, setupFakeServer, type FakeAnswer } from '../../api/testing/fake-server';
import type { FollowupVoucher } from '../../api/vouchers';
import { UiProviders } from '../../components/ui-providers';
import { VoucherPanel } from './voucher-panel';

// The file chooser's accept list is bypassed so the panel's own type check can be seen refusing.
const userEvent = userEventLib.setup({ delay: null, applyAccept: false });
const LINK = (id: string) => `/api/blade-resource/oss/file/${id.padStart(36, '0')}`;
const voucher = (id: string, originalName: string): FollowupVoucher => ({
  id,
  followId: '7001',
  link: LINK(id),
  documentUrl: '',
  originalName,
  name: id.padStart(36, '0'),
  createUser: '1123598821738675201',
  createUserName: '张伟',
  createTime: '2026-08-20 09:00:00',
});
let vouchers: FollowupVoucher[] = [];
let putFileAnswer: FakeAnswer = blade({ link: LINK('99'), name: '99'.padStart(36, '0'), originalName: '血压计.png', attachId: '99' });

const { seen } = setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    if (url.endsWith('/userfollowupvoucher/new-list')) return blade(vouchers);
    if (url.endsWith('/oss/endpoint/put-file')) return putFileAnswer;
    if (url.endsWith('/userfollowupvoucher/save-vouchers')) {
      const body = JSON.parse(String(config.data)) as { vouchers: Omit<FollowupVoucher, 'id' | 'followId'>[] };
      const saved = body.vouchers.map((v, i) => ({ ...voucher(`${100 + i}`, v.originalName), link: v.link }));
      vouchers = [...saved, ...vouchers];
      return blade(saved, '保存成功');
    }
    if (url.endsWith('/userfollowupvoucher/remove')) {
      const ids = String(config.params?.ids).split(',');
      vouchers = vouchers.filter((v) => !ids.includes(v.id));
      return blade(true, '删除成功');
    }
    return undefined;
  },
  {
    fallback: failure(404, '接口不存在'),
    login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', user_id: '1501', account: 'doctor', real_name: '张伟' },
  },
);
const calls = (suffix: string) => seen.filter((c) => (c.url ?? '').endsWith(suffix));

function renderPanel(recordId: string | undefined) {
  render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <VoucherPanel recordId={recordId} />
      </SWRConfig>
    </UiProviders>,
  );
}

const fileInput = () => screen.getByTestId('voucher-panel').querySelector('input[type="file"]') as HTMLInputElement;
const png = (name = '血压计.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });

beforeEach(() => {
  vouchers = [voucher('2', '随访单.pdf'), voucher('1', '血压照片.jpg')];
  putFileAnswer = blade({ link: LINK('99'), name: '99'.padStart(36, '0'), originalName: '血压计.png', attachId: '99' });
});

describe('VoucherPanel', { timeout: 20_000 }, () => {
  it('asks to save a new record first and calls nothing', () => {
    renderPanel(undefined);
    expect(screen.getByText('请先保存随访记录，再上传凭证')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /上传凭证/ })).toBeNull();
    expect(seen).toHaveLength(0);
  });

  it('lists the record’s vouchers: names open the file, images show a thumbnail', async () => {
    renderPanel('7001');
    const pdf = await screen.findByRole('link', { name: '随访单.pdf' });
    expect(pdf.getAttribute('href')).toBe(LINK('2'));
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(calls('/new-list')[0]!.params).toEqual({ followId: '7001' });
    const thumb = screen.getByRole('img', { name: '血压照片.jpg' });
    expect(thumb.getAttribute('src')).toBe(LINK('1'));
    expect(screen.queryByRole('img', { name: '随访单.pdf' })).toBeNull();
    expect(screen.getAllByTestId('voucher-item')).toHaveLength(2);
  });

  it('uploads a file to put-file, saves it to the record and shows it', async () => {
    renderPanel('7001');
    await screen.findByRole('link', { name: '随访单.pdf' });
    await userEvent.upload(fileInput(), png());
    await screen.findByRole('link', { name: '血压计.png' });
    const put = calls('/oss/endpoint/put-file');
    expect(put).toHaveLength(1);
    expect(put[0]!.params).toEqual({ type: 'voucher' });
    expect((put[0]!.data as FormData).get('file')).toBeInstanceOf(File);
    const saved = calls('/save-vouchers');
    expect(JSON.parse(String(saved[0]!.data))).toEqual({
      followId: '7001',
      vouchers: [{ link: LINK('99'), name: '99'.padStart(36, '0'), originalName: '血压计.png' }],
    });
    expect(await screen.findByText('凭证已上传：血压计.png')).toBeTruthy();
    expect(screen.getAllByTestId('voucher-item')).toHaveLength(3);
  });

  it('refuses other file types before uploading, and shows the server’s refusal', async () => {
    renderPanel('7001');
    await screen.findByRole('link', { name: '随访单.pdf' });
    await userEvent.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('只能上传图片文件或PDF文件！')).toBeTruthy();
    expect(calls('/oss/endpoint/put-file')).toHaveLength(0);

    putFileAnswer = failure(400, '文件过大');
    await userEvent.upload(fileInput(), png());
    expect(await screen.findByText('文件过大')).toBeTruthy();
    expect(calls('/save-vouchers')).toHaveLength(0);
    expect(screen.getAllByTestId('voucher-item')).toHaveLength(2);
  });

  it('removes a voucher after 确定删除该凭证?', async () => {
    renderPanel('7001');
    await screen.findByRole('link', { name: '随访单.pdf' });
    await userEvent.click(screen.getByRole('button', { name: '删除 随访单.pdf' }));
    const confirm = (await screen.findByText('确定删除该凭证?')).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByRole('link', { name: '随访单.pdf' })).toBeNull());
    expect(calls('/userfollowupvoucher/remove')[0]!.params).toEqual({ ids: '2' });
    expect(screen.getAllByTestId('voucher-item')).toHaveLength(1);
  });
});
