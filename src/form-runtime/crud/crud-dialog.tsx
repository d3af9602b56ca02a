import { useEffect, useState } from 'react';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, Select, type FormRule } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { crudMessages } from './crud-messages';
import type { CrudColumn, FormRow } from './crud-types';

interface Props<T> {
  /** Prefix of the fields' ids (see CrudSearchArea). */
  name: string;
  open: boolean;
  mode: 'add' | 'edit';
  row?: T;
  columns: CrudColumn<T>[];
  width: number;
  /** Extra initial values of a new row (e.g. the selected parent's code). */
  initial?: FormRow;
  onSubmit: (values: FormRow) => Promise<boolean>;
  onClose: () => void;
}

/**
 * The add / edit dialog: one field per column with a `form` entry, each with the spec's exact
 * required message. A click on the backdrop does not close it (spec 002 §2): typed data would be lost.
 */
export function CrudDialog<T>({ name, open, mode, row, columns, width, initial, onSubmit, onClose }: Props<T>) {
  const m = useMessages(crudMessages);
  const [form] = Form.useForm<FormRow>();
  const [saving, setSaving] = useState(false);
  const fields = columns.filter((c) => c.form);

  // Filled once per opening: later renders keep what was typed. The form stays mounted (forceRender)
  // so a closing dialog's fields can never clear the values of the next opening.
  useEffect(() => {
    if (!open) return;
    const values: FormRow = {};
    if (mode === 'edit' && row) Object.assign(values, row as FormRow);
    else {
      for (const c of columns) if (c.form?.initial !== undefined) values[c.prop] = c.form.initial;
      Object.assign(values, initial);
    }
    form.resetFields();
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, mode, row]);

  const ok = async () => {
    let values: FormRow;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    setSaving(true);
    try {
      if (await onSubmit(values)) onClose();
    } finally {
      setSaving(false);
    }
  };

  // Text is required to be more than blanks; choices and numbers (0 is a value) only to be present.
  const rulesOf = (column: CrudColumn<T>): FormRule[] | undefined => {
    const f = column.form!;
    if (!f.required) return undefined;
    const textual = !f.input || f.input === 'input' || f.input === 'textarea';
    return [textual ? { required: true, whitespace: true, message: f.required } : { required: true, message: f.required, validator: (_rule, value: unknown) => (value === undefined || value === null || value === '' ? Promise.reject(new Error(f.required)) : Promise.resolve()) }];
  };

  const control = (column: CrudColumn<T>) => {
    const f = column.form!;
    const disabled = f.disabled?.(mode, row as FormRow | undefined) ?? false;
    const placeholder = f.placeholder ?? (f.input === 'select' || f.input === 'radio' ? m.pleaseSelect(column.label) : m.pleaseEnter(column.label));
    switch (f.input) {
      case 'textarea':
        return <Input.TextArea disabled={disabled} placeholder={placeholder} autoSize={{ minRows: 3, maxRows: 10 }} />;
      case 'number':
        return <InputNumber disabled={disabled} placeholder={placeholder} min={0} precision={0} style={{ width: '100%' }} />;
      case 'select':
        return <Select disabled={disabled} placeholder={placeholder} options={column.options} />;
      case 'radio':
        return <Radio.Group disabled={disabled} options={column.options?.map((o) => ({ label: o.label, value: o.value }))} />;
      default:
        return <Input disabled={disabled} placeholder={placeholder} />;
    }
  };

  return (
    <Modal
      open={open}
      title={mode === 'add' ? m.addTitle : m.editTitle}
      width={width}
      maskClosable={false}
      forceRender
      okText={m.save}
      cancelText={m.cancel}
      confirmLoading={saving}
      onOk={ok}
      onCancel={onClose}
    >
      <Form form={form} name={`${name}_dialog`} layout="horizontal" labelCol={{ flex: '110px' }}>
        <Row gutter={16}>
          {fields.map((column) => (
            <Col key={column.prop} span={column.form!.span ?? 12}>
              <Form.Item name={column.prop as string} label={column.label} rules={rulesOf(column)}>
                {control(column)}
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
