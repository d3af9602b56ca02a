import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { PdfViewer } from './pdf-viewer';

/** A three-page A4 PDF made in the browser (a standard font: the server's PDFs embed the CJK one). */
async function samplePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`Sample record - page ${n}`, { x: 60, y: 780, size: 20, font });
    for (let row = 0; row < 12; row++) {
      page.drawRectangle({ x: 60, y: 700 - row * 28, width: 475, height: 28, borderColor: rgb(0, 0, 0), borderWidth: 0.6 });
      page.drawText(`Label ${row + 1}`, { x: 66, y: 710 - row * 28, size: 10, font });
      page.drawText(`Value ${n}.${row + 1}`, { x: 220, y: 710 - row * 28, size: 10, font });
    }
  }
  return pdf.save();
}

function WithSample({ error, waiting }: { error?: string; waiting?: boolean }) {
  const [data, setData] = useState<Uint8Array>();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (!waiting && !error) void samplePdf().then(setData);
  }, [waiting, error]);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <PdfViewer open={open} data={data} error={error} onClose={() => setOpen(false)} />
    </>
  );
}

const meta: Meta<typeof WithSample> = { title: 'components/PdfViewer', component: WithSample };
export default meta;

type Story = StoryObj<typeof WithSample>;

/** Three pages: 上一页 / 下一页 move between them, the counter says where, 打 印 prints the pages themselves. */
export const ThreePages: Story = {};

/** The bytes are still being made on the server. */
export const Waiting: Story = { args: { waiting: true } };

/** The server refused (another tenant's record, a missing one): its message is shown. */
export const Refused: Story = { args: { error: '随访记录不存在：123' } };
