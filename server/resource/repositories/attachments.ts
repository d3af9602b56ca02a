// Uploaded files and exports (blade_attach): kept in the database so PGlite and PostgreSQL installs
// back them up with the data. Ids are random UUIDs: a link is as good as the permission to see it.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface NewAttachment {
  tenantId: string;
  userId: string;
  originalName: string;
  contentType: string;
  content: Buffer;
  time: Date;
}

/** Stores a file and returns its new id. */
export async function insertAttachment(db: Kysely<Database>, file: NewAttachment): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('blade_attach')
    .values({
      id,
      tenant_id: file.tenantId,
      user_id: file.userId,
      original_name: file.originalName,
      content_type: file.contentType,
      size: file.content.length,
      content: file.content,
      create_time: file.time,
    })
    .execute();
  return id;
}

/** A file by id, of any tenant: the oss file route is public (<img> tags send no token). */
export async function findAttachment(db: Kysely<Database>, id: string) {
  return db.selectFrom('blade_attach').select(['content_type', 'content', 'original_name']).where('id', '=', id).executeTakeFirst();
}
