import { Card, Empty, Result, Table, Tag, Typography } from 'antd';
import useSWR from 'swr';
import { getArchiveHistory, type ArchiveHistoryEntry } from '../../api/archives';
import { useLang, useMessages } from '../../shared/i18n/i18n-context';
import { archiveEditMessages } from './archive-edit-messages';
import { archiveFieldLabel, archiveFieldValue } from './archive-field-labels';

/** The SWR key of an archive's history: the edit dialog revalidates it after a save. */
export const archiveHistoryKey = (archId: string) => ['userarchivesdev/history', archId] as const;

const ACTION_COLORS: Record<ArchiveHistoryEntry['action'], string> = { create: 'green', update: 'blue', cancel: 'red', restore: 'gold' };

/**
 * 档案修改记录 (spec 001 §2 page archivehistory; issue 22 §6): who changed the archive, when, and
 * each field from what to what, newest first — the ID number and phones masked as the archive is.
 */
export function ArchiveHistoryCard({ archId }: { archId: string }) {
  const m = useMessages(archiveEditMessages);
  const { lang } = useLang();
  const { data, error, isLoading } = useSWR(archiveHistoryKey(archId), ([, id]) => getArchiveHistory(id), { revalidateOnFocus: false });
  const actionText = { create: m.actionCreate, update: m.actionUpdate, cancel: m.actionCancel, restore: m.actionRestore };
  const shown = (field: string, value: unknown) =>
    value === null || value === undefined || value === '' ? m.emptyValue : archiveFieldValue(field, String(value), lang);

  return (
    <Card title={m.historyTitle} style={{ margin: 16 }} data-testid="archive-history">
      {error ? (
        <Result status="error" title={m.historyFailed} />
      ) : (
        <Table<ArchiveHistoryEntry>
          size="small"
          rowKey="id"
          loading={isLoading}
          dataSource={data ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description={m.historyEmpty} /> }}
          columns={[
            { title: m.historyWhen, dataIndex: 'updateTime', width: 170 },
            { title: m.historyWho, dataIndex: 'updateUserName', width: 100 },
            {
              title: m.historyAction,
              dataIndex: 'action',
              width: 80,
              render: (a: ArchiveHistoryEntry['action']) => <Tag color={ACTION_COLORS[a]}>{actionText[a] ?? a}</Tag>,
            },
            {
              title: m.historyChanges,
              dataIndex: 'changes',
              render: (changes: ArchiveHistoryEntry['changes']) => (
                <div>
                  {changes.map((c) => (
                    <div key={c.field}>
                      <Typography.Text strong>{archiveFieldLabel(c.field, lang)}</Typography.Text>
                      {'：'}
                      <Typography.Text delete type="secondary">
                        {shown(c.field, c.before)}
                      </Typography.Text>
                      {' → '}
                      <Typography.Text>{shown(c.field, c.after)}</Typography.Text>
                    </div>
                  ))}
                </div>
              ),
            },
            { title: m.historyVersion, dataIndex: 'rowVersion', width: 70 },
          ]}
        />
      )}
    </Card>
  );
}
