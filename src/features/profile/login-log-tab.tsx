import { useEffect, useState } from 'react';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { listLoginLog, type LoginLogRow } from '../../api/profile';
import type { Page } from '../../api/types';
import type { ProfileTexts } from './profile-messages';

/** Table page sizes of the product (spec §9). */
const PAGE_SIZES = [10, 30, 50, 100, 200];

/** The user's own login history (the foundation's blade_login_log), newest first, paged on the server. */
export function LoginLogTab({ t }: { t: ProfileTexts }) {
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [page, setPage] = useState<Page<LoginLogRow>>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    listLoginLog(paging.current, paging.size)
      .then(
        (p) => alive && setPage(p),
        () => undefined,
      )
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [paging]);

  const results: Record<string, [string, string]> = {
    success: [t.resultSuccess, 'green'],
    failure: [t.resultFailure, 'red'],
    locked: [t.resultLocked, 'orange'],
    rejected: [t.resultRejected, 'default'],
  };
  const columns: ColumnsType<LoginLogRow> = [
    { title: t.logTime, dataIndex: 'createTime', width: 180, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
    { title: t.logAccount, dataIndex: 'account', width: 120 },
    { title: t.logIp, dataIndex: 'ip', width: 140 },
    {
      title: t.logResult,
      dataIndex: 'result',
      width: 90,
      render: (v: string) => {
        const [label, color] = results[v] ?? [v, 'default'];
        return <Tag color={color}>{label}</Tag>;
      },
    },
    { title: t.logMessage, dataIndex: 'message', ellipsis: true },
    { title: t.logAgent, dataIndex: 'userAgent', ellipsis: true },
  ];

  return (
    <Table<LoginLogRow>
      size="small"
      rowKey="id"
      loading={loading}
      columns={columns}
      dataSource={page?.records ?? []}
      pagination={{
        current: paging.current,
        pageSize: paging.size,
        total: page?.total ?? 0,
        pageSizeOptions: PAGE_SIZES,
        showSizeChanger: true,
        showTotal: (n) => t.total(n),
        onChange: (current, size) => setPaging({ current: size === paging.size ? current : 1, size }),
      }}
    />
  );
}
