// Storage configurations (blade-resource/oss, spec 002 §7) in blade_oss: a tenant's rows only,
// every statement narrowed by the caller's tenant id; the statements are provider-config-rows.ts'.
// Removal is soft (is_deleted = 1, who and when).
import type { Kysely, Selectable } from 'kysely';
import type { Database, OssConfigTable } from '../../db/schema';
import type { FilterColumn } from '../../platform/repositories/crud-filters';
import { providerConfigRows } from './provider-config-rows';
import { CONFIG_ON, type ListQuery } from '../../platform/repositories/resource-rows';

export type { Stamp } from '../../platform/repositories/resource-rows';

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

/** blade_oss's statements (resource/repositories/provider-config-rows.ts). */
export const ossConfigRows = providerConfigRows({
  table: 'blade_oss',
  codeColumn: 'oss_code',
  filters: FILTERS,
  columns: (input: OssConfigWrite) => ({
    category: input.category,
    oss_code: input.ossCode,
    endpoint: input.endpoint,
    access_key: input.accessKey,
    secret_key: input.secretKey,
    bucket_name: input.bucketName,
    app_id: input.appId,
    region: input.region,
    remark: input.remark,
  }),
});

export const listOssConfigs = (db: Kysely<Database>, tenantId: string, query: ListQuery) => ossConfigRows.list(db, tenantId, query);
