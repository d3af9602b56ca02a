import { useState } from 'react';
import { Alert, Button, DatePicker, Form, InputNumber, Modal, Select, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { findFiledChild, saveChildCase, type ChildCase } from './child-api';
import { ResidentSelect } from './resident-select';

interface Values {
  archId?: string;
  birthDate?: Dayjs;
  childSex?: string;
  birthWeight?: number | null;
  motherArchId?: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  onFiled: (c: ChildCase) => void;
  /** Opens a child already filed (the children-valid check found one). */
  onOpenFiled: (c: ChildCase) => void;
}

const errorText = (e: unknown) => (e as { message?: string })?.message ?? '建档失败';

/**
 * 新生儿建档: the child's resident archive, birth date, sex, birth weight and mother. The
 * children-valid check (child_plagiarism_check) runs first, so a child filed here already opens
 * instead of being filed twice. A refusal is shown in the dialog and every answer stays as typed.
 */
export function ChildFilingDialog({ open, onClose, onFiled, onOpenFiled }: Props) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [filed, setFiled] = useState<ChildCase | null>(null);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    setError('');
    setFiled(null);
    try {
      const check = await findFiledChild(v.archId!);
      if (check.filed && check.case) {
        setFiled(check.case);
        return;
      }
      const saved = await saveChildCase({
        archId: v.archId!,
        birthDate: v.birthDate!.format('YYYY-MM-DD'),
        childSex: v.childSex!,
        birthWeight: v.birthWeight ?? null,
        motherArchId: v.motherArchId ?? null,
      });
      void message.success('建档成功');
      form.resetFields();
      onFiled(saved);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="新生儿建档"
      okText="建 档"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden={false}
    >
      <Form form={form} layout="vertical" preserve data-testid="child-filing-form">
        <Form.Item name="archId" label="儿童（居民健康档案）" rules={[{ required: true, message: '请选择儿童的居民健康档案' }]}>
          <ResidentSelect
            testId="child-filing-child"
            placeholder="输入儿童姓名查询"
            onPick={(r) => {
              setFiled(null);
              if (!r) return;
              form.setFieldsValue({
                birthDate: r.birthday ? dayjs(String(r.birthday).slice(0, 10)) : undefined,
                childSex: r.sex === '1' || r.sex === '2' ? r.sex : undefined,
              });
            }}
          />
        </Form.Item>
        <Form.Item name="birthDate" label="出生日期" rules={[{ required: true, message: '请填写出生日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="childSex" label="性别" rules={[{ required: true, message: '请选择性别' }]}>
          <Select
            options={[
              { value: '1', label: '男' },
              { value: '2', label: '女' },
              { value: '9', label: '未说明' },
            ]}
          />
        </Form.Item>
        <Form.Item name="birthWeight" label="出生体重（千克）" extra="0.3～7千克">
          <InputNumber style={{ width: '100%' }} step={0.01} precision={2} />
        </Form.Item>
        <Form.Item name="motherArchId" label="母亲（居民健康档案）">
          <ResidentSelect testId="child-filing-mother" placeholder="输入母亲姓名查询（可不填）" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} data-testid="child-filing-error" />}
      {filed && (
        <Alert
          type="info"
          showIcon
          message={`该儿童已建档（${filed.statusText}），不能重复建档`}
          action={
            <Button size="small" onClick={() => onOpenFiled(filed)}>
              查看
            </Button>
          }
        />
      )}
    </Modal>
  );
}
