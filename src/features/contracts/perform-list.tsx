import { Button, Form, Input, Progress, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { useMessages } from '../../shared/i18n/i18n-context';
import { listPerformance, type PerformRow } from './contract-api';
import { contractMessages } from './contract-messages';
import { StateTag } from './contract-table';
import { PerformDrawer } from './perform-drawer';

/**
 * 履约情况 (签约管理's second tab; performcontract/list): the contracts that owe service — signed, in
 * effect, or run out — each with the service items planned, done and the rate, so a team leader sees
 * whose contract is behind; 明细 opens the items of one (PerformDrawer).
 */
export function PerformList() {
  const m = useMessages(contractMessages);
  const [personName, setPersonName] = useState<string | undefined>();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [open, setOpen] = useState<string | undefined>();
  const params = { current: paging.current, size: paging.size, ...(personName ? { personName } : {}) };
  const { data, isLoading } = useSWR(['perform-list', params], () => listPerformance(params));
  const columns: TableColumnsType<PerformRow> = [
    { title: m.contractNo, dataIndex: 'contractNo', width: 185 },
    { title: m.personName, dataIndex: 'personName', width: 90 },
    { title: m.state, dataIndex: 'stateText', width: 80, render: (_: unknown, r: PerformRow) => <StateTag contract={r} /> },
    { title: m.teamName, dataIndex: 'teamName', width: 110, ellipsis: true },
    { title: m.packNames, dataIndex: 'packNames', width: 120, ellipsis: true },
    { title: m.period, key: 'period', width: 200, render: (_: unknown, r: PerformRow) => `${r.startDate} ～ ${r.endDate}` },
    { title: m.performPlanned, dataIndex: 'planned', width: 80, align: 'right' },
    { title: m.performDone, dataIndex: 'done', width: 80, align: 'right' },
    {
      title: m.performRate,
      dataIndex: 'rate',
      width: 150,
      render: (rate: number) => (
        <Progress percent={rate} size="small" format={(p) => `${p}%`} status={rate >= 100 ? 'success' : 'normal'} />
      ),
    },
    {
      title: m.actions,
      key: 'actions',
      width: 80,
      render: (_: unknown, r: PerformRow) => (
        <Button size="small" type="link" onClick={() => setOpen(r.contractNo)}>
          {m.performDetail}
        </Button>
      ),
    },
  ];
  return (
    <div data-testid="perform-list">
      <Form
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v: { personName?: string }) => {
          setPersonName(v.personName?.trim() || undefined);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="personName" label={m.personName}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {m.search}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<PerformRow>
        rowKey="id"
        size="small"
        tableLayout="fixed"
        scroll={{ x: 1175 }}
        loading={isLoading}
        columns={columns}
        dataSource={data?.records ?? []}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n: number) => m.total(n),
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
      <PerformDrawer contractNo={open} onClose={() => setOpen(undefined)} />
    </div>
  );
}
