import { useMemo, useState } from 'react';
import { Button, Checkbox, Empty, Flex, Typography } from 'antd';
import type { FollowupRecord } from '../../api/followups';
import type { FormDocument } from '../../engine';
import { useFormLabels } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';
import { historyItems, type HistoryItem } from './history-items';

export interface HistoryPanelProps {
  /** The document the last record was filled with (its labels and dictionaries). */
  document: FormDocument | undefined;
  last: FollowupRecord | undefined;
  /** Editing allowed: importing into a read-only form makes no sense. */
  canImport: boolean;
  onImport: (items: HistoryItem[]) => void;
}

/**
 * "Last record" tab (spec 001 §2): the previous record's fields with checkboxes, select-all and
 * an import button that copies the checked values into the form; 暂无历史记录 when there is none.
 */
export function HistoryPanel({ document, last, canImport, onImport }: HistoryPanelProps) {
  const m = useMessages(followupMessages);
  // Labels through the form's one lookup: its own lists, the tenant's dictionaries, the code maps.
  const labels = useFormLabels(document);
  const items = useMemo(() => (document && last ? historyItems(document, last.values, labels.text) : []), [document, last, labels]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  if (!last || items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.noHistory} />;

  const all = checked.size === items.length;
  const toggle = (prop: string, on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(prop);
      else next.delete(prop);
      return next;
    });

  return (
    <Flex vertical gap={8} data-testid="history-panel">
      <Typography.Text type="secondary">
        {m.lastRecordOf(String(last.values.visitDate ?? last.createTime?.slice(0, 10) ?? ''))}
      </Typography.Text>
      <Flex justify="space-between" align="center">
        <Checkbox
          checked={all}
          indeterminate={checked.size > 0 && !all}
          onChange={(e) => setChecked(e.target.checked ? new Set(items.map((i) => i.prop)) : new Set())}
        >
          {m.selectAll}
        </Checkbox>
        <Button
          type="primary"
          size="small"
          disabled={!canImport || checked.size === 0}
          onClick={() => {
            onImport(items.filter((i) => checked.has(i.prop)));
            setChecked(new Set());
          }}
        >
          {m.importData}
        </Button>
      </Flex>
      <div style={{ overflow: 'auto' }}>
        {items.map((item) => (
          <Flex key={item.prop} gap={8} align="flex-start" style={{ padding: '4px 0', borderBottom: '1px dashed #f0f0f0' }}>
            <Checkbox checked={checked.has(item.prop)} onChange={(e) => toggle(item.prop, e.target.checked)} aria-label={item.name} />
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {item.required && <span style={{ color: '#ff4d4f' }}>* </span>}
                {item.name}
              </Typography.Text>
              <Typography.Text>{item.text}</Typography.Text>
            </Flex>
          </Flex>
        ))}
      </div>
    </Flex>
  );
}
