// Storage configurations (blade-resource/oss, spec 002 §7) in blade_oss: a tenant's rows only,
// every statement narrowed by the caller's tenant id. Removal is soft (is_deleted = 1, who and when).
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../db/ids';
import type { Database, OssConfigTable } from '../db/schema';
import type { FilterColumn } from './crud-filters';
import {
  CONFIG_OFF,
  CONFIG_ON,
  createdBy,
  liveAtVersion,
  nextVersion,
  pageOfRows,
  softDeleteStamped,
  switchConfigOn,
  updatedBy,
  type ListQuery,
  type Stamp,
} from './resource-rows';

export type { Stamp } from './resource-rows';

export type OssConfigRow = Selectable<OssConfigTable>;

export interface OssConfigWrite {
  category: number;
  ossCode: string;
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucketName: string;
  appId: string;
  region: string;
  remark: string;
}

export const OSS_ON = CONFIG_ON;
export const OSS_OFF = CONFIG_OFF;

const FILTERS: Record<string, FilterColumn> = {
  category: { column: 'category', kind: 'number' },
  ossCode: { column: 'oss_code', kind: 'text' },
  endpoint: { column: 'endpoint', kind: 'text' },
  bucketName: { column: 'bucket_name', kind: 'text' },
  region: { column: 'region', kind: 'text' },
  remark: { column: 'remark', kind: 'text' },
  status: { column: 'status', kind: 'number' },
  createTime: { column: 'create_time', kind: 'date' },
};

const columns = (input: OssConfigWrite) => ({
  category: input.category,
  oss_code: input.ossCode,
  endpoint: input.endpoint,
  access_key: input.accessKey,
  secret_key: input.secretKey,
  bucket_name: input.bucketName,
  app_id: input.appId,
  region: input.region,
  remark: input.remark,
});

/** The tenant's live configurations. */
const live = (db: Kysely<Database>, tenantId: string) =>
  db.selectFrom('blade_oss').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

export async function listOssConfigs(db: Kysely<Database>, tenantId: string, query: ListQuery) {
  return pageOfRows(live(db, tenantId), query, FILTERS, (q) => q.selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc'));
}

export async function findOssConfig(db: Kysely<Database>, tenantId: string, id: string): Promise<OssConfigRow | undefined> {
  return live(db, tenantId).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOssConfigByCode(db: Kysely<Database>, tenantId: string, code: string): Promise<OssConfigRow | undefined> {
  return live(db, tenantId).selectAll().where('oss_code', '=', code).executeTakeFirst();
}

/** The tenant's enabled configuration, if any (none: the embedded storage). */
export async function enabledOssConfig(db: Kysely<Database>, tenantId: string): Promise<OssConfigRow | undefined> {
  return live(db, tenantId).selectAll().where('status', '=', OSS_ON).executeTakeFirst();
}

export async function insertOssConfig(db: Kysely<Database>, tenantId: string, input: OssConfigWrite, stamp: Stamp): Promise<string> {
  const id = newId(stamp.time.getTime());
  await db
    .insertInto('blade_oss')
    .values({ id, tenant_id: tenantId, ...columns(input), status: OSS_OFF, ...createdBy(stamp) })
    .execute();
  return id;
}

/** Changes the row only if it is still at `rowVersion`; answers the new version, or undefined when it moved on. */
export async function updateOssConfig(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  input: OssConfigWrite,
  stamp: Stamp,
): Promise<number | undefined> {
  const row = await db
    .updateTable('blade_oss')
    .set({ ...columns(input), row_version: nextVersion(), ...updatedBy(stamp) })
    .where(liveAtVersion(tenantId, id, rowVersion))
    .returning('row_version')
    .executeTakeFirst();
  return row?.row_version;
}

/** Soft-deletes the tenant's live rows among `ids`; answers the ids removed. */
export const softDeleteOssConfigs = (db: Kysely<Database>, tenantId: string, ids: string[], stamp: Stamp): Promise<string[]> =>
  softDeleteStamped(db, 'blade_oss', tenantId, ids, stamp);

/** Turns every other configuration of the tenant off and this one on (run in one transaction). */
export const switchOssConfigOn = (db: Kysely<Database>, tenantId: string, id: string, stamp: Stamp): Promise<void> =>
  switchConfigOn(db, 'blade_oss', tenantId, id, stamp);
