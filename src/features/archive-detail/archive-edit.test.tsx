import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { blade, failure, setupFakeServer, type FakeAnswer } from '../../api/testing/fake-server';
import { DOCTOR_LOGIN, HEALTH_MENU, HYPERTENSION_ARCHIVE, renderDetail } from './detail-test-support';

/**
 * Issue 22 §6 on the health-archive page: the edit dialog sends the version it read; a 409 opens
 * the conflict dialog over the user's input, compare shows both, and 以我的填写为准保存 saves the
 * input with the version now saved. The archive's history is listed under the summary.
 */
const userEvent = userEventLib.setup({ delay: null });
const ARCHIVE = { ...HYPERTENSION_ARCHIVE, homeAddress: '旧街1号', rowVersion: 3 };
let saved = ARCHIVE;
let saveAnswers: FakeAnswer[] = [];
const HISTORY = [
  {
    id: 'h2',
    action: 'update',
    rowVersion: 3,
    updateUserName: '赵敏',
    updateTime: '2026-08-21 10:00:00',
    changes: [
      { field: 'homeAddress', before: '老街', after: '旧街1号' },
      { field: 'sex', before: '1', after: '2' },
    ],
  },
];

const { seen } = setupFakeServer(
  (config) => {
    const url = config.url ?? '';
    if (url.endsWith('/commuserarchives/detail')) return blade(saved);
    if (url.includes('/healthmenu/getHealthMenuRoutes')) return blade(HEALTH_MENU);
    if (url.endsWith('/userarchivesdev/history')) return blade(HISTORY);
    if (url.endsWith('/userarchives/create-update-archives')) return saveAnswers.shift() ?? failure(500, 'unexpected');
    return undefined;
  },
  { login: DOCTOR_LOGIN, teardown: () => vi.restoreAllMocks() },
);

const saves = () =>
  seen
    .filter((c) => c.url?.endsWith('/userarchives/create-update-archives'))
    .map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

beforeEach(() => {
  saved = ARCHIVE;
  saveAnswers = [];
});

describe('editing an archive on its detail page', { timeout: 30_000 }, () => {
  it('lists the archive’s history with field names and coded values in words', async () => {
    renderDetail('/publichealthwork/detail/healtharchive?arch_id=9001');
    const history = await screen.findByTestId('archive-history');
    await waitFor(() => expect(within(history).getByText('赵敏')).toBeTruthy());
    expect(history.textContent).toContain('现住址：老街 → 旧街1号');
    expect(history.textContent).toContain('性别：男 → 女');
  });

  it('编辑档案’s address (?edit=1) opens the page with the edit dialog of that archive', async () => {
    renderDetail('/publichealthwork/detail/healtharchive?arch_id=9001&edit=1');
    const dialog = await screen.findByRole('dialog', { name: '编辑档案' });
    expect((within(dialog).getByLabelText('现住址') as HTMLInputElement).value).toBe('旧街1号');
  });

  it('the archive form’s rules stop an empty name; the save sends the version read and the stored ID number', async () => {
    saveAnswers = [blade({ ...ARCHIVE, personName: '王改名', rowVersion: 4 })];
    renderDetail('/publichealthwork/detail/healtharchive?arch_id=9001');
    await userEvent.click(await screen.findByRole('button', { name: /编辑档案/ }));
    const dialog = await screen.findByRole('dialog', { name: '编辑档案' });
    // The ID number is shown (as the server sent it), never edited here.
    expect((within(dialog).getByLabelText('身份证号') as HTMLInputElement).disabled).toBe(true);
    const name = within(dialog).getByLabelText('姓名');
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入姓名', { selector: '.fr-msg' })).toBeTruthy();
    expect(saves()).toHaveLength(0);

    await userEvent.type(name, '王改名');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ id: '9001', rowVersion: 3, personName: '王改名', idCard: ARCHIVE.idCard, homeAddress: '旧街1号' });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('keeps the typed text on a conflict, compares, and saves the input over the newer version when asked', async () => {
    const theirs = { ...ARCHIVE, homeAddress: '先存路2号', rowVersion: 4 };
    saveAnswers = [
      failure(409, '档案已被赵敏于2026-08-22 09:00:00修改，请刷新后重试（您填写的内容已保留）', {
        rowVersion: 4,
        updateUserName: '赵敏',
        updateTime: '2026-08-22 09:00:00',
      }),
    ];
    renderDetail('/publichealthwork/detail/healtharchive?arch_id=9001');
    await userEvent.click(await screen.findByRole('button', { name: /编辑档案/ }));
    const dialog = await screen.findByRole('dialog', { name: '编辑档案' });
    const address = within(dialog).getByLabelText('现住址');
    await userEvent.clear(address);
    await userEvent.type(address, '后存路3号');
    saved = theirs;
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    const conflict = await screen.findByTestId('archive-conflict-dialog');
    expect(conflict.textContent).toContain('赵敏 于 2026-08-22 09:00:00 修改了这份档案');
    expect(saves()[0]).toMatchObject({ id: '9001', rowVersion: 3, homeAddress: '后存路3号' });
    expect((address as HTMLInputElement).value).toBe('后存路3号');

    await userEvent.click(screen.getByRole('button', { name: /对\s*比/ }));
    const compare = await screen.findByTestId('archive-conflict-compare');
    const addressRow = within(compare).getByText('现住址').closest('tr')!;
    expect(addressRow.textContent).toContain('后存路3号');
    expect(addressRow.textContent).toContain('先存路2号');

    saveAnswers = [blade({ ...theirs, homeAddress: '后存路3号', rowVersion: 5 })];
    await userEvent.click(screen.getByRole('button', { name: '以我的填写为准保存' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toMatchObject({ rowVersion: 4, homeAddress: '后存路3号' });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });
});
