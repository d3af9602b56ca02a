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

export interface CatalogueTables {
  iph_drugs: DrugTable;
}
