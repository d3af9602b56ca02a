import { describe, expect, it } from 'vitest';
import { compileDocumentOrThrow, validateForSubmit } from '../../engine';
import { crudFormDocument } from './crud-form-document';
import type { CrudColumn } from './crud-types';

interface Row {
  code: string;
  sort: number;
  isSealed: number;
  remark: string;
}

const columns: CrudColumn<Row>[] = [
  { prop: 'code', label: '字典编号', form: { required: '请输入字典编号', disabled: (mode) => mode === 'edit' } },
  { prop: 'sort', label: '排序', form: { input: 'number' } },
  {
    prop: 'isSealed',
    label: '封存',
    options: [
      { value: 0, label: '否' },
      { value: 1, label: '是' },
    ],
    form: { input: 'radio', required: '请选择封存' },
  },
  { prop: 'remark', label: '备注', hideInTable: true, form: { input: 'textarea', span: 24 } },
];
const NOW = { now: new Date('2026-11-23T10:00:00') };

describe('a CRUD dialog as a form document', () => {
  it('gives each empty required field its own message, counting blanks as empty and 0 as a value', () => {
    const { document, toForm } = crudFormDocument('crud-dict', '新增', columns, 'add', undefined);
    const form = compileDocumentOrThrow(document);
    const empty = validateForSubmit(form, toForm({ code: '  ' }), NOW);
    expect(empty.fieldErrors).toEqual({ code: '请输入字典编号', isSealed: '请选择封存' });
    expect(validateForSubmit(form, toForm({ code: 'blood_type', isSealed: 0, sort: 0 }), NOW).ok).toBe(true);
  });

  it('keeps an option’s own value (a number) and a number as a number on the way back', () => {
    const { fromForm, toForm } = crudFormDocument('crud-dict', '新增', columns, 'add', undefined);
    expect(toForm({ code: 'x', isSealed: 1, sort: '3' })).toEqual({ code: 'x', isSealed: '1', sort: 3 });
    expect(fromForm({ code: 'x', isSealed: '1', sort: 3, remark: null })).toEqual({ code: 'x', isSealed: 1, sort: 3, remark: null });
  });

  it('refuses a choice the column does not offer, and makes read-only what the mode says', () => {
    const add = crudFormDocument('crud-dict', '新增', columns, 'add', undefined);
    expect(validateForSubmit(compileDocumentOrThrow(add.document), { code: 'x', isSealed: '7' }, NOW).fieldErrors).toEqual({
      isSealed: '封存数值异常',
    });
    expect(add.document.fields.find((f) => f.fieldProp === 'code')?.disabled).toBeUndefined();
    const edit = crudFormDocument('crud-dict', '编辑', columns, 'edit', { code: 'x' });
    expect(edit.document.fields.find((f) => f.fieldProp === 'code')?.disabled).toBe(true);
    // A full-width column (span 24) takes both columns of the dialog's grid.
    expect(edit.document.fields.find((f) => f.fieldProp === 'remark')?.span).toBe(2);
  });
});
