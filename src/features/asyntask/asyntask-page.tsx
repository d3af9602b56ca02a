import { App, Button, Card, Popconfirm, Progress, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { downloadAsyncTask, listAsyncTasks, removeAsyncTasks, type AsyncTask } from '../../api/asyntask';

/** How often the list refreshes while a task is queued or running. */
const POLL_MS = 2000;
const STATUS_COLOR = ['default', 'processing', 'success', 'error'] as const;
const running = (t: AsyncTask) => t.status === 0 || t.status === 1;

/**
 * 导出任务 (spec 002 §7 asyntask): the signed-in user's asynchronous exports, newest first, with
 * their progress (refreshed every 2 s while any is queued or running), 下载 once finished and 删除
 * (a queued or running one is cancelled). The exports run on the server's job queue (server/jobs).
 */
export function AsyncTaskPage() {
  const { message } = App.useApp();
  const [rows, setRows] = useState<AsyncTask[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoading(true);
      try {
        const page = await listAsyncTasks({ current, size });
        setRows(page.records);
        setTotal(page.total);
      } finally {
        setLoading(false);
      }
    },
    [current, size],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const busy = rows.some(running);
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void load(true).catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, load]);

  const download = async (task: AsyncTask) => {
    try {
      await downloadAsyncTask(task);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const remove = async (task: AsyncTask) => {
    await removeAsyncTasks([task.id]);
    void message.success('删除成功');
    await load(true);
  };

  const columns: ColumnsType<AsyncTask> = [
    { title: '任务名称', dataIndex: 'taskName', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'statusText',
      width: 90,
      render: (text: string, t) => <Tag color={STATUS_COLOR[t.status] ?? 'default'}>{text}</Tag>,
    },
    {
      title: '进度',
      dataIndex: 'progress',
      width: 220,
      render: (p: number, t) => (
        <Progress
          percent={p}
          size="small"
          status={t.status === 3 ? 'exception' : t.status === 2 ? 'success' : t.status === 1 ? 'active' : 'normal'}
        />
      ),
    },
    { title: '行数', dataIndex: 'rowCount', width: 80, render: (n: number, t) => (t.status === 2 ? n : '') },
    {
      title: '说明',
      dataIndex: 'errorMsg',
      ellipsis: true,
      render: (text: string) => (text ? <Tooltip title={text}>{text}</Tooltip> : ''),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    { title: '完成时间', dataIndex: 'finishTime', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_: unknown, t) => (
        <Space size={4}>
          <Button type="link" size="small" disabled={t.status !== 2} onClick={() => void download(t)}>
            下载
          </Button>
          <Popconfirm
            title={running(t) ? '任务尚未完成，删除将取消该任务，确定删除吗？' : '确定删除该导出任务吗？'}
            onConfirm={() => remove(t)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title="导出任务" extra={<Button onClick={() => void load()}>刷新</Button>}>
      <Table<AsyncTask>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{
          current,
          pageSize: size,
          total,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (c, s) => {
            setCurrent(c);
            setSize(s);
          },
        }}
      />
    </Card>
  );
}
