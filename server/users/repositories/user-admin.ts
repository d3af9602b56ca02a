// The administrators' queries on blade_user (blade-user page, detail, submit, update, remove,
// grant, relieve-account, import): each takes the caller's tenant id and never reads the password
// hash into a list or a detail (USER_COLUMNS leaves it out).
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import { Refusal } from '../../domain/errors';
import { filterConditions, paging, type FilterColumn } from '../../platform/repositories/crud-filters';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

type UserRowFull = Selectable<Database['blade_user']>;
/** A user as the administration reads it: every column but the password hash. */
export type AdminUserRow = Omit<UserRowFull, 'password_hash'>;
export type AdminUserInsert = Insertable<Database['blade_user']>;
export type AdminUserPatch = Updateable<Database['blade_user']>;

const USER_COLUMNS = [
  'id',
  'tenant_id',
  'account',
  'name',
  'real_name',
  'avatar',
  'email',
  'phone',
  'sex',
  'dept_id',
  'role_id',
  'team_id',
  'post_id',
  'keep_online_time',
  'user_type',
  'user_ext',
  'last_dept_id',
  'last_role_id',
  'last_team_id',
  'failed_count',
  'first_failed_at',
  'locked_until',
  'status',
  'is_deleted',
  'create_time',
  'row_version',
  'create_user',
  'update_user',
  'update_user_name',
  'update_time',
  'oauth_id',
  'guest_pending',
] as const satisfies readonly (keyof AdminUserRow)[];

const prefixed = USER_COLUMNS.map((c) => `u.${c}` as const);

/** The search conditions the user list accepts (crud-filters.ts suffixes; a plain name is "contains"). */
const FILTERS: Record<string, FilterColumn> = {
  account: { column: 'u.account', kind: 'text' },
  realName: { column: 'u.real_name', kind: 'text' },
  name: { column: 'u.name', kind: 'text' },
  phone: { column: 'u.phone', kind: 'text' },
  email: { column: 'u.email', kind: 'text' },
  userType: { column: 'u.user_type', kind: 'text' },
  roleId: { column: 'u.role_id', kind: 'text' },
  postId: { column: 'u.post_id', kind: 'text' },
  id: { column: 'u.id', kind: 'text' },
  sex: { column: 'u.sex', kind: 'number' },
  status: { column: 'u.status', kind: 'number' },
  createTime: { column: 'u.create_time', kind: 'date' },
};

/** A department and every department under it (parent_id chains), of the tenant. */
export async function deptSubtree(db: Kysely<Database>, tenantId: string, deptId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    with recursive sub(id) as (
      select id from blade_dept where tenant_id = ${tenantId} and id = ${deptId}
      union
      select d.id from blade_dept d join sub on d.parent_id = sub.id where d.tenant_id = ${tenantId}
    )
    select id from sub`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** A comma-joined id column holding any of `ids`. */
const holdsAny = (column: string, ids: readonly string[]) =>
  sql<boolean>`string_to_array(${sql.ref(column)}, ',') && array[${sql.join(ids)}]::text[]`;

export interface UserListScope {
  /** Users in any of these departments (the chosen one and its children); undefined: any. */
  deptIds?: readonly string[] | undefined;
  /** Users holding any of these roles. */
  roleIds?: readonly string[] | undefined;
  /** Users holding any post of these categories (blade_post.category). */
  postCategories?: readonly number[] | undefined;
  /** Only guests waiting for a grant (true), only others (false). */
  guestPending?: boolean | undefined;
  /** Only enabled accounts. */
  enabledOnly?: boolean | undefined;
}

function scoped(db: Kysely<Database>, tenantId: string, scope: UserListScope, query: Record<string, unknown>) {
  const conditions = filterConditions(query, FILTERS);
  return db
    .selectFrom('blade_user as u')
    .where('u.tenant_id', '=', tenantId)
    .where('u.is_deleted', '=', 0)
    .$if(scope.deptIds !== undefined, (q) =>
      q.where(scope.deptIds!.length === 0 ? sql<boolean>`false` : holdsAny('u.dept_id', scope.deptIds!)),
    )
    .$if(scope.roleIds !== undefined, (q) =>
      q.where(scope.roleIds!.length === 0 ? sql<boolean>`false` : holdsAny('u.role_id', scope.roleIds!)),
    )
    .$if(scope.postCategories !== undefined, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('blade_post as p')
            .select('p.id')
            .where('p.tenant_id', 'in', [tenantId, '000000'])
            .where('p.is_deleted', '=', 0)
            .where('p.category', 'in', scope.postCategories!.length ? [...scope.postCategories!] : [-1])
            .where(sql<boolean>`p.id = any(string_to_array(u.post_id, ','))`),
        ),
      ),
    )
    .$if(scope.guestPending !== undefined, (q) => q.where('u.guest_pending', '=', scope.guestPending ? 1 : 0))
    .$if(!!scope.enabledOnly, (q) => q.where('u.status', '=', 1))
    .$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`));
}

/** A page of the tenant's live users, newest first. */
export async function pageAdminUsers(
  db: Kysely<Database>,
  tenantId: string,
  query: Record<string, unknown> & { current?: number; size?: number },
  scope: UserListScope = {},
) {
  const { current, size, offset } = paging(query);
  const base = scoped(db, tenantId, scope, query);
  const [rows, total] = await Promise.all([
    base.select(prefixed).orderBy('u.create_time', 'desc').orderBy('u.id', 'desc').limit(size).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AdminUserRow[], total: Number(total.n), current, size };
}

/** Every live user of the scope (the doctor lists: a tenant has tens of doctors, not thousands), by name. */
export async function listAdminUsers(db: Kysely<Database>, tenantId: string, scope: UserListScope, limit = 500): Promise<AdminUserRow[]> {
  return (await scoped(db, tenantId, scope, {})
    .select(prefixed)
    .orderBy('u.real_name')
    .orderBy('u.id')
    .limit(limit)
    .execute()) as AdminUserRow[];
}

export async function findAdminUser(db: Kysely<Database>, tenantId: string, id: string): Promise<AdminUserRow | undefined> {
  return db
    .selectFrom('blade_user')
    .select(USER_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function findAdminUsers(db: Kysely<Database>, tenantId: string, ids: readonly string[]): Promise<AdminUserRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blade_user')
    .select(USER_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .where('is_deleted', '=', 0)
    .execute();
}

/** The live users of the tenant with these accounts (the import's cover check). */
export async function findUsersByAccounts(db: Kysely<Database>, tenantId: string, accounts: readonly string[]): Promise<AdminUserRow[]> {
  if (accounts.length === 0) return [];
  return db
    .selectFrom('blade_user')
    .select(USER_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('account', 'in', [...accounts])
    .where('is_deleted', '=', 0)
    .execute();
}

export const ACCOUNT_TAKEN = '当前用户已存在!';

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** A new user; the account is unique per tenant among live users (the index of migration 001 decides a race). */
export async function insertAdminUser(db: Kysely<Database>, values: AdminUserInsert): Promise<void> {
  try {
    await db.insertInto('blade_user').values(values).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(ACCOUNT_TAKEN);
    throw error;
  }
}

/**
 * Changes a user only over the version the caller read (+1); answers the row as it is now, or
 * undefined when the row moved on (or is gone) — the caller then answers 409 or 404.
 */
export async function updateAdminUser(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  patch: AdminUserPatch,
): Promise<AdminUserRow | undefined> {
  try {
    return await db
      .updateTable('blade_user')
      .set({ ...patch, row_version: sql<number>`row_version + 1` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .where('row_version', '=', rowVersion)
      .returning(USER_COLUMNS)
      .executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(ACCOUNT_TAKEN);
    throw error;
  }
}

/** Changes these users whatever their version (grant, unlock): answers the rows changed. */
export async function updateAdminUsers(
  db: Kysely<Database>,
  tenantId: string,
  ids: readonly string[],
  patch: AdminUserPatch,
): Promise<{ id: string }[]> {
  if (ids.length === 0) return [];
  return db
    .updateTable('blade_user')
    .set({ ...patch, row_version: sql<number>`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .where('is_deleted', '=', 0)
    .returning('id')
    .execute();
}

/** Enables guests among `ids` that were waiting for their first role (grant). */
export async function admitGuests(db: Kysely<Database>, tenantId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('blade_user')
    .set({ status: 1, guest_pending: 0 })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .where('guest_pending', '=', 1)
    .execute();
}

export async function softDeleteUsers(
  db: Kysely<Database>,
  tenantId: string,
  ids: readonly string[],
  stamp: { update_user: string; update_time: Date },
): Promise<string[]> {
  if (ids.length === 0) return [];
  return (
    await softDeleteFrom(db, 'blade_user', tenantId, stamp)
      .where('id', 'in', [...ids])
      .returning('id')
      .execute()
  ).map((r) => r.id);
}

/** Live, enabled users of the tenant holding a role with the administrator alias (the last one may not go). */
export async function countAdministrators(db: Kysely<Database>, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('blade_user as u')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.tenant_id', '=', tenantId)
    .where('u.is_deleted', '=', 0)
    .where('u.status', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('blade_role as r')
          .select('r.id')
          .where('r.tenant_id', '=', tenantId)
          .where('r.role_alias', 'in', ['administrator', 'admin'])
          .where(sql<boolean>`r.id = any(string_to_array(u.role_id, ','))`),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The tenant's departments, roles, teams (and posts when given) by id: names for display. */
export async function orgNames(db: Kysely<Database>, tenantId: string) {
  const [depts, roles, teams, posts] = await Promise.all([
    db.selectFrom('blade_dept').select(['id', 'dept_name as name']).where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('blade_role').select(['id', 'role_name as name', 'role_alias as alias']).where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('blade_team').select(['id', 'name', 'dept_id']).where('tenant_id', '=', tenantId).execute(),
    db
      .selectFrom('blade_post')
      .select(['id', 'post_name as name', 'category'])
      // A tenant's own posts and the platform's (000000), where row-level security lets it read them.
      .where('tenant_id', 'in', [tenantId, '000000'])
      .where('is_deleted', '=', 0)
      .execute(),
  ]);
  return { depts, roles, teams, posts };
}

/** The tenant exists and is active (a guest's registration names it). */
export async function findActiveTenant(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('blade_tenant')
    .select(['tenant_id', 'tenant_name', 'is_root', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 1)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/**
 * How many more accounts the tenant may hold (租户管理's 账号额度, account_number; -1 unlimited →
 * null): the limit less its live users, guests waiting for approval included.
 */
export async function accountRoom(db: Kysely<Database>, tenantId: string): Promise<number | null> {
  const tenant = await db.selectFrom('blade_tenant').select('account_number').where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!tenant || tenant.account_number < 0) return null;
  const live = await db
    .selectFrom('blade_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return tenant.account_number - Number(live.n);
}

/** The live user holding this account in the tenant, if any. */
export async function findUserByAccountLive(db: Kysely<Database>, tenantId: string, account: string): Promise<AdminUserRow | undefined> {
  return db
    .selectFrom('blade_user')
    .select(USER_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}
