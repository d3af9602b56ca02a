import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { badRequest, ok } from '../http/envelope';
import { EXPORT_ROW_CAP, fetchListRows } from '../services/excel-source';
import { buildWorkbook, XLSX_TYPE, type ExportColumn } from '../services/excel-workbook';
import { SIGNED_IN } from '../http/route-access';

const str = (max: number) => ({ type: 'string', maxLength: max }) as const;

// The export request of spec 002 §3. Records and columns are bounded so one call cannot ask the
// server to build an arbitrarily large sheet from the body alone.
const exportBody = {
  body: {
    type: 'object',
    required: ['columns'],
    properties: {
      sheet_name: str(100),
      title_name: str(200),
      columns: {
        type: 'array',
        maxItems: 300,
        items: {
          type: 'object',
          required: ['label'],
          properties: {
            label: str(200),
            prop: str(100),
            colspan: { type: 'integer', minimum: 1, maximum: 300 },
            rowspan: { type: 'integer', minimum: 1, maximum: 10 },
            type: str(40),
            multiple: { type: 'boolean' },
            format: str(60),
            dicData: {
              type: 'array',
              maxItems: 2000,
              items: { type: 'object', required: ['label', 'value'], properties: { label: str(500), value: str(200) } },
            },
          },
        },
      },
      records: { type: 'array', maxItems: EXPORT_ROW_CAP, items: { type: 'object' } },
      params: { type: 'object' },
      url: str(500),
    },
  },
} as const;

interface ExportBody {
  sheet_name?: string;
  title_name?: string;
  columns: ExportColumn[];
  records?: Record<string, unknown>[];
  params?: Record<string, unknown>;
  url?: string;
}

/** A file name every operating system accepts. */
const fileName = (title: string) => `${title.replace(/[\\/:*?"<>|\r\n]/g, '').trim().slice(0, 100) || '导出数据'}.xlsx`;

/**
 * blade-iph-input/excel-api/export (spec 002 §7): builds the .xlsx at once and answers a download
 * link, so the client opens it directly (the 正在下载 notice is for a server that queues instead).
 * The file is kept like an oss upload (blade_attach, random UUID) and downloads from the oss file
 * route. Data is either the posted records or, without records, an internal list fetched as the
 * caller — the export never reads more than the caller could page through on screen.
 */
export const excelExportRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.post('/blade-iph-input/excel-api/export', { config: { access: SIGNED_IN }, schema: exportBody }, async (request) => {
      const body = request.body as ExportBody;
      if (body.columns.length === 0) throw badRequest('参数[columns]不能为空');
      const dataColumns = body.columns.filter((c) => !(c.colspan && c.colspan > 1));
      if (dataColumns.some((c) => !c.prop?.trim())) throw badRequest('参数[prop]不能为空');

      let rows = body.records ?? [];
      let note: string | undefined;
      if (rows.length === 0) {
        if (!body.url?.trim()) throw badRequest('参数[records]与[url]不能同时为空');
        const fetched = await fetchListRows(app, request, body.url, body.params ?? {});
        rows = fetched.rows;
        if (fetched.truncated) note = `仅导出前${EXPORT_ROW_CAP}条数据（共${fetched.total}条），请缩小查询范围后分批导出`;
      }

      const title = body.title_name?.trim() || body.sheet_name?.trim() || '导出数据';
      const content = await buildWorkbook({ sheetName: body.sheet_name?.trim() || title, titleName: title, columns: body.columns, rows, ...(note && { note }) });
      const name = fileName(title);
      const id = crypto.randomUUID();
      await deps.db
        .insertInto('blade_attach')
        .values({ id, tenant_id: request.auth.tenant_id, user_id: request.auth.user_id, original_name: name, content_type: XLSX_TYPE, size: content.length, content, create_time: new Date(deps.now()) })
        .execute();
      return ok({ link: `/api/blade-resource/oss/file/${id}`, name }, '导出成功');
    });
  };
