import { Descriptions, Drawer, Table, Tag, type TableColumnsType } from 'antd';
import useSWR from 'swr';
import { useMessages } from '../../shared/i18n/i18n-context';
import { performanceOfContract, type PerformItem } from './contract-api';
import { contractMessages } from './contract-messages';
import { StateTag } from './contract-table';

/**
 * 履约明细: one contract's service items (performcontract/listPerformDatas) — for each item of its
 * packs, how many times the period owes it, how many the resident's records already count, and the
 * dates of those records — so the team sees what is still owed before the period runs out.
 */
export function PerformDrawer({ contractNo, onClose }: { contractNo: string | undefined; onClose: () => void }) {
  const m = useMessages(contractMessages);
  const { data, error, isLoading } = useSWR(contractNo ? ['perform', contractNo] : null, () => performanceOfContract(contractNo!));
  const columns: TableColumnsType<PerformItem> = [
    { title: m.performItem, dataIndex: 'projectName', width: 140 },
    { title: m.performPlanned, dataIndex: 'planned', width: 90, align: 'right' },
    { title: m.performDone, dataIndex: 'done', width: 90, align: 'right' },
    {
      title: m.performState,
      key: 'state',
      width: 90,
      render: (_: unknown, r: PerformItem) =>
        r.done >= r.planned ? <Tag color="green">{m.performComplete}</Tag> : <Tag color="orange">{m.performOwed(r.planned - r.done)}</Tag>,
    },
    {
      title: m.performRecords,
      key: 'records',
      render: (_: unknown, r: PerformItem) => r.records.map((x) => x.visitDate).join('、') || '-',
    },
  ];
  return (
    <Drawer
      open={contractNo !== undefined}
      onClose={onClose}
      width={760}
      title={m.performTitle}
      destroyOnHidden
      data-testid="perform-drawer"
    >
      {error ? (
        <div role="alert">{m.performFailed}</div>
      ) : (
        <>
          {data && (
            <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={m.contractNo}>{data.contract.contractNo}</Descriptions.Item>
              <Descriptions.Item label={m.personName}>{data.contract.personName}</Descriptions.Item>
              <Descriptions.Item label={m.state}>
                <StateTag contract={data.contract} />
              </Descriptions.Item>
              <Descriptions.Item label={m.period}>{`${data.contract.startDate} ～ ${data.contract.endDate}`}</Descriptions.Item>
              <Descriptions.Item label={m.packNames}>{data.contract.packNames}</Descriptions.Item>
              <Descriptions.Item label={m.teamName}>{data.contract.teamName}</Descriptions.Item>
            </Descriptions>
          )}
          <Table<PerformItem>
            rowKey={(r) => `${r.packId}-${r.projectCode}`}
            size="small"
            loading={isLoading}
            columns={columns}
            dataSource={data?.items ?? []}
            pagination={false}
            locale={{ emptyText: m.performNoItems }}
          />
        </>
      )}
    </Drawer>
  );
}
