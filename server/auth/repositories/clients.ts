import { sql, type Kysely, type Selectable } from 'kysely';
import type { ClientTable, Database } from '../../db/schema';
import { PLATFORM_TENANT } from '../../db/tenant-rls';
import { filterConditions, paging, type FilterColumn } from '../../platform/repositories/crud-filters';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

/**
 * OAuth clients (blade_client, migration 018): platform-wide rows of the root tenant. The token
 * endpoint reads them before anyone is known (its public route runs as system work); 应用管理
 * reads and writes them as the platform administrator (tenant 000000).
 */
export type ClientRow = Selectable<ClientTable>;

const FILTERS: Record<string, FilterColumn> = {
  clientId: { column: 'client_id', kind: 'text' },
  scope: { column: 'scope', kind: 'text' },
  authorizedGrantTypes: { column: 'authorized_grant_types', kind: 'text' },
  webServerRedirectUri: { column: 'web_server_redirect_uri', kind: 'text' },
  accessTokenValidity: { column: 'access_token_validity', kind: 'number' },
  refreshTokenValidity: { column: 'refresh_token_validity', kind: 'number' },
  createTime: { column: 'create_time', kind: 'date' },
};

const live = (db: Kysely<Database>) => db.selectFrom('blade_client').where('tenant_id', '=', PLATFORM_TENANT).where('is_deleted', '=', 0);

/** The live client with this client id, for oauth/token (enabled or not: the caller decides). */
export async function findClientByClientId(db: Kysely<Database>, clientId: string): Promise<ClientRow | undefined> {
  return live(db).selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export async function findClient(db: Kysely<Database>, id: string): Promise<ClientRow | undefined> {
  return live(db).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listClients(db: Kysely<Database>, query: Record<string, unknown> & { current?: number; size?: number }) {
  const { current, size, offset } = paging(query);
  const conditions = filterConditions(query, FILTERS);
  const base = live(db).$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll().orderBy('client_id').orderBy('id').limit(size).offset(offset).execute();
  return { rows, total, current, size };
}

export interface ClientWrite {
  clientId: string;
  scope: string;
  authorizedGrantTypes: string;
  accessTokenValidity: number | null;
  refreshTokenValidity: number | null;
  webServerRedirectUri: string;
  status: number;
}

const columns = (input: ClientWrite) => ({
  client_id: input.clientId,
  scope: input.scope,
  authorized_grant_types: input.authorizedGrantTypes,
  access_token_validity: input.accessTokenValidity,
  refresh_token_validity: input.refreshTokenValidity,
  web_server_redirect_uri: input.webServerRedirectUri,
  status: input.status,
});

export async function insertClient(
  db: Kysely<Database>,
  row: { id: string; secretHash: string; userId: string; now: Date },
  input: ClientWrite,
): Promise<void> {
  await db
    .insertInto('blade_client')
    .values({
      id: row.id,
      tenant_id: PLATFORM_TENANT,
      client_secret_hash: row.secretHash,
      ...columns(input),
      create_user: row.userId,
      create_time: row.now,
      update_user: null,
      update_time: null,
    })
    .execute();
}

/**
 * Updates the client when its row version is still `rowVersion` (+1); a new secret hash replaces the
 * old one when given. Undefined when the version is stale (or the row is gone).
 */
export async function updateClient(
  db: Kysely<Database>,
  id: string,
  rowVersion: number,
  input: ClientWrite,
  change: { secretHash?: string; userId: string; userName: string; now: Date },
): Promise<{ row_version: number } | undefined> {
  return db
    .updateTable('blade_client')
    .set({
      ...columns(input),
      ...(change.secretHash && { client_secret_hash: change.secretHash }),
      row_version: sql<number>`row_version + 1`,
      update_user: change.userId,
      update_user_name: change.userName,
      update_time: change.now,
    })
    .where('tenant_id', '=', PLATFORM_TENANT)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('row_version', '=', rowVersion)
    .returning('row_version')
    .executeTakeFirst();
}

export async function softDeleteClients(db: Kysely<Database>, ids: string[], who: { userId: string; now: Date }): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await softDeleteFrom(db, 'blade_client', PLATFORM_TENANT, { update_time: who.now, update_user: who.userId })
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
