import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import type { Page } from '../../api/types';
import { renderWithUi } from '../test/render';
import { CrudPage } from './crud-page';
import type { CrudDataSource, CrudSchema } from './crud-types';

interface Row {
  id: string;
  name: string;
  kind: string;
  sort: number;
}

const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: String(i + 1),
  name: `项目${i + 1}`,
  kind: i % 2 ? 'b' : 'a',
  sort: i + 1,
}));

const schema: CrudSchema<Row> = {
  ref: 'demo',
  menuCode: 'demo_menu',
  title: '示例',
  exportName: '示例',
  listUrl: '/api/demo/list',
  dateRange: { prop: 'createTime', label: '创建时间' },
  columns: [
    { prop: 'name', label: '名称', search: { ways: 0 }, form: { required: '请输入名称' } },
    {
      prop: 'kind',
      label: '类别',
      options: [
        { value: 'a', label: '甲类' },
        { value: 'b', label: '乙类' },
      ],
      search: { ways: 3, order: 1 },
      form: { input: 'select', required: '请选择类别' },
    },
    { prop: 'sort', label: '排序', search: { ways: 8, input: 'number', order: 2000 }, form: { input: 'number' } },
  ],
};

let loads: Record<string, unknown>[];
let source: CrudDataSource<Row> & { submit: ReturnType<typeof vi.fn>; remove: ReturnType<typeof vi.fn> };
const { seen } = setupFakeServer((config) => blade(config.url?.endsWith('/listCols') ? [] : true));

beforeEach(() => {
  loads = [];
  source = {
    load: async (params) => {
      loads.push(params);
      const size = Number(params.size);
      const current = Number(params.current);
      const page: Page<Row> = {
        records: rows.slice((current - 1) * size, current * size),
        total: rows.length,
        size,
        current,
        pages: Math.ceil(rows.length / size),
      };
      return page;
    },
    submit: vi.fn(async () => ({ id: '99' })),
    remove: vi.fn(async () => true),
  };
});

const errorsIn = (el: HTMLElement) => Array.from(el.querySelectorAll('.fr-msg')).map((e) => e.textContent);

const renderPage = (s: CrudSchema<Row> = schema) => renderWithUi(<CrudPage<Row> schema={s} source={source} />);

describe('CrudPage', { timeout: 30_000 }, () => {
  it('lists the first page of 10 with sizes 10, 30, 50, 100, 200', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('项目1')).toBeTruthy();
    expect(screen.queryByText('项目11')).toBeNull();
    expect(loads[0]).toMatchObject({ current: 1, size: 10 });
    expect(screen.getByText('共 12 条')).toBeTruthy();
    // The kind column shows the option's label, not its code.
    expect(screen.getAllByText('甲类').length).toBeGreaterThan(0);
    await user.click(screen.getByText('10 条/页'));
    const options = await screen.findAllByText(/^\d+ 条\/页$/, { selector: '.ant-select-item-option-content' });
    expect(options.map((o) => o.textContent)).toEqual(['10 条/页', '30 条/页', '50 条/页', '100 条/页', '200 条/页']);
  });

  it('the variant table starts at 30 with sizes 10, 30, 50, 100', async () => {
    const user = userEvent.setup();
    renderPage({ ...schema, pageSize: 'large' });
    expect(await screen.findByText('项目12')).toBeTruthy();
    expect(loads[0]).toMatchObject({ size: 30 });
    await user.click(screen.getByText('30 条/页'));
    const options = await screen.findAllByText(/^\d+ 条\/页$/, { selector: '.ant-select-item-option-content' });
    expect(options.map((o) => o.textContent)).toEqual(['10 条/页', '30 条/页', '50 条/页', '100 条/页']);
  });

  it('search sends each operator’s parameter in search order and resets to page 1', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('项目1');
    // Order: 类别 (1) before 名称 (1000) before 排序 (2000).
    const labels = Array.from(document.querySelectorAll('.crud-search .ant-form-item-label label')).map((l) => l.textContent);
    expect(labels).toEqual(['类别', '名称', '排序', '创建时间']);
    await user.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(loads.at(-1)).toMatchObject({ current: 2 }));

    const area = within(document.querySelector<HTMLElement>('.crud-search')!);
    await user.type(area.getByLabelText('名称'), '项目');
    await user.click(area.getByLabelText('类别'));
    await user.click((await screen.findAllByTitle('乙类')).find((e) => e.classList.contains('ant-select-item'))!);
    await user.type(area.getByLabelText('排序起'), '2');
    await user.type(area.getByLabelText('排序止'), '8');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(loads.at(-1)).toEqual({ name_like: '项目', kind_equal: 'b', sort_ge: '2', sort_le: '8', current: 1, size: 10 }),
    );
  });

  it('search with a date range sends createTime_dategt / createTime_datelt', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('项目1');
    const [start, end] = screen.getAllByPlaceholderText(/开始日期|结束日期/);
    await user.click(start!);
    await user.type(start!, '2024-03-01{Enter}');
    await user.click(end!);
    await user.type(end!, '2024-03-31{Enter}');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(loads.at(-1)).toMatchObject({
        createTime_dategt: '2024-03-01 00:00:00',
        createTime_datelt: '2024-03-31 23:59:59',
        current: 1,
      }),
    );
  });

  it('delete without a selection says 请选择至少一条数据 and calls nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('项目1');
    const toolbarDelete = screen.getAllByRole('button', { name: /删\s*除/ })[0]!;
    await user.click(toolbarDelete);
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(source.remove).not.toHaveBeenCalled();
  });

  it('delete asks 确定将选择数据删除?, removes the selected ids, says 删除成功 and reloads', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByText('项目2')).closest('tr')!;
    await user.click(within(row as HTMLElement).getByRole('checkbox'));
    const before = loads.length;
    await user.click(screen.getAllByRole('button', { name: /删\s*除/ })[0]!);
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定将选择数据删除?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(source.remove).toHaveBeenCalledWith(['2']));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(loads.length).toBeGreaterThan(before));
  });

  it('add: the dialog is 880 wide, ignores backdrop clicks, shows required messages, then 新增成功 and a reload', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('项目1');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('880px');
    await user.click(document.querySelector('.ant-modal-wrap')!);
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(errorsIn(dialog)).toEqual(['请输入名称', '请选择类别']));
    expect(source.submit).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('名称'), '新项目');
    await user.click(within(dialog).getByRole('combobox', { name: '类别' }));
    await user.click((await screen.findAllByTitle('甲类')).find((e) => e.classList.contains('ant-select-item'))!);
    const before = loads.length;
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(source.submit).toHaveBeenCalled());
    expect(source.submit.mock.calls[0]![0]).toMatchObject({ name: '新项目', kind: 'a' });
    expect(await screen.findByText('新增成功')).toBeTruthy();
    await waitFor(() => expect(loads.length).toBeGreaterThan(before));
  });

  it('edit submits the row id and says 更新成功', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByText('项目3')).closest('tr')!;
    await user.click(within(row as HTMLElement).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('项目3')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(source.submit.mock.calls[0]![0]).toMatchObject({ id: '3', name: '项目3' }));
    expect(await screen.findByText('更新成功')).toBeTruthy();
  });

  it('export asks 是否导出数据？ with no selection and 是否导出所选数据？ with one, then posts the export request', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByText('项目4')).closest('tr')!;
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect((await screen.findAllByText('是否导出数据？')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await user.click(within(row as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect((await screen.findAllByText('是否导出所选数据？')).length).toBeGreaterThan(0);
    await user.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() => expect(seen.some((c) => c.url === '/api/blade-iph-input/excel-api/export')).toBe(true));
    const body = JSON.parse(String(seen.find((c) => c.url === '/api/blade-iph-input/excel-api/export')!.data));
    expect(body).toMatchObject({ sheet_name: '示例', title_name: '示例', url: '/api/demo/list', records: [{ id: '4', name: '项目4' }] });
    expect(body.columns.map((c: { prop: string }) => c.prop)).toEqual(['name', 'kind', 'sort']);
    expect(await screen.findByText('正在下载，请到【文件导出】查看!')).toBeTruthy();
  });

  it('column settings: saved through colcustom saveBatch; without a ref it says 请配置crud的【ref】', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('项目1');
    await user.click(screen.getByRole('button', { name: /列设置/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('隐藏 类别'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.some((c) => c.url === '/api/blade-iph-business/colcustom/saveBatch')).toBe(true));
    const saved = JSON.parse(String(seen.find((c) => c.url?.endsWith('/saveBatch'))!.data));
    expect(saved).toEqual([
      expect.objectContaining({ prop: 'name', hide: false, menuCode: 'demo_menu', refCode: 'demo' }),
      expect.objectContaining({ prop: 'kind', hide: true }),
      expect.objectContaining({ prop: 'sort', hide: false }),
    ]);
    // The hidden column leaves the table.
    await waitFor(() => expect(screen.queryAllByText('甲类')).toHaveLength(0));
    cleanup();

    renderPage({ ...schema, ref: undefined });
    await screen.findByText('项目1');
    await user.click(screen.getByRole('button', { name: /列设置/ }));
    expect(await screen.findByText('请配置crud的【ref】')).toBeTruthy();
  });
});
