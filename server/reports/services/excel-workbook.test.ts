import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { headerLayout } from './excel-headers';
import { buildWorkbook, cellValue, safeSheetName } from './excel-workbook';

describe('excel header layout', () => {
  it('nests groups: a group covers the following columns up to its colspan, data columns reach the last header row', () => {
    const layout = headerLayout([
      { label: '姓名', prop: 'name' },
      { label: '随访', prop: '', colspan: 3 },
      { label: '日期', prop: 'date' },
      { label: '体征', prop: '', colspan: 2 },
      { label: '收缩压', prop: 'sbp' },
      { label: '舒张压', prop: 'dbp' },
      { label: '备注', prop: 'remark' },
    ]);
    expect(layout.depth).toBe(3);
    expect(layout.leaves.map((l) => l.prop)).toEqual(['name', 'date', 'sbp', 'dbp', 'remark']);
    expect(layout.cells.map((c) => [c.label, c.row, c.col, c.rowspan, c.colspan])).toEqual([
      ['姓名', 0, 0, 3, 1],
      ['随访', 0, 1, 1, 3],
      ['日期', 1, 1, 2, 1],
      ['体征', 1, 2, 1, 2],
      ['收缩压', 2, 2, 1, 1],
      ['舒张压', 2, 3, 1, 1],
      ['备注', 0, 4, 3, 1],
    ]);
  });

  it('a group with rowspan 2 pushes its members down two rows', () => {
    const layout = headerLayout([
      { label: '分组', prop: '', colspan: 2, rowspan: 2 },
      { label: 'A', prop: 'a' },
      { label: 'B', prop: 'b' },
    ]);
    expect(layout.depth).toBe(3);
    expect(layout.cells.map((c) => [c.label, c.row, c.rowspan])).toEqual([
      ['分组', 0, 2],
      ['A', 2, 1],
      ['B', 2, 1],
    ]);
  });
});

describe('excel cell values', () => {
  const dic = [
    { label: '是', value: '1' },
    { label: '否', value: '0' },
  ];
  it.each([
    [{ label: 'x', prop: 'v', dicData: dic }, 1, '是'],
    [{ label: 'x', prop: 'v', dicData: dic }, '7', '7'],
    [{ label: 'x', prop: 'v', dicData: dic, multiple: true }, '1,0', '是,否'],
    [{ label: 'x', prop: 'v', type: 'datetime' }, '2024-01-02T03:04:05', '2024-01-02 03:04:05'],
    [{ label: 'x', prop: 'v', format: 'YYYY/MM' }, '2024-01-02', '2024/01'],
    [{ label: 'x', prop: 'v', format: '0.00' }, 12.5, 12.5],
    [{ label: 'x', prop: 'v' }, ['a', 'b'], 'a,b'],
    [{ label: 'x', prop: 'v' }, null, ''],
  ])('%o with %o shows %o', (column, value, shown) => {
    expect(cellValue(column, { v: value })).toEqual(shown);
  });

  it('reads dotted props', () => {
    expect(cellValue({ label: 'x', prop: 'dept.name' }, { dept: { name: '公卫科' } })).toBe('公卫科');
  });

  it('cleans sheet names Excel would refuse', () => {
    expect(safeSheetName('a/b:c*d?[e]')).toBe('abcde');
    expect(safeSheetName('  ')).toBe('Sheet1');
    expect(safeSheetName('x'.repeat(40))).toHaveLength(31);
  });
});

describe('excel workbook', () => {
  it('writes a note under the data and keeps formula-like text inert', async () => {
    const buffer = await buildWorkbook({
      sheetName: 's',
      titleName: '标题',
      columns: [
        { label: 'A', prop: 'a' },
        { label: 'B', prop: 'b' },
      ],
      rows: [{ a: '=1+1', b: 2 }],
      note: '仅导出前10000条数据',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A3').value).toBe('=1+1');
    expect(sheet.getCell('B3').value).toBe(2);
    expect(sheet.getCell('A4').value).toBe('仅导出前10000条数据');
    expect(sheet.getCell('B4').master.address).toBe('A4');
  });
});
