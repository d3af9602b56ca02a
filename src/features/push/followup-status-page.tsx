import { Alert, Button, Card, DatePicker, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { followSubmitStatus, pushCounts, type PushCount, type SubmitStatus } from '../../api/push';

interface Row extends SubmitStatus {
  push?: PushCount;
}

const quarterStart = () =>
  dayjs()
    .startOf('month')
    .subtract(dayjs().month() % 3, 'month');

/**
 * 随访提交状态 (issue 34): per follow-up form, the records saved in the period (total, closed, with
 * anomalies accepted: follow-submit-status) beside their pushes to the regional public-health system
 * by state (init-gw-statistics): 已上报, 待上报 / 上报中, 失败, 终止. 上报管理 lists the records.
 */
export function FollowupStatusPage() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>([quarterStart(), dayjs()]);
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const params = { startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') };
      const [saved, pushed] = await Promise.all([followSubmitStatus(params), pushCounts(params)]);
      const byForm = new Map(pushed.map((p) => [p.formCode, p]));
      const savedCodes = new Set(saved.map((s) => s.formCode));
      // A form whose records were pushed in the period but visited before it still shows its pushes.
      const pushedOnly = pushed
        .filter((p) => !savedCodes.has(p.formCode))
        .map((p) => ({
          formCode: p.formCode,
          formName: p.formName,
          startDate: params.startDate,
          endDate: params.endDate,
          total: 0,
          closed: 0,
          withAnomalies: 0,
          push: p,
        }));
      setRows([...saved.map((s) => ({ ...s, push: byForm.get(s.formCode) })), ...pushedOnly]);
    } finally {
      setLoading(false);
    }
  }, [range]);

  useEffect(() => {
    void load();
  }, [load]);

  const n = (pick: (p: PushCount) => number) => (_: unknown, r: Row) => (r.push ? pick(r.push) : 0);
  const columns: ColumnsType<Row> = [
    { title: '随访类型', dataIndex: 'formName', ellipsis: true },
    { title: '随访总数（按随访日期）', dataIndex: 'total', width: 170, align: 'right' },
    { title: '已结案', dataIndex: 'closed', width: 90, align: 'right' },
    { title: '异常已确认', dataIndex: 'withAnomalies', width: 110, align: 'right' },
    { title: '已上报', key: 'done', width: 90, align: 'right', render: n((p) => p.done) },
    { title: '待上报', key: 'waiting', width: 90, align: 'right', render: n((p) => p.waiting + p.running) },
    { title: '上报失败', key: 'failed', width: 100, align: 'right', render: n((p) => p.failed) },
    { title: '已终止', key: 'dead', width: 90, align: 'right', render: n((p) => p.dead) },
  ];

  return (
    <Card
      size="small"
      title="随访提交状态"
      extra={
        <Space>
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
          />
          <Button onClick={() => void load()}>刷新</Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="上报数为所选期间内保存或修改过的随访记录推送到公卫系统的结果；失败的记录会自动重试，可在“上报管理”中重新上报或清除错误。"
      />
      <Table<Row> rowKey="formCode" size="small" loading={loading} columns={columns} dataSource={rows} pagination={false} />
    </Card>
  );
}
