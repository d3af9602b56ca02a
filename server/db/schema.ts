// The database as kysely sees it: every table's row type, in one place (server/db/tables/, one file
// per area), and the Database interface that names them. Repositories import their table types from
// here; nothing in db/ imports a layer above it.
import type { ArchiveTables } from './tables/archives';
import type { ArchivesOtherTables } from './tables/archives-other';
import type { CrudTables } from './tables/crud';
import type { DeskLogTables } from './tables/desk-logs';
import type { DictParamAdminTables } from './tables/dict-param-admin';
import type { FlowTables } from './tables/flow';
import type { FormTables } from './tables/forms';
import type {
  AttachTable,
  DeptTable,
  DictBizTable,
  LoginLogTable,
  MenuTable,
  ParamTable,
  RoleMenuTable,
  RoleTable,
  SecretTable,
  SessionTable,
  TeamTable,
  TenantTable,
  TopMenuSettingTable,
  TopMenuTable,
  UserLinkTable,
  UserTable,
  WebLogTable,
} from './tables/platform';
import type { CatalogueTables } from './tables/catalogue';
import type { DeptAdminColumns, OrgAdminTables } from './tables/org-admin';
import type { ResourceAdminTables } from './tables/resource-admin';
import type { RoleMenuAdminTables } from './tables/role-menu-admin';
import type { SecurityTables } from './tables/security';
import type { TenantAdminColumns, TenantClientAdminTables } from './tables/tenant-client-admin';
import type { TuberculosisTables } from './tables/tuberculosis-medication';
import type { UserAdminColumns, UserAdminTables } from './tables/user-admin';
import type { VoucherTables } from './tables/vouchers';
import type { PushTables } from './tables/push';

export type * from './tables/archives';
export type * from './tables/archives-other';
export type * from './tables/catalogue';
export type * from './tables/column-types';
export type * from './tables/crud';
export type * from './tables/desk-logs';
export type * from './tables/dict-param-admin';
export type * from './tables/flow';
export type * from './tables/forms';
export type * from './tables/org-admin';
export type * from './tables/platform';
export type * from './tables/resource-admin';
export type * from './tables/role-menu-admin';
export type * from './tables/security';
export type * from './tables/tenant-client-admin';
export type * from './tables/tuberculosis-medication';
export type * from './tables/user-admin';
export type * from './tables/vouchers';
export type * from './tables/push';

export interface Database
  extends
    FormTables,
    ArchiveTables,
    ArchivesOtherTables,
    CrudTables,
    VoucherTables,
    SecurityTables,
    TuberculosisTables,
    DeskLogTables,
    FlowTables,
    DictParamAdminTables,
    ResourceAdminTables,
    TenantClientAdminTables,
    RoleMenuAdminTables,
    OrgAdminTables,
    CatalogueTables,
    UserAdminTables,
    PushTables {
  blade_tenant: TenantTable & TenantAdminColumns;
  blade_dept: DeptTable & DeptAdminColumns;
  blade_role: RoleTable;
  blade_team: TeamTable;
  blade_user: UserTable & UserAdminColumns;
  blade_menu: MenuTable;
  blade_role_menu: RoleMenuTable;
  blade_top_menu: TopMenuTable;
  blade_top_menu_setting: TopMenuSettingTable;
  blade_dict_biz: DictBizTable;
  blade_login_log: LoginLogTable;
  blade_session: SessionTable;
  app_secret: SecretTable;
  blade_param: ParamTable;
  blade_attach: AttachTable;
  blade_log_web: WebLogTable;
  blade_user_link: UserLinkTable;
}
