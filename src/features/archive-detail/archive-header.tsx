import { PrinterOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Space, Tag, Typography } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import { fetchRecordPdf } from '../../api/printing';
import { usePdfViewer } from '../../components/pdf-viewer';
import { useMessages } from '../../shared/i18n/i18n-context';
import { CopyValue, HeaderItem as Item } from '../../components/header-items';
import { followupMessages } from './followup-messages';
import { maskIdCard } from '../../shared/id-card-mask';
import { ArchivePrintMenu } from './archive-print-menu';
import { GenerateReportButton } from './generate-report-button';
import { MessagePanel } from './message-panel';

/**
 * The archive page header (spec 001 §2): name, sex, age, archive number with its status text, the
 * ID number masked, responsible doctor and team. Archive and ID numbers copy on click (the value
 * the server sent; the screen shows the ID masked either way).
 */
export function ArchiveHeader({
  archive,
  onClose,
  printRecordId,
}: {
  archive: ArchiveRecord;
  onClose: () => void;
  /** The saved record open on the page: 打印 shows its paper form, the server's PDF. */
  printRecordId?: string | undefined;
}) {
  const m = useMessages(followupMessages);
  const { show, viewer } = usePdfViewer();
  const print = () => {
    // No saved record (a new form not yet saved, the archive's own page): the browser prints the screen.
    if (!printRecordId) return window.print();
    const id = printRecordId;
    show(() => fetchRecordPdf(id));
  };
  const cancelled = archive.archivesStatus !== undefined && archive.archivesStatus !== '1';
  const sex = archive.sex === '1' ? m.male : archive.sex === '2' ? m.female : '';
  return (
    <Flex
      align="center"
      gap={16}
      style={{ padding: '10px 16px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}
      data-testid="archive-header"
    >
      <Avatar size={48} style={{ background: cancelled ? '#bfbfbf' : '#409EFF', flex: 'none' }}>
        {archive.personName.slice(0, 1)}
      </Avatar>
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Space size={12} wrap>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {archive.personName}
          </Typography.Text>
          <span>{sex}</span>
          {archive.age !== undefined && archive.age !== '' && <span>{m.ageYears(archive.age)}</span>}
          <Item label={m.archivesNo}>
            <CopyValue value={archive.archivesNo} words={m} />{' '}
            <Tag color={cancelled ? 'default' : 'green'} style={{ marginInlineStart: 4 }}>
              {archive.archivesStatusText ?? ''}
            </Tag>
          </Item>
        </Space>
        <Space size={20} wrap>
          <Item label={m.idCard}>
            <CopyValue value={archive.idCard} shown={maskIdCard(archive.idCard)} words={m} />
          </Item>
          <Item label={m.doctor}>{archive.doctorName || '-'}</Item>
          <Item label={m.team}>{archive.teamName || '-'}</Item>
          <Item label={m.phone}>{archive.phone || '-'}</Item>
        </Space>
      </Flex>
      {/* 打印: the open record's paper form, a PDF made on the server, in the viewer; with no saved
          record open it prints the tab on screen as before (followup-print.css). */}
      <Space>
        <MessagePanel archId={archive.archId ?? archive.id} personName={archive.personName} />
        <ArchivePrintMenu archId={archive.archId ?? archive.id} />
        <GenerateReportButton recordId={printRecordId} />
        <Button icon={<PrinterOutlined />} onClick={print} data-testid="archive-print">
          {m.print}
        </Button>
        <Button onClick={onClose}>{m.close}</Button>
      </Space>
      {viewer}
    </Flex>
  );
}
