import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { checkMobile } from '../../engine';
import { archiveConflictOf, getArchive, updateArchive, type ArchiveConflict, type ArchiveRecord } from '../../api/archives';
import { RequestError } from '../../api/request';
import { useMessages } from '../../shared/i18n/i18n-context';
import { ArchiveConflictDialog, type ComparedField } from './archive-conflict-dialog';
import { archiveEditMessages } from './archive-edit-messages';

interface Values {
  personName: string;
  phone?: string;
  homeAddress?: string;
}

interface Props {
  archive: ArchiveRecord;
  open: boolean;
  onClose: () => void;
  onSaved: (archive: ArchiveRecord) => void;
}

const valuesOf = (a: ArchiveRecord): Values => ({ personName: a.personName, phone: a.phone ?? '', homeAddress: a.homeAddress ?? '' });

/**
 * Edits an archive's name, phone and address. The save carries the row version read when the
 * dialog opened (issue 22 §6); when someone saved in between the server answers 409 and the
 * conflict dialog opens over this one, the user's input untouched. The ID number is not edited
 * here: the server keeps the stored one (and a masked phone sent back unchanged stays as stored).
 */
export function EditArchiveDialog({ archive, open, onClose, onSaved }: Props) {
  const m = useMessages(archiveEditMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [rowVersion, setRowVersion] = useState(archive.rowVersion ?? 1);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<ArchiveConflict>();
  const [compared, setCompared] = useState<ComparedField[]>();
  const [comparing, setComparing] = useState(false);

  // Each opening starts from the archive as the page holds it, and that version.
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(valuesOf(archive));
    setRowVersion(archive.rowVersion ?? 1);
    setConflict(undefined);
    setCompared(undefined);
  }, [open, archive, form]);

  const save = async (version: number) => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const saved = await updateArchive({
        id: archive.archId ?? archive.id,
        rowVersion: version,
        personName: values.personName.trim(),
        idCard: archive.idCard ?? '',
        cardType: archive.cardType ?? '1',
        sex: archive.sex ?? '',
        birthday: archive.birthday ?? '',
        phone: values.phone?.trim() ?? '',
        homeAddress: values.homeAddress?.trim() ?? '',
      });
      message.success(m.saved);
      setConflict(undefined);
      onSaved(saved);
    } catch (e) {
      const clash = archiveConflictOf(e);
      if (clash) {
        setCompared(undefined);
        setConflict(clash);
      } else if (e instanceof RequestError) message.error(e.message);
      else throw e;
    } finally {
      setSaving(false);
    }
  };

  /** Loads the archive as saved now: reload puts it in the form, compare lays it beside the input. */
  const latest = async () => {
    const now = await getArchive(archive.archId ?? archive.id);
    if (!now) throw new Error(m.conflictTitle);
    return now;
  };
  const reload = async () => {
    const now = await latest();
    form.setFieldsValue(valuesOf(now));
    setRowVersion(now.rowVersion ?? rowVersion);
    setConflict(undefined);
  };
  const compare = async () => {
    setComparing(true);
    try {
      const now = await latest();
      const mine = form.getFieldsValue();
      const theirs = valuesOf(now);
      setCompared([
        { label: m.personName, mine: mine.personName ?? '', theirs: theirs.personName },
        { label: m.phone, mine: mine.phone ?? '', theirs: theirs.phone ?? '' },
        { label: m.homeAddress, mine: mine.homeAddress ?? '', theirs: theirs.homeAddress ?? '' },
      ]);
      // Saving mine after comparing is a deliberate choice over their change: it carries their version.
      setRowVersion(now.rowVersion ?? rowVersion);
    } finally {
      setComparing(false);
    }
  };

  return (
    <>
      <Modal
        open={open}
        title={m.editTitle}
        width={600}
        okText={m.save}
        cancelText={m.cancel}
        confirmLoading={saving}
        maskClosable={false}
        onOk={() => void save(rowVersion).catch(() => undefined)}
        onCancel={onClose}
      >
        <Form form={form} name="archive-edit" layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }}>
          <Form.Item name="personName" label={m.personName} rules={[{ required: true, whitespace: true, message: m.nameRequired }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="phone"
            label={m.phone}
            rules={[
              {
                // A masked phone (137****5678) is the stored one sent back unchanged: the server keeps it.
                validator: (_, value: string | undefined) => {
                  if (!value?.trim() || value.includes('*')) return Promise.resolve();
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
        </Form>
      </Modal>
      <ArchiveConflictDialog
        conflict={conflict}
        compared={compared}
        comparing={comparing}
        onReload={() => void reload().catch((e: unknown) => message.error(e instanceof Error ? e.message : String(e)))}
        onCompare={() => void compare().catch((e: unknown) => message.error(e instanceof Error ? e.message : String(e)))}
        onKeepMine={() => {
          setConflict(undefined);
          void save(rowVersion).catch(() => undefined);
        }}
        onBack={() => setConflict(undefined)}
      />
    </>
  );
}
