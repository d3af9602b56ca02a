// The paper form made from a form document (pure): sections in order with their titles, every shown
// field as a label | value pair laid in the section's columns (a span honoured), dictionary labels
// instead of codes, units; and a long value wrapped to its cell, a page break repeating nothing lost.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { DictionaryLookup, FormDocument } from '../../../src/engine';
import { recordPrintDocument } from './record-print';
import { renderPdf, type PrintDocument } from './pdf-layout';

const doc: FormDocument = {
  formCode: 'sample',
  formName: '样例随访记录表',
  version: 1,
  sections: [
    { id: 'a', title: '随访信息', columns: 2 },
    { id: 'b', title: '体征', columns: 3 },
  ],
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, section: 'a' },
    { fieldProp: 'method', fieldLabel: '随访方式', fieldType: 2, bizCode: 'fu_method', section: 'a' },
    { fieldProp: 'note', fieldLabel: '备注', fieldType: 6, section: 'a', span: 2 },
    { fieldProp: 'secret', fieldLabel: '内部', fieldType: 3, section: 'a', hidden: true },
    { fieldProp: 'sbp', fieldLabel: '收缩压', fieldType: 4, unit: 'mmHg', section: 'b' },
    { fieldProp: 'symptoms', fieldLabel: '症状', fieldType: 7, bizCode: 'sym', section: 'b', printLabel: '主要症状' },
    { fieldProp: 'loose', fieldLabel: '无分区字段', fieldType: 3 },
  ],
};

const lists: Record<string, { value: string; label: string }[]> = {
  fu_method: [
    { value: '1', label: '门诊' },
    { value: '2', label: '家庭' },
  ],
  sym: [
    { value: '1', label: '头痛' },
    { value: '2', label: '头晕' },
  ],
};
const lookup: DictionaryLookup = (code) => lists[code];

const printed = () =>
  recordPrintDocument(
    doc,
    {
      id: '1',
      values: { visitDate: '2024-06-10', method: '2', note: '无', secret: 'x', sbp: 132, symptoms: ['1', '2'], loose: '有' },
      visitDate: '2024-06-10',
      nextVisitDate: '2024-09-10',
      doctorName: '张伟',
      changed: new Date('2024-06-10T08:00:00Z'),
    },
    { name: '王芳', sexText: '女', birthday: '1964-03-02', archivesNo: 'A001', idCard: '110***********1234' },
    lookup,
  );

describe('a form record as its paper form', () => {
  it('lays the sections in order, labels instead of codes, units, spans and the section columns', () => {
    const p = printed();
    expect(p.title).toBe('样例随访记录表');
    expect(p.date.toISOString()).toBe('2024-06-10T08:00:00.000Z');
    const tables = p.blocks.filter((b) => b.kind === 'table');
    // The resident's header, then the two-column section and the three-column one (and the fields of no section).
    const [header, visit, signs, rest] = tables;
    expect(header!.sections[0]!.rows.flat().map((c) => `${c.label}:${c.value}`)).toEqual([
      '姓名:王芳',
      '性别:女',
      '出生日期:1964-03-02',
      '年龄:60 岁',
      '档案编号:A001',
      '身份证号:110***********1234',
    ]);
    expect(visit).toMatchObject({ pairs: 2, sections: [{ heading: '随访信息' }] });
    expect(visit!.sections[0]!.rows).toEqual([
      [
        { label: '随访日期', value: '2024-06-10', span: 1 },
        { label: '随访方式', value: '家庭', span: 1 },
      ],
      [{ label: '备注', value: '无', span: 2 }],
    ]);
    expect(signs).toMatchObject({ pairs: 3, sections: [{ heading: '体征' }] });
    expect(signs!.sections[0]!.rows[0]).toEqual([
      { label: '收缩压', value: '132 mmHg', span: 1 },
      { label: '主要症状', value: '头痛，头晕', span: 1 },
    ]);
    expect(rest).toMatchObject({ sections: [{ heading: '其他', rows: [[{ label: '无分区字段', value: '有' }]] }] });
    expect(JSON.stringify(p)).not.toContain('内部');
  });

  it('breaks a long table onto further pages, the same bytes each time', async () => {
    const long: PrintDocument = {
      title: '长表',
      date: new Date(0),
      blocks: [
        {
          kind: 'table',
          pairs: 1,
          sections: [
            { heading: '记录', rows: Array.from({ length: 90 }, (_, i) => [{ label: `第${i + 1}行`, value: '内容'.repeat(40) }]) },
          ],
        },
      ],
    };
    const bytes = await renderPdf(long);
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(2);
    expect(Buffer.compare(Buffer.from(await renderPdf(long)), Buffer.from(bytes))).toBe(0);
  });
});
