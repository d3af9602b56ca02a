import { request } from './request';
import type { ExportColumnWire } from '../shared/admin-wire';
import type { Envelope } from './types';

/** One exported column (spec 002 §3 export request). */
export type ExportColumn = ExportColumnWire;

/** The export request of spec 002 §3: the selected records, or the list's url and params. */
export interface ExportRequest {
  sheet_name: string;
  title_name: string;
  columns: ExportColumn[];
  records: Record<string, unknown>[];
  params: Record<string, unknown>;
  url: string;
}

/**
 * POST blade-iph-input/excel-api/export (spec 002 §7): 120 s, with the account and refresh token
 * headers. The answer either carries a download link or says the file is prepared in the background.
 */
export async function requestExport(body: ExportRequest): Promise<{ link?: string }> {
  const res = await request.post<Envelope<{ link?: string } | string | null>>('/api/blade-iph-input/excel-api/export', body, {
    timeout: 120_000,
    meta: { withAccount: true, withRefreshToken: true },
  });
  const data = res.data.data;
  if (typeof data === 'string') return data ? { link: data } : {};
  return data ?? {};
}
