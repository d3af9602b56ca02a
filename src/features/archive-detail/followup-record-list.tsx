import type { ReactNode } from 'react';
import { Button, Empty, Flex, List, Tag, Tooltip, Typography } from 'antd';
import type { FollowupRecord } from '../../api/followups';
import { useCodeLabel } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';

export interface FollowupRecordListProps {
  records: FollowupRecord[];
  selectedId: string | undefined;
  loading: boolean;
  onSelect: (record: FollowupRecord) => void;
  onAdd: () => void;
  /** Why 新增 is off (a closed case); absent: on. */
  addRefusal?: string | undefined;
  /** The column's heading and its empty text; the follow-up list's by default. */
  title?: string;
  emptyText?: string;
  /** What a record shows beside its version; the follow-up outcome by default. */
  tagsOf?: (record: FollowupRecord) => ReactNode;
  /** What names a record in the list; its visit date (else the day it was created) by default. */
  labelOf?: (record: FollowupRecord) => ReactNode;
}

function OutcomeTag({ record }: { record: FollowupRecord }) {
  const outcome = useCodeLabel('fu_outcome', record.values.outcome as string | undefined);
  if (!outcome) return null;
  return <Tag color={record.values.outcome === '3' ? 'red' : record.values.outcome === '2' ? 'orange' : 'blue'}>{outcome}</Tag>;
}

/** Left column: this archive's records of the form, newest first, with 新增 (spec 001 §2). */
export function FollowupRecordList({
  records,
  selectedId,
  loading,
  onSelect,
  onAdd,
  addRefusal,
  title,
  emptyText,
  tagsOf,
  labelOf,
}: FollowupRecordListProps) {
  const m = useMessages(followupMessages);
  return (
    <Flex
      vertical
      className="fu-no-print"
      style={{ width: 220, flex: 'none', background: '#fff', borderRight: '1px solid #f0f0f0', minHeight: 0 }}
      data-testid="followup-records"
    >
      <Flex justify="space-between" align="center" style={{ padding: '8px 12px', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text strong>{title ?? m.records}</Typography.Text>
        <Tooltip title={addRefusal}>
          <Button type="primary" size="small" onClick={onAdd} disabled={!!addRefusal} data-testid="followup-add">
            {m.add}
          </Button>
        </Tooltip>
      </Flex>
      <div style={{ flex: 1, overflow: 'auto' }}>
        {records.length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? m.noRecords} />
        ) : (
          <List<FollowupRecord>
            size="small"
            loading={loading}
            dataSource={records}
            renderItem={(r) => {
              const selected = r.id === selectedId;
              return (
                <List.Item
                  onClick={() => onSelect(r)}
                  style={{
                    cursor: 'pointer',
                    paddingInline: 12,
                    background: selected ? '#e6f4ff' : undefined,
                    borderInlineStart: selected ? '3px solid #409EFF' : '3px solid transparent',
                  }}
                  aria-selected={selected}
                  data-testid="followup-record"
                >
                  <Flex vertical gap={2} style={{ width: '100%' }}>
                    {labelOf ? (
                      labelOf(r)
                    ) : (
                      <Typography.Text strong>{String(r.values.visitDate ?? r.createTime?.slice(0, 10) ?? '')}</Typography.Text>
                    )}
                    <Flex gap={4} wrap>
                      <Tag>{m.version(r.formVersion)}</Tag>
                      {tagsOf ? tagsOf(r) : <OutcomeTag record={r} />}
                    </Flex>
                    {r.updateUserName && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {r.updateUserName}
                      </Typography.Text>
                    )}
                  </Flex>
                </List.Item>
              );
            }}
          />
        )}
      </div>
    </Flex>
  );
}
