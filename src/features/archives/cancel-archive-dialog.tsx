import { useState } from 'react';
import { App, Col, DatePicker, Form, Input, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import useSWR from 'swr';
import { cancelArchive, getCancelReasons, type ArchiveRecord } from '../../api/archives';
import { useMessages } from '../../shared/i18n/i18n-context';
import { archiveMessages } from './archive-messages';
import { cancelBody, cancelRuleMessages, DEATH, OTHER, FALLBACK_REASON_KEYS, validateCancel, type CancelDraft, type CancelField, type CancelMessageKey } from './cancel-rules';

/** Who cancels and where: ids go to the server, names are what the read-only fields show. */
export interface CancelActor {
  userId?: string;
  userName?: string;
  tenantId?: string;
  tenantName?: string;
}

export interface CancelArchiveDialogProps {
  archive: ArchiveRecord | undefined;
  actor: CancelActor;
  onClose: () => void;
  onDone: () => void;
  today?: () => string;
}

interface CancelFormValues {
  offType?: string;
  offReason?: string;
  deadDate?: Dayjs;
  deadReason?: string;
}

const FIELD_ORDER: CancelField[] = ['offType', 'deadDate', 'deadReason', 'offReason', 'offDate', 'offUser', 'offTenant'];

/** Cancel-archive dialog, 960 wide (spec 001 §2), with the rules and messages of spec 001 §5. */
export function CancelArchiveDialog({ archive, actor, onClose, onDone, today = () => dayjs().format('YYYY-MM-DD') }: CancelArchiveDialogProps) {
  const m = useMessages(archiveMessages);
  const rm = useMessages(cancelRuleMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<CancelFormValues>();
  const offType = Form.useWatch('offType', form);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<CancelField, CancelMessageKey>>>({});
  // Spread on a Form.Item: the rule's message under the field, red, or nothing.
  const feedback = (field: CancelField) => {
    const key = errors[field];
    return key ? { validateStatus: 'error' as const, help: rm[key] } : {};
  };
  const [offDate] = useState(today);
  const { data: dict } = useSWR(archive ? 'dict:reason_cancellation' : null, getCancelReasons);
  const fallbackLabel = { '1': m.reason1, '2': m.reason2, '3': m.reason3, '9': m.reason9 } as const;
  const reasons = dict && dict.length > 0 ? dict.map((d) => ({ value: d.dictKey, label: d.dictValue })) : FALLBACK_REASON_KEYS.map((k) => ({ value: k, label: fallbackLabel[k] }));

  const onOk = async () => {
    if (!archive) return;
    const values = form.getFieldsValue();
    const draft: CancelDraft = {
      offType: values.offType,
      offReason: values.offReason,
      deadDate: values.deadDate?.format('YYYY-MM-DD'),
      deadReason: values.deadReason,
      offDate,
      offUser: actor.userId,
      offTenant: actor.tenantId,
    };
    const found = validateCancel(draft);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      const key = found[first];
      if (key) message.warning(rm[key]);
      return;
    }
    setSaving(true);
    try {
      await cancelArchive(cancelBody(archive.archId ?? archive.id, draft));
      message.success(m.done);
      form.resetFields();
      setErrors({});
      onDone();
    } catch {
      // The request layer showed the server's message; the dialog stays open for a correction.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={archive !== undefined}
      title={archive ? `${m.cancelTitle} - ${archive.personName}` : m.cancelTitle}
      width={960}
      okText={m.confirm}
      cancelText={m.close}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
      onOk={() => void onOk()}
      onCancel={() => {
        setErrors({});
        onClose();
      }}
    >
      <Form form={form} name="archive-cancel" layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} preserve={false}>
        <Row>
          <Col span={12}>
            <Form.Item name="offType" label={m.offType} required {...feedback('offType')}>
              <Select options={reasons} />
            </Form.Item>
          </Col>
          {offType === DEATH && (
            <>
              <Col span={12}>
                <Form.Item name="deadDate" label={m.deadDate} required {...feedback('deadDate')}>
                  <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="deadReason" label={m.deadReason} required {...feedback('deadReason')}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={24}>
            <Form.Item name="offReason" label={m.offReason} required={offType === OTHER} {...feedback('offReason')} labelCol={{ span: 3 }} wrapperCol={{ span: 20 }}>
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item label={m.offDate} labelCol={{ span: 10 }} wrapperCol={{ span: 14 }} {...feedback('offDate')}>
              <Input disabled value={offDate} />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item label={m.offUser} labelCol={{ span: 10 }} wrapperCol={{ span: 14 }} {...feedback('offUser')}>
              <Input disabled value={actor.userName} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item label={m.offTenant} labelCol={{ span: 7 }} wrapperCol={{ span: 17 }} {...feedback('offTenant')}>
              <Input disabled value={actor.tenantName} title={actor.tenantName} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
