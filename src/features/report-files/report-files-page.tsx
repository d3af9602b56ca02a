import { App, Button, Card, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { listReportFiles, removeReportFiles, updateReportFileRemark, type ReportFile } from '../../api/print-templates';
import { fetchPdf } from '../../api/printing';
import { usePdfViewer } from '../../components/pdf-viewer';

const PAGE_SIZE = 10;
const REMARK_MAX = 500;

/** The server's ISO instant in the browser's own time, as the other lists show times. */
const shownTime = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '');

/**
 * 报表文件 (/reportfile/index; issue 33, decision 0038): the caller's printed files — each a kept print
 * link (get-preview-url) made into its PDF again whenever opened, with the caller's masking — newest
 * first: 打开 in the print viewer, 备注 to annotate, 删除 (blade-report/report/rest/*).
 */
export function ReportFilesPage() {
  const { message } = App.useApp();
  const [rows, setRows] = useState<ReportFile[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [name, setName] = useState('');
  const [loading, setLoading] = useState(false);
  const { show, viewer } = usePdfViewer();
  const [remarking, setRemarking] = useState<{ file: ReportFile; text: string }>();

  const load = useCallback(async (page: number, nameLike: string) => {
    setLoading(true);
    try {
      const p = await listReportFiles(page, PAGE_SIZE, nameLike.trim() || undefined);
      setRows(p.records);
      setTotal(p.total);
      setCurrent(page);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(1, '');
  }, [load]);

  const open = (file: ReportFile) => show(() => fetchPdf(file.link), { title: file.name });

  const remove = async (file: ReportFile) => {
    await removeReportFiles([file.id]);
    message.success('删除成功');
    await load(rows.length === 1 && current > 1 ? current - 1 : current, name);
  };

  const saveRemark = async () => {
    if (!remarking) return;
    await updateReportFileRemark(remarking.file.id, remarking.text.trim());
    message.success('备注已保存');
    setRemarking(undefined);
    await load(current, name);
  };

  const columns: ColumnsType<ReportFile> = [
    { title: '生成时间', dataIndex: 'createTime', width: 170, render: shownTime },
    { title: '文件名称', dataIndex: 'name', ellipsis: true },
    { title: '份数', dataIndex: 'itemCount', width: 70 },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      render: (_: unknown, file) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => open(file)}>
            打开
          </Button>
          <Button type="link" size="small" onClick={() => setRemarking({ file, text: file.remark })}>
            备注
          </Button>
          <Popconfirm title="确定删除该文件吗？" onConfirm={() => remove(file)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="报表文件"
      extra={
        <Input.Search
          placeholder="文件名称"
          allowClear
          style={{ width: 240 }}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onSearch={(v) => void load(1, v)}
        />
      }
    >
      <Typography.Paragraph type="secondary">打印生成的文件：每次打开时按当前数据重新生成。</Typography.Paragraph>
      <Table<ReportFile>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p) => void load(p, name),
        }}
      />
      {viewer}
      <Modal
        open={remarking !== undefined}
        title="备注"
        okText="保存"
        onOk={() => void saveRemark()}
        onCancel={() => setRemarking(undefined)}
        destroyOnClose
      >
        <Input.TextArea
          aria-label="备注"
          maxLength={REMARK_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          value={remarking?.text ?? ''}
          onChange={(e) => setRemarking((r) => (r ? { ...r, text: e.target.value } : r))}
        />
      </Modal>
    </Card>
  );
}
