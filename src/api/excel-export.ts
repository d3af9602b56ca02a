import { request } from './request';
import type { ExportColumnWire } from '../shared/admin-wire';
import type { Envelope } from './types';
import type { ExportBody, ExportFile } from '../shared/contract/reports';

/** One exported column (spec 002 §3 export request). */
export type ExportColumn = ExportColumnWire;

/** The export request of spec 002 §3 (the contract's ExportBody): the selected records, or the list's url and params. */
export type ExportRequest = Omit<Required<ExportBody>, 'columns'> & { columns: ExportColumn[] };

/**
 * POST blade-iph-input/excel-api/export (spec 002 §7): 120 s, with the account and refresh token
 * headers. The server builds the workbook at once and answers its download link (the contract's
 * ExportFile).
 */
export async function requestExport(body: ExportRequest): Promise<ExportFile> {
  const res = await request.post<Envelope<ExportFile>>('/api/blade-iph-input/excel-api/export', body, {
    timeout: 120_000,
    meta: { withAccount: true, withRefreshToken: true },
  });
  return res.data.data;
}
