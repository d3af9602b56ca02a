import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blade, failure, setupFakeServer } from '../../api/testing/fake-server';
import { renderWithUi } from '../test/render';
import { CrudDocumentPage } from './crud-document-page';
import { crudDocumentNamed } from './crud-documents';

// pdf.js does not draw in jsdom: the viewer is replaced by what it was handed (bytes, or the refusal).
vi.mock('../../components/pdf-viewer/pdf-viewer', () => ({
  PdfViewer: ({ open, data, error }: { open: boolean; data?: Uint8Array; error?: string }) =>
    open ? <div data-testid="viewer">{data ? `PDF ${data.length} bytes` : (error ?? '…')}</div> : null,
}));

const PDF = new TextEncoder().encode('%PDF-1.7 report');
const REPORT = {
  id: '7001',
  personName: '廖桂兰',
  formName: '高血压患者随访服务记录表',
  visitDate: '2026-11-30',
  state: 1,
  stateText: '已审核',
};

const { seen } = setupFakeServer((config) => {
  const url = config.url ?? '';
  if (url.endsWith('/menu/buttons')) return blade([]);
  if (url.endsWith('/listCols')) return blade([]);
  if (url.endsWith('userfollowupreport/list')) return blade({ records: [REPORT], total: 1, size: 10, current: 1, pages: 1 });
  if (url.includes('userfollowupreport/print-report')) return { status: 200, data: new Blob([PDF], { type: 'application/pdf' }) };
  if (url.includes('userfollowupreport/print-easy-report')) return failure(404, '随访报告不存在：7001');
  return undefined;
});

describe('CrudDocumentPage open-pdf row actions (随访报告)', { timeout: 60_000 }, () => {
  it('打印报告 GETs the row’s PDF by its key and shows it in the viewer', async () => {
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={crudDocumentNamed('userfollowupreport')!} />);
    const row = (await screen.findByText('廖桂兰')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '打印报告' }));
    expect(await screen.findByText(`PDF ${PDF.length} bytes`)).toBeTruthy();
    expect(seen.find((c) => (c.url ?? '').includes('print-report'))!.url).toBe(
      '/api/blade-iph-business/userfollowupreport/print-report?id=7001',
    );
  });

  it('a refused print shows the server’s message in the viewer', async () => {
    const user = userEvent.setup();
    renderWithUi(<CrudDocumentPage document={crudDocumentNamed('userfollowupreport')!} />);
    const row = (await screen.findByText('廖桂兰')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '简版打印' }));
    expect(await screen.findByText('随访报告不存在：7001')).toBeTruthy();
  });
});
