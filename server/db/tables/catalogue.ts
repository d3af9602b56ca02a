import type { Generated } from 'kysely';

/** 药品目录 (migration 023; schemas/crud/drugs.crud.json is its resource document): a tenant's drugs. */
export interface DrugTable {
  id: string;
  tenant_id: string;
  /** 药品编码, unique among the tenant's live drugs. */
  ypbm: string;
  /** 药品名称. */
  ypmc: string;
  /** 拼音码 (initials), searched with the name. */
  pym: Generated<string>;
  /** 规格, 剂型, 单位, 生产厂家, 批准文号. */
  gg: Generated<string>;
  jx: Generated<string>;
  dw: Generated<string>;
  sccj: Generated<string>;
  pzwh: Generated<string>;
  /** 1 启用, 0 停用. */
  status: Generated<number>;
  remark: Generated<string>;
  is_deleted: Generated<number>;
  row_version: Generated<number>;
  create_user: string | null;
  create_time: Generated<Date>;
  update_user: string | null;
  update_time: Date | null;
}

/** The standard columns every catalogue table has (ids, tenant, soft delete, version, who and when). */
interface StandardColumns {
  id: string;
  tenant_id: string;
  is_deleted: Generated<number>;
  row_version: Generated<number>;
  create_user: string | null;
  create_time: Generated<Date>;
  update_user: string | null;
  update_time: Date | null;
}

/** 服务包 (migration 030; schemas/crud/servicepack.crud.json): a tenant's contract service packages. */
export interface ServicePackTable extends StandardColumns {
  /** Unique among the tenant's live packs; syn-service-pack matches packs across tenants by it. */
  pack_code: string;
  pack_name: string;
  /** 1 基础包, 2 个性化包. */
  pack_type: Generated<string>;
  /** numeric(12,2): the drivers answer it as text. */
  price: Generated<string | number>;
  target_crowd: Generated<string>;
  service_months: Generated<number>;
  status: Generated<number>;
  description: Generated<string>;
}

/** 服务项目 (migration 031; schemas/crud/serviceproject.crud.json): the services of a pack. */
export interface ServiceProjectTable extends StandardColumns {
  pack_id: string;
  project_code: string;
  project_name: string;
  times_per_year: Generated<number>;
  unit_price: Generated<string | number>;
  category: Generated<string>;
  sort: Generated<number>;
}

/** 首页指标设置 (migration 032; schemas/crud/indexsetting.crud.json): groups (parent_id null) and their indicators. */
export interface IndexSettingTable extends StandardColumns {
  parent_id: string | null;
  index_code: string;
  index_name: string;
  sort: Generated<number>;
  status: Generated<number>;
  remark: Generated<string>;
}

/** 服务推荐 (migration 033; schemas/crud/userrecommend.crud.json): a pack recommended to a crowd label. */
export interface UserRecommendTable extends StandardColumns {
  crowd_code: string;
  pack_id: string;
  reason: Generated<string>;
  sort: Generated<number>;
  status: Generated<number>;
}

/** 药品导入日志 (migration 034): one row per drugs/import-drugs. */
export interface DrugImportLogTable extends StandardColumns {
  file_name: string;
  total_rows: Generated<number>;
  imported_rows: Generated<number>;
  refused_rows: Generated<number>;
  /** JSON text: [{ line, msg }] of the refused rows. */
  problems: Generated<string>;
}

export interface CatalogueTables {
  iph_drugs: DrugTable;
  iph_service_pack: ServicePackTable;
  iph_service_project: ServiceProjectTable;
  iph_index_setting: IndexSettingTable;
  iph_user_recommend: UserRecommendTable;
  iph_drug_import_log: DrugImportLogTable;
}
