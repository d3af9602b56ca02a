import { useSyncExternalStore } from 'react';
import { App, Button, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { clearErrorLog, readErrorLog, sendErrorLog, subscribeErrorLog, type ErrorLogEntry } from '../../api/error-log';
import { useMessages } from '../../shared/i18n/i18n-context';
import { errorLogMessages } from './error-log-messages';

type Row = ErrorLogEntry & { key: number };

/**
 * The local error log (spec 000 §2): index, type, address, message, time, with the stack on
 * expansion; upload and clear after confirmation. Shown in the shell's full-screen 日志 dialog and
 * as a page; it follows the queue live (a failed call appears as it happens).
 */
export function ErrorLogPage() {
  const t = useMessages(errorLogMessages);
  const { message } = App.useApp();
  const logs = useSyncExternalStore(subscribeErrorLog, readErrorLog, readErrorLog);
  const rows: Row[] = logs.map((log, i) => ({ ...log, key: i }));

  const upload = async () => {
    // The log's rule: what was sent is gone afterwards, delivered or not (spec §8).
    if (await sendErrorLog()) void message.success(t.uploaded);
    else void message.error(t.uploadFailed);
  };
  const clear = () => {
    clearErrorLog();
    void message.success(t.cleared);
  };

  const columns: ColumnsType<Row> = [
    { title: t.index, key: 'index', width: 70, render: (_v, _r, i) => i + 1 },
    { title: t.type, dataIndex: 'type', width: 150 },
    { title: t.url, dataIndex: 'url', width: 300, ellipsis: true },
    { title: t.message, dataIndex: 'message', ellipsis: true },
    { title: t.time, dataIndex: 'time', width: 180 },
  ];

  return (
    <div>
      <Space style={{ marginBottom: 12 }}>
        <Popconfirm title={t.uploadConfirm} okText={t.ok} cancelText={t.cancel} onConfirm={upload} disabled={rows.length === 0}>
          <Button type="primary" disabled={rows.length === 0}>
            {t.upload}
          </Button>
        </Popconfirm>
        <Popconfirm title={t.clearConfirm} okText={t.ok} cancelText={t.cancel} onConfirm={clear} disabled={rows.length === 0}>
          <Button danger disabled={rows.length === 0}>
            {t.clear}
          </Button>
        </Popconfirm>
        <Typography.Text type="secondary">{t.count(rows.length)}</Typography.Text>
      </Space>
      <Table<Row>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: t.empty }}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        expandable={{
          expandedRowRender: (row) => (
            <div>
              {row.info ? (
                <p>
                  <Typography.Text strong>{t.info}: </Typography.Text>
                  {row.info}
                </p>
              ) : null}
              <Typography.Text strong>{t.stack}</Typography.Text>
              <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontSize: 12 }}>{row.stack || '—'}</pre>
            </div>
          ),
        }}
      />
    </div>
  );
}
