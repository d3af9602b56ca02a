import { useState } from 'react';
import { FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import useSWR from 'swr';
import { useButtonGrants } from '../../api/button-permissions';
import { ARCHIVE_CARD, HEALTH_ARCHIVE, archiveItem, fetchPrintFile, listPrintCodes } from '../../api/print-templates';
import { usePdfViewer } from '../../components/pdf-viewer';
import { PrintYearDialog, type PrintChoice } from '../../components/print-year-dialog';
import { useMessages } from '../../shared/i18n/i18n-context';
import { archivePrintMessages } from './archive-print-messages';

/**
 * 打印档案 on the archive page (打印档案, archive_print): the resident's archive card (the national
 * cover and 个人基本信息表) or the year's health archive (with every record of the year), or any
 * archive template the institution added (report/list-codes) — a PDF made on the server, in the viewer.
 */
export function ArchivePrintMenu({ archId }: { archId: string }) {
  const m = useMessages(archivePrintMessages);
  const { grants } = useButtonGrants();
  const [asking, setAsking] = useState(false);
  const { show, viewer } = usePdfViewer();
  const { data: codes } = useSWR(grants.archive_print ? 'report/list-codes?origin=archive' : null, () => listPrintCodes('archive'));
  if (!grants.archive_print) return null;
  // The built-in two first, named as the screen names them; then the institution's own.
  const known: PrintChoice[] = [
    { code: HEALTH_ARCHIVE, name: m.healthArchive },
    { code: ARCHIVE_CARD, name: m.archiveCard },
  ];
  const choices = [
    ...known,
    ...(codes ?? []).filter((c) => !known.some((k) => k.code === c.code)).map((c) => ({ code: c.code, name: c.name })),
  ];
  const print = (year: number, code: string) => {
    setAsking(false);
    show(() => fetchPrintFile([archiveItem(archId, code, year)]));
  };
  return (
    <>
      <Button icon={<FileTextOutlined />} onClick={() => setAsking(true)} data-testid="archive-print-archive">
        {m.printArchive}
      </Button>
      <PrintYearDialog open={asking} count={1} choices={choices} onConfirm={print} onCancel={() => setAsking(false)} />
      {viewer}
    </>
  );
}
