import { CopyOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Input, Result, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { RequestError } from '../../api/request';
import { useMessages } from '../../shared/i18n/i18n-context';
import {
  copyForm,
  createForm,
  errorText,
  getFormDetail,
  importForms,
  isMissingEndpoint,
  listForms,
  removeForms,
  type FormListRow,
  type ImportResult,
  type ListQuery,
} from './designer-api';
import { designerMessages } from './designer-messages';
import { emptyDocument, exportFiles, kindOfExt, type WorkingStatus } from './document-utils';
import { DocumentDialog } from './document-dialog';
import { ImportReport } from './import-report';
import { downloadFiles, readChosenFiles } from './download';
import { newFormDocument } from './property-documents';
import { StatusTag } from './status-tag';

export interface FormListProps {
  onOpen: (row: Pick<FormListRow, 'id' | 'formName'>) => void;
  onHome: () => void;
}

const PAGE_SIZES = [10, 30, 50, 100];

/**
 * 表单设计's list: the tenant's forms with their kind, latest version, the working copy's status
 * against it, who changed it and when; 新建, 复制, 导入, 导出, 删除. A 403 shows the forbidden result.
 */
export function FormList({ onOpen, onHome }: FormListProps) {
  const m = useMessages(designerMessages);
  const { message, modal } = App.useApp();
  const [query, setQuery] = useState<ListQuery>({ current: 1, size: 10 });
  const [codeText, setCodeText] = useState('');
  const [nameText, setNameText] = useState('');
  const [creating, setCreating] = useState(false);
  const [imported, setImported] = useState<ImportResult>();
  const fileInput = useRef<HTMLInputElement>(null);
  const newFormDoc = useMemo(() => newFormDocument(m), [m]);
  const list = useSWR(['form-list', query], ([, q]) => listForms(q), { keepPreviousData: true, revalidateOnFocus: false });

  if (list.error instanceof RequestError && list.error.code === 403) {
    return (
      <Result
        status="403"
        title="403"
        subTitle={m.forbidden}
        extra={
          <Button type="primary" onClick={onHome}>
            {m.backHome}
          </Button>
        }
      />
    );
  }

  const refresh = () => void list.mutate();

  const create = async (formCode: string, formName: string) => {
    const row = await createForm(emptyDocument(formCode.trim(), formName.trim(), m.defaultSection));
    void message.success(m.created);
    setCreating(false);
    refresh();
    onOpen(row);
  };

  const copy = async (row: FormListRow) => {
    const copied = await copyForm(row.id);
    void message.success(m.copied(copied.formCode));
    refresh();
  };

  const exportRow = async (row: FormListRow) => {
    const detail = await getFormDetail(row.id);
    const files = exportFiles(detail.document, detail.cases ?? undefined, detail.dictionaries);
    downloadFiles(files);
    void message.success(m.exported(files.length));
  };

  const confirmRemove = (row: FormListRow) =>
    modal.confirm({
      title: m.remove,
      content: m.removeConfirm(row.formCode),
      okText: m.ok,
      cancelText: m.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        await removeForms([row.id]);
        void message.success(m.removed);
        refresh();
      },
    });

  const importChosen = async (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    const files = await readChosenFiles(chosen);
    try {
      const result = await importForms(files);
      refresh();
      // What was read and found is shown before the administrator leaves (an older server answers less).
      void message.success(m.imported);
      if (result && typeof result === 'object' && Array.isArray(result.dictionaries)) setImported(result);
    } catch (e) {
      if (isMissingEndpoint(e)) void message.warning(m.importMissing);
      else
        modal.error({
          title: m.importRefused,
          width: 640,
          content: (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="import-refusal">
              {errorText(e)
                .split(/[；;]\s*/)
                .join('\n')}
            </Typography.Paragraph>
          ),
        });
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const columns: TableColumnsType<FormListRow> = [
    {
      title: m.formCode,
      dataIndex: 'formCode',
      width: 190,
      render: (code: string, row) => <Typography.Link onClick={() => onOpen(row)}>{code}</Typography.Link>,
    },
    { title: m.formName, dataIndex: 'formName', ellipsis: true },
    {
      title: m.kind,
      key: 'kind',
      width: 90,
      render: (_: unknown, row) => (kindOfExt(row.ext) ? m.kindNames(kindOfExt(row.ext) as string) : '—'),
    },
    { title: m.latestVersion, dataIndex: 'version', width: 80, render: (v: number) => (v > 0 ? v : m.noVersion) },
    { title: m.status, key: 'status', width: 120, render: (_: unknown, row) => <StatusCell row={row} /> },
    { title: m.changedBy, key: 'changedBy', width: 100, render: (_: unknown, row) => row.updateUserName || row.updateUser || '—' },
    { title: m.changedAt, dataIndex: 'updateTime', width: 150 },
    {
      title: m.actions,
      key: 'actions',
      width: 150,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Tooltip title={m.open}>
            <Button type="link" size="small" aria-label={`${m.open} ${row.formCode}`} icon={<EditOutlined />} onClick={() => onOpen(row)} />
          </Tooltip>
          <Tooltip title={m.copy}>
            <Button
              type="link"
              size="small"
              aria-label={`${m.copy} ${row.formCode}`}
              icon={<CopyOutlined />}
              onClick={() => void copy(row).catch(() => undefined)}
            />
          </Tooltip>
          <Tooltip title={m.export}>
            <Button
              type="link"
              size="small"
              aria-label={`${m.export} ${row.formCode}`}
              icon={<DownloadOutlined />}
              onClick={() => void exportRow(row).catch((e: unknown) => void message.error(errorText(e)))}
            />
          </Tooltip>
          <Tooltip title={m.remove}>
            <Button
              type="link"
              size="small"
              danger
              aria-label={`${m.remove} ${row.formCode}`}
              icon={<DeleteOutlined />}
              onClick={() => confirmRemove(row)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" className="fd-list" title={m.title}>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input
          aria-label={m.formCode}
          placeholder={m.formCode}
          value={codeText}
          onChange={(e) => setCodeText(e.target.value)}
          style={{ width: 180 }}
          allowClear
        />
        <Input
          aria-label={m.formName}
          placeholder={m.formName}
          value={nameText}
          onChange={(e) => setNameText(e.target.value)}
          style={{ width: 200 }}
          allowClear
        />
        <Button
          type="primary"
          onClick={() =>
            setQuery((q) => ({ current: 1, size: q.size, formCode: codeText.trim() || undefined, formName: nameText.trim() || undefined }))
          }
        >
          {m.search}
        </Button>
        <Button
          onClick={() => {
            setCodeText('');
            setNameText('');
            setQuery((q) => ({ current: 1, size: q.size }));
          }}
        >
          {m.reset}
        </Button>
        <span style={{ flex: 1 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {m.create}
        </Button>
        <Tooltip title={m.importHint}>
          <Button icon={<ImportOutlined />} onClick={() => fileInput.current?.click()}>
            {m.import}
          </Button>
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          accept=".json,.dicts.json,application/json"
          multiple
          hidden
          data-testid="import-input"
          onChange={(e) => void importChosen(e.target.files)}
        />
      </Flex>
      {list.error && <Alert type="error" showIcon message={m.listFailed} description={errorText(list.error)} style={{ marginBottom: 8 }} />}
      <Table<FormListRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: query.current,
          pageSize: query.size,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (current, size) => setQuery((q) => ({ ...q, current, size })),
        }}
      />
      {imported && (
        <ImportReport
          result={imported}
          onClose={() => setImported(undefined)}
          onOpen={(row) => {
            setImported(undefined);
            onOpen(row);
          }}
        />
      )}
      <DocumentDialog
        open={creating}
        title={m.newTitle}
        document={newFormDoc}
        submitText={m.newSubmit}
        onClose={() => setCreating(false)}
        onSubmit={(v) => create(String(v.formCode ?? ''), String(v.formName ?? ''))}
      />
    </Card>
  );
}

/** The working copy against the latest version, as form/list answers it (no call per row). */
function StatusCell({ row }: { row: FormListRow }) {
  const status: WorkingStatus | undefined = row.workingStatus ?? (row.version > 0 ? undefined : 'unpublished');
  return status ? <StatusTag status={status} /> : <Typography.Text type="secondary">—</Typography.Text>;
}
