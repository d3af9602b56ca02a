import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, ok } from '../../http/envelope';
import { EXPORT_ROW_CAP, fetchListRows } from '../../http/internal-list';
import { insertAttachment } from '../../resource/index';
import { buildWorkbook, exportFileName, XLSX_TYPE } from '../services/excel-workbook';
import { SIGNED_IN } from '../../http/route-access';
import { ExportBody, reportAnswers as answers } from '../../../src/shared/contract/reports';

/**
 * blade-iph-input/excel-api/export (spec 002 §7): builds the .xlsx at once and answers a download
 * link, so the client opens it directly (the 正在下载 notice is for a server that queues instead).
 * The file is kept like an oss upload (blade_attach, random UUID) and downloads from the oss file
 * route. Data is either the posted records or, without records, an internal list fetched as the
 * caller — the export never reads more than the caller could page through on screen.
 */
export const excelExportRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/blade-iph-input/excel-api/export',
      { config: { access: SIGNED_IN }, schema: { body: ExportBody, response: { 200: answers.exported } } },
      async (request) => {
        const { body } = request;
        if (body.columns.length === 0) throw badRequest('参数[columns]不能为空');
        const columns = body.columns.map((c) => ({ ...c, prop: c.prop ?? '' }));
        const dataColumns = columns.filter((c) => !(c.colspan && c.colspan > 1));
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
        const content = await buildWorkbook({
          sheetName: body.sheet_name?.trim() || title,
          titleName: title,
          columns,
          rows,
          ...(note && { note }),
        });
        const name = exportFileName(title);
        const id = await insertAttachment(deps.db, {
          tenantId: request.auth.tenant_id,
          userId: request.auth.user_id,
          originalName: name,
          contentType: XLSX_TYPE,
          content,
          time: new Date(deps.now()),
        });
        return ok({ link: `/api/blade-resource/oss/file/${id}`, name }, '导出成功');
      },
    );
  };
