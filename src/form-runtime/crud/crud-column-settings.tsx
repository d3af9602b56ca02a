import { useEffect, useState } from 'react';
import { Checkbox, InputNumber, Modal, Select, Table } from 'antd';
import type { ColumnSetting } from '../../api/colcustom';
import { useMessages } from '../../shared/i18n/i18n-context';
import { crudMessages } from './crud-messages';

interface Props {
  open: boolean;
  /** Every column of the table with its current setting, in table order. */
  columns: { prop: string; label: string; setting: ColumnSetting }[];
  onSave: (settings: ColumnSetting[]) => Promise<void>;
  onClose: () => void;
}

/** Column customisation: hide, freeze and width per column, saved for the user (colcustom saveBatch). */
export function CrudColumnSettings({ open, columns, onSave, onClose }: Props) {
  const m = useMessages(crudMessages);
  const [draft, setDraft] = useState<ColumnSetting[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) setDraft(columns.map((c, sort) => ({ ...c.setting, sort })));
    // Re-read only when opened: the draft is the user's until saved or cancelled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const patch = (prop: string, change: Partial<ColumnSetting>) =>
    setDraft((d) => d.map((s) => (s.prop === prop ? { ...s, ...change } : s)));
  const labelOf = (prop: string) => columns.find((c) => c.prop === prop)?.label ?? prop;

  return (
    <Modal
      open={open}
      title={m.columns}
      width={560}
      maskClosable={false}
      okText={m.save}
      cancelText={m.cancel}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        setSaving(true);
        try {
          await onSave(draft);
          onClose();
        } finally {
          setSaving(false);
        }
      }}
    >
      <Table<ColumnSetting>
        rowKey="prop"
        size="small"
        pagination={false}
        dataSource={draft}
        columns={[
          { title: m.colLabel, dataIndex: 'prop', render: (prop: string) => labelOf(prop) },
          {
            title: m.colHide,
            dataIndex: 'hide',
            width: 70,
            render: (_v, s) => (
              <Checkbox
                aria-label={`${m.colHide} ${labelOf(s.prop)}`}
                checked={!!s.hide}
                onChange={(e) => patch(s.prop, { hide: e.target.checked })}
              />
            ),
          },
          {
            title: m.colFixed,
            dataIndex: 'fixed',
            width: 110,
            render: (_v, s) => (
              <Select
                size="small"
                value={s.fixed ?? ''}
                style={{ width: 96 }}
                onChange={(fixed) => patch(s.prop, { fixed })}
                options={[
                  { value: '', label: m.fixedNone },
                  { value: 'left', label: m.fixedLeft },
                  { value: 'right', label: m.fixedRight },
                ]}
              />
            ),
          },
          {
            title: m.colWidth,
            dataIndex: 'width',
            width: 110,
            render: (_v, s) => (
              <InputNumber
                size="small"
                min={40}
                max={1000}
                value={s.width ?? null}
                onChange={(width) => patch(s.prop, { width: width ?? null })}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
