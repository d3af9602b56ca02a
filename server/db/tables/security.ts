import type { ColumnType } from 'kysely';

/** Tables of migration 009-login-security. */
export interface RateLimitCounterTable {
  /** `ip:<address>` or `account:<tenant>:<account>`, prefixed by the limiter's name. */
  key: string;
  hits: number;
  window_start: ColumnType<Date, Date, Date>;
}

export interface PasswordHistoryTable {
  id: string;
  tenant_id: string;
  user_id: string;
  password_hash: string;
  create_time: ColumnType<Date, Date, Date>;
}

export interface SecurityLogTable {
  id: string;
  tenant_id: string;
  /** password_change | password_reset */
  action: string;
  actor_id: string;
  actor_account: string;
  target_id: string;
  target_account: string;
  ip: string;
  user_agent: ColumnType<string, string | undefined, string>;
  message: string;
  create_time: ColumnType<Date, Date, Date>;
}

/** Table of migration 021-shared-captcha: captchas handed out and not yet answered. */
export interface CaptchaTable {
  captcha_key: string;
  code: string;
  expires_at: ColumnType<Date, Date, Date>;
}

export interface SecurityTables {
  rate_limit_counter: RateLimitCounterTable;
  blade_password_history: PasswordHistoryTable;
  blade_log_security: SecurityLogTable;
  auth_captcha: CaptchaTable;
}
