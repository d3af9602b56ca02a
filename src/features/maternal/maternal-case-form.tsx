import { useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber } from 'antd';
import { dueDateFromLmp } from '../../engine';
import { saveMaternalCase, type MaternalCase } from './maternal-api';

interface CaseFormValues {
  lastMenstrualPeriod: string;
  gravidity: number | null;
  parity: number | null;
  pregnantBookId: string;
  barcode: string;
  restRegion: string;
}

const errorText = (e: unknown) => (e as { message?: string })?.message ?? '操作失败';

/** What a filing starts from when the opener gave it (the shell's lastMenstrualPeriod and BARCODE). */
export interface CaseFormPrefill {
  lastMenstrualPeriod?: string;
  barcode?: string;
}

const valuesOf = (c: MaternalCase | null, prefill: CaseFormPrefill = {}): CaseFormValues => ({
  lastMenstrualPeriod: c?.lastMenstrualPeriod ?? prefill.lastMenstrualPeriod ?? '',
  gravidity: c?.gravidity ?? 1,
  parity: c?.parity ?? 0,
  pregnantBookId: c?.pregnantBookId ?? '',
  barcode: c?.barcode ?? prefill.barcode ?? '',
  restRegion: c?.restRegion ?? '',
});

export interface CaseFormProps {
  archId: string;
  c: MaternalCase | null;
  onSaved: (c: MaternalCase) => void;
  /** Whether the form holds typing not saved yet, for the shell's leave guard. */
  onDirtyChange: (dirty: boolean) => void;
  /** Filing only: the values the opener passed. */
  prefill?: CaseFormPrefill;
  /** A closed case that may not be edited: the form shows, read only, with this note. */
  readOnlyNote?: string;
}

/**
 * 孕产妇档案: the case itself, filed or edited through create-or-update; a refusal keeps what was
 * typed. A case reloaded by another tab's save (risk colour, close-off) refreshes the fields only
 * while nothing is typed here, so such a reload never overwrites the user's typing.
 */
export function CaseForm({ archId, c, onSaved, onDirtyChange, prefill, readOnlyNote }: CaseFormProps) {
  const [form] = Form.useForm<CaseFormValues>();
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const lmp = Form.useWatch('lastMenstrualPeriod', form);
  const dirty = useRef(false);
  // Counts the user's changes: a save answered after more typing (Enter in a field submits the form,
  // and typing goes on while it is sent) must not mark that typing saved nor overwrite it.
  const edits = useRef(0);
  const setDirty = (value: boolean) => {
    dirty.current = value;
    onDirtyChange(value);
  };
  useEffect(() => {
    if (!dirty.current) form.setFieldsValue(valuesOf(c, prefill));
    // The prefill counts only for the first values of a filing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [c, form]);
  const submit = async (values: CaseFormValues) => {
    setSaving(true);
    setError('');
    const editsSent = edits.current;
    try {
      const saved = await saveMaternalCase({ ...values, archId, ...(c && { id: c.id, rowVersion: c.rowVersion }) });
      message.success(c ? '修改成功' : '建档成功');
      if (edits.current === editsSent) setDirty(false);
      onSaved(saved);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form
      form={form}
      layout="inline"
      style={{ padding: 16, rowGap: 12 }}
      initialValues={valuesOf(c, prefill)}
      disabled={Boolean(readOnlyNote)}
      onValuesChange={() => {
        edits.current += 1;
        setDirty(true);
      }}
      onFinish={(v) => void submit(v)}
      data-testid="maternal-case-form"
    >
      {readOnlyNote && <Alert type="info" showIcon message={readOnlyNote} style={{ width: '100%' }} data-testid="maternal-case-readonly" />}
      {error && <Alert type="error" showIcon message={error} style={{ width: '100%' }} data-testid="maternal-case-error" />}
      {/* antd's picker (zh_CN, yyyy-MM-dd as typed) holding the form's value as text, as the server takes it. */}
      <Form.Item
        label="末次月经"
        name="lastMenstrualPeriod"
        rules={[{ required: true, message: '请填写末次月经日期' }]}
        getValueProps={(v: string) => ({ value: v ? dayjs(v) : null })}
        normalize={(d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '')}
      >
        <DatePicker data-testid="lmp-input" style={{ width: 150 }} />
      </Form.Item>
      <Form.Item label="预产期">
        <span data-testid="due-preview">{dueDateFromLmp(lmp) ?? '-'}</span>
      </Form.Item>
      <Form.Item label="孕次" name="gravidity">
        <InputNumber min={1} max={20} />
      </Form.Item>
      <Form.Item label="产次" name="parity">
        <InputNumber min={0} max={20} />
      </Form.Item>
      <Form.Item label="孕产妇档案号" name="pregnantBookId">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="条码" name="barcode">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="休养地" name="restRegion" tooltip="产后休养的地址，产后访视由该地的机构进行">
        <Input maxLength={100} style={{ width: 220 }} data-testid="rest-region-input" />
      </Form.Item>
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={saving}
          disabled={c?.status === '3' || Boolean(readOnlyNote)}
          data-testid="maternal-case-save"
        >
          {c ? '保存' : '建档'}
        </Button>
      </Form.Item>
    </Form>
  );
}
