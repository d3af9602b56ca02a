// Printing one form record: the record of the caller's tenant (another tenant's is absent: 404), the
// form version it was filled on, the resident — the ID number masked unless the caller's role holds
// 查看完整证件号 (archive_sensitive_view), in which case the read is audited like the archive page's —
// and the dictionaries, then the paper form as PDF bytes.
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import { addSensitiveReads, findArchive, presentArchive, requireArchivePermission } from '../../archives/index';
import { findRecord } from '../../followups/index';
import { dictionaryLookup, findVersion } from '../../forms/index';
import { renderPdf } from './pdf-layout';
import { recordPrintDocument, type PrintOptions } from './record-print';

export interface PrintedFile {
  bytes: Uint8Array;
  /** The download name: the resident, the form and the visit day. */
  fileName: string;
}

export const RECORD_NOT_FOUND = '随访记录不存在';

export async function printRecord(
  deps: Pick<AppDeps, 'db' | 'caches' | 'now'>,
  auth: AccessClaims,
  id: string,
  route: string,
  options: PrintOptions = {},
): Promise<PrintedFile> {
  const db: Kysely<Database> = deps.db;
  const tenantId = auth.tenant_id;
  const record = await findRecord(db, tenantId, id);
  if (!record) throw new NotFound(`${RECORD_NOT_FOUND}：${id}`);
  const [version, archive, granted] = await Promise.all([
    findVersion(db, tenantId, record.form_code, record.form_version),
    findArchive(db, tenantId, record.arch_id),
    requireArchivePermission(db, auth, 'view', deps),
  ]);
  if (!version) throw new Refusal(`记录的表单 ${record.form_code} 第${record.form_version}版不存在，无法打印`);
  if (!archive) throw new NotFound('档案不存在');
  const { wire, shown } = presentArchive(archive, record.visit_date ?? '', granted.has('sensitive'));
  if (shown.includes('idCard')) {
    await addSensitiveReads(db, [
      {
        tenantId,
        userId: auth.user_id,
        userName: auth.real_name,
        archiveId: archive.id,
        field: 'idCard',
        route,
        time: new Date(deps.now()),
      },
    ]);
  }
  const lookup = await dictionaryLookup(db, tenantId, version.document, deps.caches);
  const doc = recordPrintDocument(
    version.document,
    {
      id: record.id,
      values: record.values,
      visitDate: record.visit_date,
      nextVisitDate: record.next_visit_date,
      doctorName: record.create_user_name,
      changed: record.update_time,
    },
    { name: wire.personName, sexText: wire.sexText, birthday: wire.birthday, archivesNo: wire.archivesNo, idCard: wire.idCard },
    lookup,
    options,
  );
  const bytes = await renderPdf(doc);
  return { bytes, fileName: `${wire.personName}-${version.document.formName}-${record.visit_date ?? record.id}.pdf` };
}
