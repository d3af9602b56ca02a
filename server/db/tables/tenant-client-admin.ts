import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

/**
 * BladeX's tenant columns that 租户管理 edits (migration 018), added to blade_tenant (whose first
 * columns are TenantTable in platform.ts): every one has a default, so the seed's insert is unchanged.
 */
export interface TenantAdminColumns {
  /** The login page's address; `tenant/info?domain=` finds the institution by it ('' none). */
  domain: Generated<string>;
  linkman: Generated<string>;
  contact_number: Generated<string>;
  address: Generated<string>;
  /** How many accounts the institution may have; -1 no limit. */
  account_number: Generated<number>;
  /** After it the institution's users can no longer log in; null never. */
  expire_time: Timestamp | null;
  row_version: Generated<number>;
  is_deleted: Generated<number>;
  update_user: string | null;
  update_user_name: Generated<string>;
  update_time: Timestamp | null;
}

/**
 * An OAuth client allowed at oauth/token (spec 002 `client`, BladeX's blade_client). Platform-wide:
 * tenant_id is always the root tenant 000000 (the token endpoint knows no tenant yet).
 */
export interface ClientTable {
  id: string;
  tenant_id: string;
  client_id: string;
  /** sha256$salt$hex of the secret; the secret itself is answered once, when made. */
  client_secret_hash: string;
  scope: string;
  /** Comma list: password, refresh_token, captcha, change, switch_tenant, … */
  authorized_grant_types: string;
  /** Seconds; null: the server's ACCESS_TOKEN_TTL / REFRESH_TOKEN_TTL. */
  access_token_validity: number | null;
  refresh_token_validity: number | null;
  web_server_redirect_uri: string;
  status: Generated<number>;
  row_version: Generated<number>;
  is_deleted: Generated<number>;
  create_user: string | null;
  create_time: Timestamp;
  update_user: string | null;
  update_user_name: Generated<string>;
  update_time: Timestamp | null;
}

export interface TenantClientAdminTables {
  blade_client: ClientTable;
}
