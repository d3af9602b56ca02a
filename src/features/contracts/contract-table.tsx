import { Image, Table, Tag, type TableColumnsType } from 'antd';
import type { Key, ReactNode } from 'react';
import { useMessages } from '../../shared/i18n/i18n-context';
import type { ContractView } from './contract-api';
import { contractMessages } from './contract-messages';

const STATE_COLOR: Record<number, string> = { 0: 'orange', 1: 'blue', 2: 'green', 3: 'default', 4: 'red', 5: 'default' };

export const StateTag = ({ contract }: { contract: Pick<ContractView, 'state' | 'stateText'> }) => (
  <Tag color={STATE_COLOR[contract.state] ?? 'default'}>{contract.stateText}</Tag>
);

/** The contracts as 签约管理 and the archive's 签约 page list them; `actions` adds the state actions of a row. */
export function ContractTable({
  rows,
  loading,
  withPerson,
  actions,
  pagination,
  selection,
}: {
  rows: ContractView[];
  loading: boolean;
  withPerson: boolean;
  actions?: (row: ContractView) => ReactNode;
  pagination?: false | { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
  /** The rows ticked (签约管理's 上报签约 works on them); without it the table has no check boxes. */
  selection?: { keys: string[]; onChange: (keys: string[]) => void };
}) {
  const m = useMessages(contractMessages);
  const columns: TableColumnsType<ContractView> = [
    { title: m.contractNo, dataIndex: 'contractNo', width: 185 },
    ...(withPerson ? [{ title: m.personName, dataIndex: 'personName', width: 80 }] : []),
    { title: m.state, dataIndex: 'stateText', width: 80, render: (_: unknown, r: ContractView) => <StateTag contract={r} /> },
    { title: m.teamName, dataIndex: 'teamName', width: 100, ellipsis: true },
    { title: m.doctorName, dataIndex: 'doctorName', width: 80, ellipsis: true },
    { title: m.packNames, dataIndex: 'packNames', ellipsis: true, width: 110 },
    { title: m.fee, dataIndex: 'fee', width: 90, align: 'right', render: (v: number) => v.toFixed(2) },
    { title: m.period, key: 'period', width: 200, render: (_: unknown, r: ContractView) => `${r.startDate} ～ ${r.endDate}` },
    {
      title: m.signature,
      dataIndex: 'autographLink',
      width: 90,
      render: (v: string) => (v ? <Image src={v} height={28} preview={{ mask: false }} alt={m.signature} /> : '-'),
    },
    ...(actions ? [{ title: m.actions, key: 'actions', width: 150, render: (_: unknown, r: ContractView) => actions(r) }] : []),
  ];
  return (
    <Table<ContractView>
      rowKey="id"
      size="small"
      tableLayout="fixed"
      scroll={{ x: 1165 }}
      {...(withPerson ? {} : { locale: { emptyText: m.none } })}
      loading={loading}
      columns={columns}
      dataSource={rows}
      data-testid="contract-table"
      {...(selection
        ? { rowSelection: { selectedRowKeys: selection.keys, onChange: (keys: Key[]) => selection.onChange(keys.map(String)) } }
        : {})}
      pagination={
        pagination === undefined || pagination === false
          ? false
          : { ...pagination, showSizeChanger: true, showTotal: (n: number) => m.total(n) }
      }
    />
  );
}
