import { useState } from 'react';
import { App, Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { findArchiveByIdCard, saveArchive, type ArchiveRecord } from '../../api/archives';
import { checkIdCard, checkMobile } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { archiveMessages } from './archive-messages';
import { fillFromIdCard, looksComplete } from './id-card-fill';

interface AddArchiveValues {
  idCard: string;
  personName: string;
  sex?: string;
  birthday?: string;
  age?: number;
  phone?: string;
  homeAddress?: string;
  crowdLabels?: string[];
}

export interface AddArchiveDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: (archive: ArchiveRecord) => void;
  /** The clock is passed in so tests and the dialog agree on "today" for the age. */
  now?: () => Date;
}

/**
 * New archive: typing a complete ID number fills birth date, sex and age with the engine's
 * helper (those three stay read-only: the ID number is their source of truth), and warns when the
 * institution already holds an archive for that number.
 */
export function AddArchiveDialog({ open, onClose, onSaved, now = () => new Date() }: AddArchiveDialogProps) {
  const m = useMessages(archiveMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<AddArchiveValues>();
  const [saving, setSaving] = useState(false);
  const [existing, setExisting] = useState<string>();

  const onIdCardChange = (raw: string) => {
    setExisting(undefined);
    if (!looksComplete(raw)) {
      form.setFieldsValue({ sex: undefined, birthday: undefined, age: undefined });
      return;
    }
    const fill = fillFromIdCard(raw, now());
    if (!fill.ok) {
      form.setFieldsValue({ sex: undefined, birthday: undefined, age: undefined });
      return;
    }
    form.setFieldsValue({ sex: fill.sex, birthday: fill.birthday, age: fill.age });
    findArchiveByIdCard(fill.idCard)
      .then((found) => setExisting(found?.personName ? m.exists(found.personName) : undefined))
      // No archive found (or the lookup failed): creating is still allowed; the server decides.
      .catch(() => undefined);
  };

  const onOk = async () => {
    const values = await form.validateFields();
    const fill = fillFromIdCard(values.idCard, now());
    if (!fill.ok) return;
    setSaving(true);
    try {
      const saved = await saveArchive({
        personName: values.personName.trim(),
        idCard: fill.idCard,
        cardType: '1',
        sex: fill.sex,
        birthday: fill.birthday,
        phone: values.phone?.trim() || undefined,
        homeAddress: values.homeAddress?.trim() || undefined,
        crowdLabels: values.crowdLabels ?? [],
      });
      message.success(m.saved);
      form.resetFields();
      onSaved(saved);
    } catch {
      // The request layer already showed the server's message; keep the dialog open to correct.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={m.addTitle}
      width={720}
      okText={m.save}
      cancelText={m.close}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={onClose}
    >
      <Form form={form} name="archive-add" layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} preserve={false}>
        <Form.Item label={m.cardType}>
          <Select disabled value="1" options={[{ value: '1', label: m.idCardType }]} />
        </Form.Item>
        <Form.Item
          name="idCard"
          label={m.idCard}
          required
          validateFirst
          extra={existing}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const result = checkIdCard(value ?? '', now());
                return result.ok ? Promise.resolve() : Promise.reject(new Error(result.message));
              },
            },
          ]}
        >
          <Input maxLength={18} onChange={(e) => onIdCardChange(e.target.value)} />
        </Form.Item>
        <Form.Item name="personName" label={m.personName} rules={[{ required: true, whitespace: true, message: m.nameRequired }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="sex" label={m.sex}>
          <Select
            disabled
            options={[
              { value: '1', label: m.male },
              { value: '2', label: m.female },
            ]}
          />
        </Form.Item>
        <Form.Item name="birthday" label={m.birthday}>
          <Input disabled />
        </Form.Item>
        <Form.Item name="age" label={m.age}>
          <InputNumber disabled style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={m.phone}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                if (!value?.trim()) return Promise.resolve();
                const result = checkMobile(value);
                return result.ok ? Promise.resolve() : Promise.reject(new Error(result.message));
              },
            },
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="homeAddress" label={m.homeAddress}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="crowdLabels" label={m.crowdLabels}>
          <Checkbox.Group
            options={[
              { value: 'hypertension', label: m.labelHypertension },
              { value: 'diabetes', label: m.labelDiabetes },
              { value: 'hypertension_high_risk', label: m.labelHypertensionHighRisk },
              { value: 'diabetes_high_risk', label: m.labelDiabetesHighRisk },
              { value: 'tuberculosis', label: m.labelTuberculosis },
              { value: 'severe_mental_illness', label: m.labelSevereMentalIllness },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
