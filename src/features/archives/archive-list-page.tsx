import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Card, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { MailOutlined, PrinterOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { useButtonGrants } from '../../api/button-permissions';
import { listArchives, restoreArchive, type ArchiveRecord, type ArchiveSearch } from '../../api/archives';
import { getUserDefault, getUserInfo } from '../../api/session';
import { getTenantInfo } from '../../api/tenant';
import { ARCHIVE_CARD, HEALTH_ARCHIVE, archiveItem, fetchPrintFile } from '../../api/print-templates';
import { usePdfViewer } from '../../components/pdf-viewer';
import { PrintYearDialog } from '../../components/print-year-dialog';
import { useMessages } from '../../shared/i18n/i18n-context';
import { MissionDialog } from './mission-dialog';
import { AddArchiveDialog } from './add-archive-dialog';
import { archiveMessages } from './archive-messages';
import { isCancelled, sexText, statusText } from './archive-labels';
import { ArchiveSearchForm, type ArchiveSearchValues } from './archive-search-form';
import { CancelArchiveDialog } from './cancel-archive-dialog';
import { isPlatformTenant, PlatformTenantNotice } from './platform-tenant-notice';
import { archiveDetailPath } from '../../shared/archive-paths';

/** Where "open" leads: the archive detail page with its health-archive page (spec 001 §2). */
/** The archive's detail page; the resident's name labels its tab (the query's name, spec 000 §2). */
export const detailPath = (archId: string, personName?: string, page = 'healtharchive') => archiveDetailPath(archId, page, personName);

const PAGE_SIZES = [10, 30, 50, 100, 200];

/**
 * /publichealthwork/index: find residents' archives by name, archive number or ID number, add one,
 * cancel or restore. ID numbers and phones are shown exactly as the server sends them (masked for
 * roles without the permission), never unmasked here.
 *
 * `addOnOpen` (decision 0051): /publichealthwork/addarchive opens 新增档案 over the list at once,
 * /publichealthwork/addarchivefast (and its window variant) also reads the ID card at once — for a
 * role holding 新增档案; a saved archive opens its page, as from the list's own button.
 */
export function ArchiveListPage({ addOnOpen }: { addOnOpen?: 'form' | 'card' }) {
  const m = useMessages(archiveMessages);
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [search, setSearch] = useState<ArchiveSearch>({ current: 1, size: 10 });
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<ArchiveRecord>();
  const { data, isLoading, mutate } = useSWR(['commuserarchives/list', search], ([, s]) => listArchives(s), { keepPreviousData: true });
  const { data: tenant } = useSWR('blade-system/tenant/info', getTenantInfo);
  const user = getUserInfo();
  // The role's buttons (menu/buttons), the same codes the server checks: 新增档案 archive_add, 注销档案 archive_cancel.
  const { grants } = useButtonGrants();
  // The dialog opens once the role's buttons are known to include 新增档案 (the list stays either way).
  const openedOnArrival = useRef(false);
  // 快速建档 reads the card for the dialog opened on arrival only, not when it is opened again later.
  const [readCardNow, setReadCardNow] = useState(addOnOpen === 'card');
  useEffect(() => {
    if (!addOnOpen || openedOnArrival.current || !grants.archive_add) return;
    openedOnArrival.current = true;
    setAdding(true);
  }, [addOnOpen, grants.archive_add]);
  // 打印 (打印档案, archive_print): the rows chosen, the year asked, then one PDF of them all in the viewer (getPrintFile).
  const [chosen, setChosen] = useState<ArchiveRecord[]>([]);
  const [askingYear, setAskingYear] = useState(false);
  // 消息任务 (message_mission): to the rows chosen, or to a crowd label.
  const [mission, setMission] = useState(false);
  const { show, viewer } = usePdfViewer();

  const startPrint = () => {
    if (chosen.length === 0) return void message.warning(m.nothingToPrint);
    setAskingYear(true);
  };
  const print = (year: number, code: string) => {
    setAskingYear(false);
    show(() => fetchPrintFile(chosen.map((row) => archiveItem(archIdOf(row), code, year))));
  };

  const onSearch = (values: ArchiveSearchValues) => setSearch((s) => ({ ...values, current: 1, size: s.size }));
  const archIdOf = (row: ArchiveRecord) => row.archId ?? row.id;

  const confirmRestore = (row: ArchiveRecord) => {
    modal.confirm({
      title: m.restoreTitle,
      content: m.restoreConfirm,
      okText: m.confirm,
      cancelText: m.close,
      onOk: async () => {
        await restoreArchive(archIdOf(row));
        message.success(m.done);
        await mutate();
      },
    });
  };

  const columns: TableColumnsType<ArchiveRecord> = [
    { title: m.archivesNo, dataIndex: 'archivesNo', width: 170 },
    {
      title: m.personName,
      dataIndex: 'personName',
      width: 100,
      render: (name: string, row) => (
        <Typography.Link onClick={() => navigate(detailPath(archIdOf(row), row.personName))}>{name}</Typography.Link>
      ),
    },
    { title: m.sex, dataIndex: 'sex', width: 60, render: (sex: string | undefined) => sexText(m, sex) },
    { title: m.age, dataIndex: 'age', width: 60 },
    { title: m.idCard, dataIndex: 'idCard', width: 190 },
    { title: m.phone, dataIndex: 'phone', width: 130 },
    { title: m.doctor, dataIndex: 'doctorName', width: 100 },
    { title: m.team, dataIndex: 'teamName', ellipsis: true },
    {
      title: m.status,
      dataIndex: 'archivesStatus',
      width: 90,
      render: (_: unknown, row) => <Tag color={isCancelled(row) ? 'default' : 'green'}>{statusText(m, row)}</Tag>,
    },
    {
      title: m.actions,
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Flex gap={8}>
          <Typography.Link onClick={() => navigate(detailPath(archIdOf(row), row.personName))}>{m.open}</Typography.Link>
          {!grants.archive_cancel ? null : isCancelled(row) ? (
            <Typography.Link onClick={() => confirmRestore(row)}>{m.restore}</Typography.Link>
          ) : (
            <Typography.Link type="danger" onClick={() => setCancelling(row)}>
              {m.cancel}
            </Typography.Link>
          )}
        </Flex>
      ),
    },
  ];

  // The platform tenant keeps no residents: say so and where the archives are, instead of an empty list.
  if (isPlatformTenant(user?.tenant_id))
    return (
      <Card title={m.pageTitle} style={{ margin: 16 }}>
        <PlatformTenantNotice />
      </Card>
    );

  return (
    <Card
      title={m.pageTitle}
      style={{ margin: 16 }}
      extra={
        <Space>
          {grants.message_mission && (
            <Button icon={<MailOutlined />} onClick={() => setMission(true)} data-testid="archives-mission">
              {m.mission}
            </Button>
          )}
          {grants.archive_print && (
            <Button icon={<PrinterOutlined />} onClick={startPrint} data-testid="archives-print">
              {m.print}
            </Button>
          )}
          {grants.archive_add && (
            <Button type="primary" onClick={() => setAdding(true)}>
              {m.add}
            </Button>
          )}
        </Space>
      }
    >
      <ArchiveSearchForm onSearch={onSearch} />
      <Table<ArchiveRecord>
        style={{ marginTop: 16 }}
        rowKey={archIdOf}
        size="small"
        bordered
        loading={isLoading}
        columns={columns}
        dataSource={data?.records ?? []}
        rowSelection={
          grants.archive_print || grants.message_mission
            ? { selectedRowKeys: chosen.map(archIdOf), onChange: (_keys, rows) => setChosen(rows), preserveSelectedRowKeys: true }
            : undefined
        }
        scroll={{ x: 1100 }}
        pagination={{
          current: search.current,
          pageSize: search.size,
          total: data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (n) => m.total(n),
          onChange: (current, size) => setSearch((s) => ({ ...s, current: size === s.size ? current : 1, size })),
        }}
      />
      <MissionDialog open={mission} archIds={chosen.map(archIdOf)} onClose={() => setMission(false)} />
      <AddArchiveDialog
        open={adding}
        readCardOnOpen={readCardNow}
        onClose={() => {
          setAdding(false);
          setReadCardNow(false);
        }}
        onSaved={(saved) => {
          setAdding(false);
          setReadCardNow(false);
          void mutate();
          // Straight to the new archive when the server answered it; else stay on the refreshed list.
          if (saved?.id) navigate(detailPath(archIdOf(saved), saved.personName));
        }}
      />
      <PrintYearDialog
        open={askingYear}
        count={chosen.length}
        choices={[
          { code: HEALTH_ARCHIVE, name: m.healthArchive },
          { code: ARCHIVE_CARD, name: m.archiveCard },
        ]}
        onConfirm={print}
        onCancel={() => setAskingYear(false)}
      />
      {viewer}
      <CancelArchiveDialog
        archive={cancelling}
        actor={{
          userId: user?.user_id,
          userName: user?.real_name,
          tenantId: user?.tenant_id,
          tenantName: tenant?.tenantName ?? getUserDefault()?.tenantName,
        }}
        onClose={() => setCancelling(undefined)}
        onDone={() => {
          setCancelling(undefined);
          void mutate();
        }}
      />
    </Card>
  );
}
