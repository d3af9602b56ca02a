// 报表文件 (blade-report/report/rest/*) and the links of get-preview-url(s): a link keeps the print
// items it was asked for (checked, the archives and records found) and the PDF is made when it is
// opened, by whoever opens it — masked for their role, audited for them. A caller's files are theirs.
import { newId } from '../../db/ids';
import { NotFound, Refusal } from '../../domain/errors';
import type { PreviewLink, PrintItem, ReportFileView } from '../../../src/shared/contract/print-templates';
import { existingFiles, findFile, insertFile, listFiles, removeFiles, updateRemark, type FileRow } from '../repositories/files';
import { checkItems, namesOf, printItems, type PrintContext, type PrintedFile } from './print-file';
import type { TemplateContext } from './templates';

/** Where a kept printout is made: the PDF viewer fetches it with the session's headers. */
export const fileLink = (id: string) => `/api/blade-report/report/rest/pdf?id=${id}`;

const itemsOf = (row: FileRow): PrintItem[] => (Array.isArray(row.items) ? (row.items as PrintItem[]) : []);

function fileView(row: FileRow): ReportFileView {
  return {
    id: row.id,
    name: row.name,
    remark: row.remark,
    itemCount: itemsOf(row).length,
    link: fileLink(row.id),
    createUserName: row.create_user_name,
    createTime: new Date(row.create_time).toISOString(),
  };
}

/** get-preview-url(s): the items checked and kept; the link of the one PDF that holds them all. */
export async function previewLink(ctx: TemplateContext, items: PrintItem[]): Promise<PreviewLink> {
  const checked = await checkItems(ctx, items);
  const name = await namesOf(ctx, checked);
  const id = newId(ctx.deps.now());
  // What is kept is the checked form (templates by origin and code, params as checked), so opening it later reads the same.
  const kept = checked.map((c) => ({ origin: c.template.origin, code: c.template.code, param: c.param }));
  await insertFile(ctx.deps.db, ctx.auth.tenant_id, {
    id,
    name,
    items: kept,
    userId: ctx.auth.user_id,
    userName: ctx.auth.real_name,
    now: new Date(ctx.deps.now()),
  });
  return { link: fileLink(id), id, name };
}

/** The kept printout made now (404 when it is not the caller's or was removed). */
export async function filePdf(ctx: PrintContext, id: string): Promise<PrintedFile> {
  const row = await findFile(ctx.deps.db, ctx.auth.tenant_id, ctx.auth.user_id, id);
  if (!row) throw new NotFound(`打印文件不存在：${id}`);
  return printItems(ctx, await checkItems(ctx, itemsOf(row)));
}

export async function filePage(ctx: TemplateContext, name: string | undefined, current: number, size: number) {
  const { rows, total } = await listFiles(ctx.deps.db, ctx.auth.tenant_id, ctx.auth.user_id, name, current, size);
  return { records: rows.map(fileView), total, size, current, pages: Math.ceil(total / size) };
}

export async function removeFileRows(ctx: TemplateContext, ids: string[]): Promise<void> {
  // All or none: an id that is not the caller's live file refuses the whole removal.
  const found = await existingFiles(ctx.deps.db, ctx.auth.tenant_id, ctx.auth.user_id, ids);
  const missing = ids.find((id) => !found.includes(id));
  if (missing) throw new NotFound(`打印文件不存在：${missing}`);
  await removeFiles(ctx.deps.db, ctx.auth.tenant_id, ctx.auth.user_id, ids);
}

export async function remarkFile(ctx: TemplateContext, id: string, remark: string): Promise<ReportFileView> {
  if (remark.length > 500) throw new Refusal('备注不能超过500个字符');
  if (!(await updateRemark(ctx.deps.db, ctx.auth.tenant_id, ctx.auth.user_id, id, remark))) throw new NotFound(`打印文件不存在：${id}`);
  return fileView((await findFile(ctx.deps.db, ctx.auth.tenant_id, ctx.auth.user_id, id))!);
}
