import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Page } from '../../api/types';
import { CrudPage } from './crud-page';
import type { CrudDataSource, CrudSchema } from './crud-types';

interface Drug {
  id: string;
  name: string;
  form: string;
  stock: number;
  remark: string;
}

/** An in-memory data source: the story needs no server, and adding / deleting really changes the list. */
function memorySource(): CrudDataSource<Drug> {
  let rows: Drug[] = Array.from({ length: 23 }, (_, i) => ({
    id: String(i + 1),
    name: ['硝苯地平缓释片', '二甲双胍片', '阿司匹林肠溶片', '氨氯地平片'][i % 4]!,
    form: i % 3 ? 'tablet' : 'capsule',
    stock: (i * 37) % 200,
    remark: '',
  }));
  let next = 100;
  return {
    load: async (params) => {
      const like = String(params.name_like ?? '');
      const form = String(params.form_equal ?? '');
      const filtered = rows.filter((r) => r.name.includes(like) && (!form || r.form === form));
      const size = Number(params.size);
      const current = Number(params.current);
      const page: Page<Drug> = {
        records: filtered.slice((current - 1) * size, current * size),
        total: filtered.length,
        size,
        current,
        pages: Math.ceil(filtered.length / size),
      };
      return page;
    },
    submit: async (values) => {
      const row = { ...(values as unknown as Drug) };
      if (row.id) rows = rows.map((r) => (r.id === row.id ? row : r));
      else rows = [{ ...row, id: String(next++) }, ...rows];
    },
    remove: async (ids) => {
      rows = rows.filter((r) => !ids.includes(r.id));
    },
  };
}

const schema: CrudSchema<Drug> = {
  ref: 'storyDrugs',
  menuCode: 'story',
  title: '药品目录',
  exportName: '药品目录',
  dateRange: { prop: 'createTime', label: '创建时间' },
  columns: [
    { prop: 'name', label: '药品名称', width: 200, search: { ways: 0 }, form: { required: '请输入药品名称' } },
    {
      prop: 'form',
      label: '剂型',
      width: 100,
      options: [
        { value: 'tablet', label: '片剂' },
        { value: 'capsule', label: '胶囊' },
      ],
      search: { ways: 3 },
      form: { input: 'select', required: '请选择剂型' },
    },
    { prop: 'stock', label: '库存', width: 100, search: { ways: 8, input: 'number' }, form: { input: 'number' } },
    { prop: 'remark', label: '备注', hideInTable: true, form: { input: 'textarea', span: 24 } },
  ],
};

const meta: Meta<typeof CrudPage<Drug>> = {
  title: 'form-runtime/CrudPage',
  component: CrudPage<Drug>,
};
export default meta;

type Story = StoryObj<typeof CrudPage<Drug>>;

/** Search (fuzzy name, exact form, stock range, date range), paging 10–200, add / edit / delete, export. */
export const Standard: Story = { render: () => <CrudPage<Drug> schema={schema} source={memorySource()} /> };

/** The variant table: 30 rows by default, sizes 10–100. */
export const LargePages: Story = { render: () => <CrudPage<Drug> schema={{ ...schema, pageSize: 'large' }} source={memorySource()} /> };

/** Without a ref the column settings say 请配置crud的【ref】. */
export const WithoutRef: Story = { render: () => <CrudPage<Drug> schema={{ ...schema, ref: undefined }} source={memorySource()} /> };

/** Read-only: no submit or remove in the data source, so no add, edit or delete. */
export const ReadOnly: Story = { render: () => <CrudPage<Drug> schema={schema} source={{ load: memorySource().load }} /> };
