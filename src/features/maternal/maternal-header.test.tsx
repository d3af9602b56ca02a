import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProviders } from '../../components/ui-providers';
import { maternalCaseFixture } from './maternal-case-fixture';
import { avatarRefusal } from './avatar-upload';
import { MaternalHeader } from './maternal-header';
import { pregnancyPhase } from './maternal-stage';

// What the header's click-to-copy values put on the clipboard.
const copied: string[] = [];
vi.mock('../../components/copy-text', () => ({
  copyText: (text: string) => {
    copied.push(text);
    return Promise.resolve(true);
  },
}));

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const base = maternalCaseFixture({
  pregnantBookId: 'YC-1',
  lastMenstrualPeriod: day(-100),
  riskColor: 'orange',
});

afterEach(cleanup);
const show = (props: Partial<Parameters<typeof MaternalHeader>[0]> = {}) =>
  render(
    <UiProviders>
      <MaternalHeader c={base} onClose={() => undefined} {...props} />
    </UiProviders>,
  );

describe('pregnancyPhase', () => {
  it('is 孕期 before delivery, 产褥期 for 42 days after it, 产后 beyond, none once closed', () => {
    const today = '2026-03-01';
    expect(pregnancyPhase({ status: '1', deliveryDate: null }, today)).toBe('孕期');
    expect(pregnancyPhase({ status: '1', deliveryDate: '2026-01-18' }, today)).toBe('产褥期'); // 42 days
    expect(pregnancyPhase({ status: '1', deliveryDate: '2026-01-17' }, today)).toBe('产后');
    expect(pregnancyPhase({ status: '2', deliveryDate: '2026-01-17' }, today)).toBeNull();
  });
});

describe('avatarRefusal', () => {
  it('takes png and jpeg up to 1M, refuses anything else with the spec’s words', () => {
    expect(avatarRefusal({ name: 'a.png', type: 'image/png', size: 1024 * 1024 })).toBeUndefined();
    expect(avatarRefusal({ name: 'a.jpg', type: 'image/jpeg', size: 2000 })).toBeUndefined();
    expect(avatarRefusal({ name: 'a.gif', type: 'image/gif', size: 10 })).toMatch(/^超出文件类型限制：只能上传jpg\/png文件/);
    expect(avatarRefusal({ name: 'a.png', type: 'image/png', size: 1024 * 1024 + 1 })).toMatch(/不超过1M/);
  });
});

describe('MaternalHeader', () => {
  it('shows the age with its life stage, the phase, the gestational weeks, the risk colour and the archive’s phone and grid', () => {
    show({ resident: { phone: '138****5678', regionAddress: '第三网格', doctorName: '李娜', teamName: '上城团队' } });
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(screen.getByText('第三网格')).toBeTruthy();
    expect(screen.getByTestId('maternal-age').textContent).toBe('31岁（青年）');
    expect(screen.getByTestId('pregnancy-phase').textContent).toBe('孕期');
    expect(screen.getByTestId('gestation').textContent).toBe('孕14+2周');
    expect(screen.getByTestId('risk-tag').textContent).toBe('橙色(较高风险)');
  });

  it('keeps the case’s 妇保医生 and 建档单位 apart from the archive’s 责任医生 and 管理单位, with the 休养地', () => {
    const { container } = render(
      <UiProviders>
        <MaternalHeader
          c={maternalCaseFixture({ doctorName: '王芳', unitName: '城东卫生院', restRegion: '城南街道12号' })}
          onClose={() => undefined}
          resident={{ phone: '', regionAddress: '', doctorName: '李娜', teamName: '上城团队' }}
        />
      </UiProviders>,
    );
    const item = (label: string) =>
      [...container.querySelectorAll('span')].find((s) => s.textContent?.startsWith(`${label}：`))?.textContent;
    expect(item('妇保医生')).toBe('妇保医生：王芳');
    expect(item('建档单位')).toBe('建档单位：城东卫生院');
    expect(item('休养地')).toBe('休养地：城南街道12号');
    expect(item('责任医生')).toBe('责任医生：李娜');
    expect(item('管理单位')).toBe('管理单位：上城团队');
  });

  it('with the death flag shows 已注销 and greys every tag', () => {
    const { container } = show({ dead: true });
    expect(screen.getByTestId('case-status').textContent).toBe('已注销');
    expect(screen.queryByTestId('pregnancy-phase')).toBeNull();
    expect(screen.getByTestId('gestation').textContent).toBe('-');
    const tags = [...container.querySelectorAll('.ant-tag')];
    expect(tags.length).toBeGreaterThan(0);
    // antd gives a preset colour its class; a greyed tag has none.
    for (const tag of tags) expect(tag.className).not.toMatch(/ant-tag-(orange|blue|magenta)/);
  });

  it('refuses a gif before uploading it, and uploads a png', async () => {
    const onAvatar = vi.fn(() => Promise.resolve());
    const { container } = show({ onAvatar });
    // rc-upload renders a new input after each choice: found again each time.
    const input = () => container.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input(), new File(['x'], 'a.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByText(/超出文件类型限制/)).toBeTruthy();
    expect(onAvatar).not.toHaveBeenCalled();
    await userEvent.upload(input(), new File(['x'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(onAvatar).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('头像已更新')).toBeTruthy();
  });

  it('shows the sex and the resident archive number with its status (spec 001 line 24)', () => {
    show({
      resident: {
        phone: '138****5678',
        regionAddress: '',
        doctorName: '',
        teamName: '',
        archivesNo: '441302000012345',
        archivesStatus: '1',
        archivesStatusText: '正常',
      },
    });
    expect(screen.getByTestId('maternal-sex').textContent).toBe('女');
    expect(screen.getByTestId('resident-archive-no').textContent).toBe('441302000012345');
    expect(screen.getByTestId('resident-archive-status').textContent).toBe('正常');
    expect(screen.getByTestId('resident-archive-status').className).toMatch(/ant-tag-green/);
  });

  it('greys the archive status of a cancelled case, and shows - for an archive not loaded', () => {
    const { unmount } = show({
      dead: true,
      resident: {
        phone: '',
        regionAddress: '',
        doctorName: '',
        teamName: '',
        archivesNo: 'A1',
        archivesStatus: '1',
        archivesStatusText: '正常',
      },
    });
    expect(screen.getByTestId('resident-archive-status').className).not.toMatch(/ant-tag-green/);
    unmount();
    show();
    expect(screen.getByTestId('resident-archive-no').textContent).toBe('-');
    expect(screen.queryByTestId('resident-archive-status')).toBeNull();
    expect(screen.getByTestId('header-phone').textContent).toBe('-');
  });

  it('copies the archive number, LMP, due date and phone on click, saying 复制成功', async () => {
    copied.length = 0;
    show({
      resident: {
        phone: '138****5678',
        regionAddress: '',
        doctorName: '',
        teamName: '',
        archivesNo: 'A-77',
        archivesStatus: '1',
        archivesStatusText: '正常',
      },
    });
    const user = userEvent.setup();
    for (const id of ['resident-archive-no', 'header-lmp', 'due-date', 'header-phone'])
      await user.click(screen.getByTestId(id).querySelector('a')!);
    expect(copied).toEqual(['A-77', day(-100), screen.getByTestId('due-date').textContent, '138****5678']);
    expect(copied[2]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await screen.findAllByText('复制成功')).length).toBeGreaterThan(0);
  });
});
