import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { LeftOutlined, PrinterOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Space, Spin, Typography } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useMessages } from '../../shared/i18n/i18n-context';
import { pdfViewerMessages } from './pdf-viewer-messages';
import { drawPage, openPdf, pageImages } from './pdfjs';
import './pdf-viewer.css';

export interface PdfViewerProps {
  open: boolean;
  /** The PDF's bytes; undefined while they are being fetched (the viewer shows it is waiting). */
  data: Uint8Array | undefined;
  /** Why there are no bytes (the server's message), shown instead of the pages. */
  error?: string | undefined;
  title?: string;
  onClose: () => void;
  /** The page's width on screen, CSS pixels (A4 at 96 dpi is 794). */
  pageWidth?: number;
}

/**
 * A PDF in a dialog (spec 001 §2 "PDF viewer with previous/next, page counter, print"), drawn by
 * pdfjs-dist on a canvas one page at a time. 打印 prints the PDF's own pages — each drawn to an
 * image on a print-only sheet — not the screen, so the paper is the server's layout whatever the
 * browser; no frame or plugin is needed, and the Content-Security-Policy stays as it is.
 */
export function PdfViewer({ open, data, error, title, onClose, pageWidth = 794 }: PdfViewerProps) {
  const m = useMessages(pdfViewerMessages);
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  const [failed, setFailed] = useState<string>();
  const [page, setPage] = useState(1);
  const [printing, setPrinting] = useState<string[]>();
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!open || !data) return;
    let live = true;
    let opened: PDFDocumentProxy | undefined;
    setFailed(undefined);
    openPdf(data).then(
      (doc) => {
        opened = doc;
        if (!live) return void doc.destroy();
        setPdf(doc);
        setPage(1);
      },
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
      setPdf(undefined);
      void opened?.destroy();
    };
  }, [open, data]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    drawPage(pdf, page, canvas.current, pageWidth).catch((e: unknown) => setFailed(e instanceof Error ? e.message : String(e)));
  }, [pdf, page, pageWidth]);

  // The print sheet is drawn, printed once the images are in the page, then removed.
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(undefined);
    window.addEventListener('afterprint', done, { once: true });
    const timer = window.setTimeout(() => window.print(), 50);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);

  const pages = pdf?.numPages ?? 0;
  const problem = error ?? failed;
  const print = () => {
    if (pdf) void pageImages(pdf).then(setPrinting);
  };

  return (
    <>
      <Modal
        open={open}
        title={title ?? m.title}
        onCancel={onClose}
        width={pageWidth + 48}
        centered
        destroyOnHidden
        footer={
          <Flex justify="space-between" align="center">
            <Space>
              <Button icon={<LeftOutlined />} disabled={!pdf || page <= 1} onClick={() => setPage((p) => p - 1)}>
                {m.previous}
              </Button>
              <Typography.Text data-testid="pdf-page-counter">{pdf ? m.pageOf(page, pages) : ''}</Typography.Text>
              <Button disabled={!pdf || page >= pages} onClick={() => setPage((p) => p + 1)}>
                {m.next}
                <RightOutlined />
              </Button>
            </Space>
            <Space>
              <Button type="primary" icon={<PrinterOutlined />} disabled={!pdf} onClick={print}>
                {m.print}
              </Button>
              <Button onClick={onClose}>{m.close}</Button>
            </Space>
          </Flex>
        }
        styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflow: 'auto', background: '#f0f2f5', padding: 12 } }}
      >
        {problem ? (
          <Alert type="error" showIcon message={m.failed} description={problem} />
        ) : (
          <Spin spinning={!pdf} tip={m.loading}>
            <Flex justify="center" style={{ minHeight: pdf ? undefined : 240 }}>
              <canvas ref={canvas} data-testid="pdf-page" style={{ background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,.2)' }} />
            </Flex>
          </Spin>
        )}
      </Modal>
      {printing &&
        createPortal(
          <div className="pdf-print-sheet">
            {printing.map((src, i) => (
              <img key={i} src={src} alt="" />
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
