import { App, Button, Card, DatePicker, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useButtonGrants } from '../../api/button-permissions';
import { clearPushErrors, listPushes, pushAgain, pushAllFailed, pushCounts, type PushListQuery, type PushView } from '../../api/push';

/** How often the list refreshes while a push is waiting, running or due for a retry. */
const POLL_MS = 2000;
const STATE_OPTIONS = ['待上报', '上报中', '已上报', '失败', '终止', '已清除'].map((label, value) => ({ label, value }));
const STATE_COLOR = ['default', 'processing', 'success', 'warning', 'error', 'default'] as const;
/** The systems pushed to and the kinds of records pushed (server/push: PUSH_KINDS, KIND_TEXT). */
const SYSTEM_OPTIONS = [
  { label: '公卫系统', value: 'GW' },
  { label: '基卫系统', value: 'JW' },
  { label: '省妇幼系统', value: 'SFY' },
  { label: '医院信息系统', value: 'HIS' },
] as const;
const KIND_OPTIONS = [
  { label: '随访记录', value: 'followup' },
  { label: '健康档案', value: 'archive' },
  { label: '签约协议', value: 'contract' },
  { label: '专项档案', value: 'archive_other' },
  { label: '用药记录', value: 'medication' },
  { label: '生活习惯', value: 'habits' },
  { label: '随访凭证', value: 'voucher' },
] as const;
type PushSystem = (typeof SYSTEM_OPTIONS)[number]['value'];
type PushKind = (typeof KIND_OPTIONS)[number]['value'];
const inFlight = (r: PushView) => r.state === 0 || r.state === 1 || r.state === 3;
const retryable = (r: PushView) => r.state !== 2 && r.state !== 1;
const clearable = (r: PushView) => r.state === 3 || r.state === 4;

interface Filters {
  state?: number;
  system?: PushSystem;
  kind?: PushKind;
  formCode?: string;
  personName?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * 上报管理 (issue 34; server/push): every record pushed to an external system (the regional public-health
 * system 公卫 first) with its state — 待上报, 上报中, 已上报, 失败 (retried on its own after a back-off),
 * 终止 (out of attempts), 已清除 — the reason of the last failure, the attempts and the next try;
 * every kind pushed (follow-ups, archives, contracts, maternal and child cases, medication, habits,
 * vouchers); filters by state, system, kind, form, resident and date; 重新上报 and 清除错误 per row or for the rows chosen.
 */
export function SubmissionPage() {
  const { message } = App.useApp();
  const { grants } = useButtonGrants();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [rows, setRows] = useState<PushView[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<string[]>([]);
  const [forms, setForms] = useState<{ label: string; value: string }[]>([]);

  const load = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoading(true);
      try {
        const [from, to] = filters.range ?? [];
        const query: PushListQuery = {
          current,
          size,
          ...(filters.state !== undefined && { state: filters.state }),
          ...(filters.system && { system: filters.system }),
          ...(filters.kind && { kind: filters.kind }),
          ...(filters.formCode && { formCode: filters.formCode }),
          ...(filters.personName?.trim() && { personName: filters.personName.trim() }),
          ...(from && { startDate: from.format('YYYY-MM-DD') }),
          ...(to && { endDate: to.format('YYYY-MM-DD') }),
        };
        const page = await listPushes(query);
        setRows(page.records);
        setTotal(page.total);
      } finally {
        setLoading(false);
      }
    },
    [current, size, filters],
  );

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    void pushCounts({ startDate: '2000-01-01' })
      .then((counts) => setForms(counts.map((c) => ({ label: c.formName, value: c.formCode }))))
      .catch(() => undefined);
  }, []);

  const busy = rows.some(inFlight);
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void load(true).catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, load]);

  const again = async (ids: string[]) => {
    const answer = ids.length ? await pushAgain(ids) : await pushAllFailed();
    void message.success(answer.changed ? `已重新上报${answer.changed}条记录` : '没有可重新上报的记录');
    setSelected([]);
    await load(true);
  };
  const clear = async (ids: string[]) => {
    const answer = await clearPushErrors(ids);
    void message.success(answer.changed ? `已清除${answer.changed}条记录的错误` : '没有可清除错误的记录');
    setSelected([]);
    await load(true);
  };

  const canPush = !!grants['submission_push'];
  const canClear = !!grants['submission_clear'];
  const columns: ColumnsType<PushView> = [
    { title: '居民姓名', dataIndex: 'personName', width: 80, ellipsis: true },
    { title: '类别', dataIndex: 'kindText', width: 72 },
    { title: '表单', dataIndex: 'formName', width: 120, ellipsis: { showTitle: true } },
    { title: '业务日期', dataIndex: 'visitDate', width: 106 },
    { title: '上报系统', dataIndex: 'systemName', width: 90 },
    {
      title: '上报状态',
      dataIndex: 'stateText',
      width: 80,
      render: (text: string, r) => <Tag color={STATE_COLOR[r.state] ?? 'default'}>{text}</Tag>,
    },
    { title: '次数', dataIndex: 'attempts', width: 50, align: 'right' },
    {
      title: '说明',
      dataIndex: 'gwMsg',
      render: (text: string) => <span style={{ fontSize: 13 }}>{text}</span>,
    },
    {
      title: '时间',
      key: 'time',
      width: 140,
      render: (_: unknown, r) => {
        const [label, at] =
          r.state === 2
            ? ['上报于', r.pushedTime]
            : r.state === 3 && r.nextTryTime
              ? ['下次重试', r.nextTryTime]
              : ['更新于', r.updateTime];
        return (
          <div style={{ lineHeight: 1.4 }}>
            <div style={{ color: '#888', fontSize: 12 }}>{label}</div>
            <div>{at}</div>
          </div>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_: unknown, r) => (
        <Space size={4}>
          {canPush && (
            <Button type="link" size="small" disabled={!retryable(r)} onClick={() => void again([r.id])}>
              重新上报
            </Button>
          )}
          {canClear && (
            <Popconfirm title="清除后该记录不再自动上报，确定清除错误吗？" disabled={!clearable(r)} onConfirm={() => clear([r.id])}>
              <Button type="link" size="small" danger disabled={!clearable(r)}>
                清除错误
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const search = (values: Filters) => {
    setCurrent(1);
    setFilters({ ...values });
  };

  return (
    <Card
      size="small"
      title="上报管理"
      extra={
        <Space>
          {canPush && (
            <Button type="primary" onClick={() => void again(selected)}>
              {selected.length ? `重新上报所选（${selected.length}）` : '失败记录全部重新上报'}
            </Button>
          )}
          {canClear && (
            <Button disabled={!selected.length} onClick={() => void clear(selected)}>
              清除所选错误
            </Button>
          )}
          <Button onClick={() => void load()}>刷新</Button>
        </Space>
      }
    >
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="state" label="上报状态">
          <Select allowClear placeholder="全部" options={STATE_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="system" label="上报系统">
          <Select allowClear placeholder="全部" options={[...SYSTEM_OPTIONS]} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="kind" label="类别">
          <Select allowClear placeholder="全部" options={[...KIND_OPTIONS]} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="formCode" label="表单">
          <Select allowClear placeholder="全部" options={forms} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="personName" label="居民姓名">
          <Input allowClear placeholder="姓名" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker style={{ width: 240 }} disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<PushView>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        rowSelection={canPush || canClear ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
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
