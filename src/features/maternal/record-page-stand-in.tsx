// Stories only: the record page the shell hands in (the archive page's follow-up page, from
// features/archive-detail, which this feature may not import). It lists the records the story's
// answers give with the names the host asks for, so a story shows how each record is named.
import { useEffect, useState } from 'react';
import { Card, Flex, List, Typography } from 'antd';
import { listRecords, type FollowupRecord } from '../../api/followups';
import type { RecordPageProps } from './maternal-form-tab';

export function RecordPageStandIn({ formCode, archId, otherId, store, title, recordLabel, addRefusal }: RecordPageProps) {
  const [records, setRecords] = useState<FollowupRecord[]>([]);
  useEffect(() => {
    void listRecords(store, archId, formCode, otherId).then(setRecords, () => setRecords([]));
  }, [store, archId, otherId, formCode]);
  return (
    <Flex gap={12} style={{ height: '100%' }} data-testid="record-page">
      <Card size="small" title={`${title}记录`} style={{ width: 220 }}>
        <List<FollowupRecord>
          size="small"
          dataSource={records}
          renderItem={(r) => (
            <List.Item>
              {recordLabel ? recordLabel(r) : <Typography.Text strong>{String(r.values.visitDate ?? '')}</Typography.Text>}
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title={title} style={{ flex: 1 }}>
        <Typography.Text type="secondary">
          表单 {formCode} 在此填写（应用中为居民档案的随访页面）{addRefusal ? `；${addRefusal}` : ''}
        </Typography.Text>
      </Card>
    </Flex>
  );
}
