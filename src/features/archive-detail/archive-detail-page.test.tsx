import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { blade, failure, setupFakeServer, type FakeAnswer } from '../../api/testing/fake-server';
import { DOCTOR_LOGIN, HEALTH_MENU, HYPERTENSION_ARCHIVE, renderDetail, SAVED_FOLLOWUP } from './detail-test-support';

const userEvent = userEventLib.setup({ delay: null });
const ARCHIVE = HYPERTENSION_ARCHIVE;
const SAVED = SAVED_FOLLOWUP;
let records: unknown[] = [];
let submitAnswer: FakeAnswer = blade(SAVED);

const { seen } = setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    if (url.endsWith('/commuserarchives/detail')) return config.params?.id === '9001' ? blade(ARCHIVE) : failure(404, '数据不存在!');
    if (url.includes('/healthmenu/getHealthMenuRoutes'))
      return url.includes('archId=9001') ? blade(HEALTH_MENU) : failure(404, '档案不存在');
    if (url.endsWith('/userfollowup/new-list')) return blade({ records, total: records.length, size: 200, current: 1, pages: 1 });
    if (url.endsWith('/userfollowup/submit')) return submitAnswer;
    if (url.endsWith('/userfollowupdev/history')) return blade([]);
    return undefined;
  },
  {
    // No registry here: the form runtime falls back to the bundled documents.
    fallback: failure(404, '表单 hypertensionfollowup 尚未发布'),
    login: DOCTOR_LOGIN,
    teardown: () => vi.restoreAllMocks(),
  },
);

// The form loads, compiles and mounts its fields in a few seconds under jsdom.
const slow = (check: () => void) => waitFor(check, { timeout: 15_000 });
const row = (prop: string) => document.querySelector(`[data-field="${prop}"]`) as HTMLElement;

beforeEach(() => {
  records = [];
  submitAnswer = blade(SAVED);
});

describe('ArchiveDetailPage', { timeout: 40_000 }, () => {
  it('a missing arch_id is 入参有误[arch_id] and asks nothing of the server', async () => {
    renderDetail('/publichealthwork/detail/healtharchive');
    expect((await screen.findAllByText('入参有误[arch_id]')).length).toBeGreaterThan(0);
    expect(seen.some((c) => c.url?.includes('commuserarchives'))).toBe(false);
  });

  it('an archive the server does not have is 数据不存在!', async () => {
    renderDetail('/publichealthwork/detail/healtharchive?arch_id=404404');
    expect((await screen.findAllByText('数据不存在!')).length).toBeGreaterThan(0);
  });

  it('the header shows the archive with the ID masked; numbers copy on click (复制成功 / 复制失败)', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDetail('/publichealthwork/detail/healtharchive?arch_id=9001');
    const header = await screen.findByTestId('archive-header');
    expect(within(header).getByText('李秀英')).toBeTruthy();
    expect(within(header).getByText('62岁')).toBeTruthy();
    expect(within(header).getByText('正常')).toBeTruthy();
    expect(within(header).getByText('441***********0021')).toBeTruthy();
    expect(within(header).queryByText('441622196403020021')).toBeNull();
    // fireEvent: user-event would put its own clipboard stub in place of this one.
    fireEvent.click(within(header).getByText('441622000001'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('441622000001'));
    expect(await screen.findByText('复制成功')).toBeTruthy();

    writeText.mockRejectedValue(new Error('denied'));
    document.execCommand = vi.fn().mockReturnValue(false);
    fireEvent.click(within(header).getByText('441***********0021'));
    expect(await screen.findByText('复制失败')).toBeTruthy();
  });

  it('the left menu lists the archive’s forms and opens the follow-up page with arch_id kept', async () => {
    const router = renderDetail('/publichealthwork/detail/healtharchive?arch_id=9001');
    const menu = await screen.findByRole('menu');
    // The registry's answer, in its order: no list of forms in the page.
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual(['健康档案', '高血压随访', '血压趋势', '糖尿病随访', '血糖趋势']),
    );
    await userEvent.click(within(menu).getByText('高血压随访'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publichealthwork/detail/hypertensionfollowup'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('arch_id')).toBe('9001');
    // The tab label: the resident and the page.
    expect(query.get('name')).toBe('李秀英·高血压随访');
    expect(await screen.findByText('暂无随访记录')).toBeTruthy();
    expect(screen.getByText('暂无历史记录')).toBeTruthy();
  });
});

describe('FollowupPage (hypertension)', { timeout: 60_000 }, () => {
  it('a new record starts from today and the archive’s birth date; the last record can be imported', async () => {
    records = [SAVED];
    renderDetail('/publichealthwork/detail/hypertensionfollowup?arch_id=9001');
    const list = await screen.findByTestId('followup-records');
    expect(await within(list).findByText('2026-08-20')).toBeTruthy();
    expect(within(list).getByText('表单版本 v1')).toBeTruthy();
    expect(within(list).getByText('继续随访')).toBeTruthy();
    await slow(() => expect(row('birthDate')?.querySelector('input')?.value).toBe('1964-03-02'));

    const panel = screen.getByTestId('history-panel');
    expect(within(panel).getByText('上次随访：2026-08-20')).toBeTruthy();
    await userEvent.click(within(panel).getByLabelText('体重'));
    await userEvent.click(within(panel).getByLabelText('身高'));
    await userEvent.click(within(panel).getByRole('button', { name: /导入数据/ }));
    await slow(() => expect(row('bmi').querySelector('input')?.value).toBe('24.22'));
    expect(screen.getByText('已导入 2 项')).toBeTruthy();
  });

  it('the close confirmation appears only when there are unsaved changes', async () => {
    records = [SAVED];
    const router = renderDetail('/publichealthwork/detail/hypertensionfollowup?arch_id=9001');
    await slow(() => expect(row('birthDate')?.querySelector('input')?.value).toBe('1964-03-02'));
    // Nothing typed yet: the prefilled date and birth date are not the user's changes.
    await userEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publichealthwork/index'));

    cleanup();
    const again = renderDetail('/publichealthwork/detail/hypertensionfollowup?arch_id=9001');
    await slow(() => expect(row('weight')).toBeTruthy());
    await userEvent.type(row('weight').querySelector('input')!, '70');
    await userEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.ant-modal-confirm-title')?.textContent).toBe('警告');
    expect(within(dialog).getByText('未保存的修改不会提交，只在本窗口暂存为草稿，再次打开此表单时可恢复。确定离开吗？')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(again.state.location.pathname).toBe('/publichealthwork/detail/hypertensionfollowup');
  });

  it('every other way out — a tab’s ×, 返回列表, the browser’s back — asks the same question; 取消 stays, 确定 leaves', async () => {
    records = [SAVED];
    const router = renderDetail('/publichealthwork/detail/hypertensionfollowup?arch_id=9001');
    await slow(() => expect(row('weight')).toBeTruthy());
    await userEvent.type(row('weight').querySelector('input')!, '70');
    // The shell's tab bar and 返回列表 navigate through the router, as this does.
    void router.navigate('/publichealthwork/index');
    // Found by its text: jsdom keeps the confirmation's opening animation, which hides its role.
    const text = '未保存的修改不会提交，只在本窗口暂存为草稿，再次打开此表单时可恢复。确定离开吗？';
    // The n-th confirmation asked (a closed one lingers in jsdom, its closing animation never ends).
    const confirmation = async (n: number) => {
      await slow(() => expect(screen.getAllByText(text)).toHaveLength(n));
      return screen.getAllByText(text)[n - 1]!.closest('.ant-modal') as HTMLElement;
    };
    const dialog = await confirmation(1);
    expect(dialog.querySelector('.ant-modal-confirm-title')?.textContent).toBe('警告');
    const buttons = (d: HTMLElement) => Array.from(d.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm-btns button'));
    expect(buttons(dialog).map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['取消', '确定']);
    fireEvent.click(buttons(dialog)[0]!);
    await waitFor(() => expect([...router.state.blockers.values()].every((b) => b.state === 'unblocked')).toBe(true));
    expect(router.state.location.pathname).toBe('/publichealthwork/detail/hypertensionfollowup');
    expect(row('weight').querySelector('input')?.value).toBe('70');

    void router.navigate('/publichealthwork/index');
    const again = await confirmation(2);
    fireEvent.click(buttons(again)[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/publichealthwork/index'));
  });

  it('opening a saved record uses its version and row version; a stale refusal keeps the values and shows the message', async () => {
    records = [SAVED];
    const stale = '该记录已被他人修改，请刷新后重试（您填写的内容已保留为草稿）';
    submitAnswer = failure(409, stale, { stage: 'stale', rowVersion: 4 });
    renderDetail('/publichealthwork/detail/hypertensionfollowup?arch_id=9001');
    const list = await screen.findByTestId('followup-records');
    // The list blurs (pointer-events: none) while it loads; open the record once it has settled.
    await slow(() => expect(list.querySelector('.ant-spin-spinning')).toBeNull());
    fireEvent.click(await within(list).findByText('2026-08-20'));
    await slow(() => expect(row('weight')?.querySelector('input')?.value).toBe('70'));
    const weight = row('weight').querySelector('input')!;
    await userEvent.clear(weight);
    await userEvent.type(weight, '71');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.some((c) => c.url?.endsWith('/userfollowup/submit'))).toBe(true));
    const body = JSON.parse(String(seen.find((c) => c.url?.endsWith('/userfollowup/submit'))?.data)) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: '7001',
      formCode: 'hypertensionfollowup',
      formVersion: 1,
      archId: '9001',
      rowVersion: 3,
      acknowledgements: [],
    });
    expect((body.values as Record<string, unknown>).weight).toBe(71);
    expect(typeof body.clientRequestId).toBe('string');
    expect((await screen.findAllByText(stale)).length).toBeGreaterThan(0);
    expect(screen.getByText('您填写的内容已保留为草稿')).toBeTruthy();
    await slow(() => expect(row('weight').querySelector('input')?.value).toBe('71'));
    // Still unsaved: leaving asks first.
    await userEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    expect(await screen.findByText('未保存的修改不会提交，只在本窗口暂存为草稿，再次打开此表单时可恢复。确定离开吗？')).toBeTruthy();
  });
});
