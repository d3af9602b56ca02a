// An exam report's image as stored by the app's uploads (blade_attach, served at
// /api/blade-resource/oss/file/{id}), read for its printout. Only the caller's tenant's live file; an
// image at any other address is not fetched by the server (it prints as its address).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const STORED = /^\/api\/blade-resource\/oss\/file\/([0-9A-Za-z_-]{1,40})$/;

export async function storedImage(
  db: Kysely<Database>,
  tenantId: string,
  fileUrl: string,
): Promise<{ bytes: Uint8Array; jpeg: boolean } | undefined> {
  const id = STORED.exec(fileUrl.trim())?.[1];
  if (!id) return undefined;
  const { rows } = await sql<{ content_type: string; content: Uint8Array }>`select content_type, content from blade_attach
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const type = row.content_type.toLowerCase();
  if (type !== 'image/png' && type !== 'image/jpeg') return undefined;
  return { bytes: new Uint8Array(row.content), jpeg: type === 'image/jpeg' };
}
