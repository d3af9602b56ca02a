import { App, Form, Modal, Select, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { bundledForm, SchemaForm } from '../../form-runtime';
import type { FieldValue } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { crowdResidents, saveEducation, type EducationRecord } from '../../api/education';
import { getUserInfo } from '../../api/session';
import { educationMessages } from './education-messages';

/** The 健康教育记录 form (schemas/propaganda.json): the dialog's fields; the server checks the same file. */
export const EDUCATION_FORM = 'propaganda';
const EDUCATION_DOCUMENT = bundledForm(EDUCATION_FORM);

/** A new education starts today, as an individual one, given by the signed-in user. */
export const newEducationValues = (): Record<string, FieldValue> => ({
  visitDate: dayjs().format('YYYY-MM-DD'),
  eduKind: '1',
  educator: getUserInfo()?.real_name ?? '',
});

export interface EducationDialogProps {
  open: boolean;
  /** The record changed; absent: a new one, for the resident chosen in the dialog. */
  record?: EducationRecord | undefined;
  onClose: (saved: boolean) => void;
}

/**
 * 新增 / 编辑 a 健康教育记录: the resident (new records: found by name among the caller's residents),
 * then the form document's fields. A change sends the row version read (a stale one is refused).
 */
export function EducationDialog({ open, record, onClose }: EducationDialogProps) {
  const m = useMessages(educationMessages);
  const { message } = App.useApp();
  const [archId, setArchId] = useState<string | undefined>(record?.archId);
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    if (open) setArchId(record?.archId);
  }, [open, record]);

  const search = (personName: string) => {
    setSearching(true);
    crowdResidents({ personName, size: 20 })
      .then((page) => setOptions(page.records.map((r) => ({ value: r.archId, label: `${r.personName}（${r.birthday}）` }))))
      .catch(() => setOptions([]))
      .finally(() => setSearching(false));
  };
  useEffect(() => {
    if (open && !record) search('');
  }, [open, record]);

  const values = useMemo(() => (record ? (record.values as Record<string, FieldValue>) : newEducationValues()), [record]);

  const submit = async (v: Record<string, FieldValue>) => {
    if (!record && !archId) {
      void message.warning(m.chooseResident);
      throw new Error(m.chooseResident);
    }
    await saveEducation(record ? { id: record.id, values: v, rowVersion: record.rowVersion } : { archId: archId!, values: v });
  };

  return (
    <Modal
      open={open}
      width={820}
      title={record ? m.editTitle(record.personName) : m.newTitle}
      onCancel={() => onClose(false)}
      footer={null}
      maskClosable={false}
      destroyOnHidden
    >
      <div data-testid="education-dialog" className="fr-dialog">
        <Form layout="horizontal" labelCol={{ span: 4 }} style={{ marginBottom: 8 }}>
          <Form.Item label={m.resident} required>
            {record ? (
              <span>{record.personName}</span>
            ) : (
              <Select
                showSearch
                data-testid="education-resident"
                value={archId}
                placeholder={m.residentPlaceholder}
                filterOption={false}
                onSearch={search}
                onChange={setArchId}
                notFoundContent={searching ? <Spin size="small" /> : null}
                options={options}
                style={{ width: 320 }}
              />
            )}
          </Form.Item>
        </Form>
        {EDUCATION_DOCUMENT && (
          <SchemaForm
            formCode={EDUCATION_FORM}
            document={EDUCATION_DOCUMENT}
            values={values}
            mode="edit"
            draft={false}
            submitText={m.save}
            onSubmit={(v) => submit(v)}
            onSaved={() => {
              void message.success(m.saved);
              onClose(true);
            }}
          />
        )}
      </div>
    </Modal>
  );
}
