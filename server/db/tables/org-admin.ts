import type { Generated } from 'kysely';

/**
 * The columns migration 016 adds to blade_dept (BladeX's Dept): the table itself is
 * platform.ts's DeptTable, and db/schema.ts types `blade_dept` as both.
 */
export interface DeptAdminColumns {
  full_name: Generated<string>;
  remark: Generated<string>;
  is_deleted: Generated<number>;
  row_version: Generated<number>;
  create_user: string | null;
  create_time: Generated<Date>;
  update_user: string | null;
  update_time: Date | null;
}

/** Posts (岗位, BladeX's Post), per tenant. */
export interface PostTable {
  id: string;
  tenant_id: string;
  /** BladeX's post_category dictionary: 1 高层, 2 中层, 3 基层, 4 其他. */
  category: number;
  post_code: string;
  post_name: string;
  sort: number;
  remark: Generated<string>;
  is_deleted: Generated<number>;
  row_version: Generated<number>;
  create_user: string | null;
  create_time: Generated<Date>;
  update_user: string | null;
  update_time: Date | null;
}

/** Administrative divisions (行政区划): platform rows of the root tenant, keyed by their code. */
export interface RegionTable {
  code: string;
  tenant_id: Generated<string>;
  /** '00' above the provinces, as BladeX. */
  parent_code: string;
  /** The codes above, from '00' down to the parent, comma-joined. */
  ancestors: string;
  name: string;
  /** 1 province, 2 city, 3 district, 4 town, 5 village. */
  region_level: number;
  sort: Generated<number>;
  remark: Generated<string>;
  is_deleted: Generated<number>;
  row_version: Generated<number>;
  update_user: string | null;
  update_time: Date | null;
}

export interface OrgAdminTables {
  blade_post: PostTable;
  blade_region: RegionTable;
}
