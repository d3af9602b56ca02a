import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What a new institution starts with (租户管理 → 新增): one department, an administrator role with
 * the tenant administrator's menus, and the `admin` account in them. Run inside the creating
 * transaction, scoped to the new tenant.
 */
export interface InstitutionStart {
  tenantId: string;
  tenantName: string;
  regionCode: string | null;
  deptId: string;
  roleId: string;
  userId: string;
  passwordHash: string;
  now: Date;
}

export async function insertInstitutionStart(db: Kysely<Database>, start: InstitutionStart): Promise<void> {
  await db
    .insertInto('blade_dept')
    .values({
      id: start.deptId,
      tenant_id: start.tenantId,
      parent_id: '0',
      dept_name: start.tenantName,
      dept_category: 1,
      region_code: start.regionCode,
      sort: 1,
    })
    .execute();
  await db
    .insertInto('blade_role')
    .values({ id: start.roleId, tenant_id: start.tenantId, role_name: '管理员', role_alias: 'administrator', sort: 1 })
    .execute();
  const menus = await tenantAdministratorMenus(db);
  if (menus.length > 0)
    await db
      .insertInto('blade_role_menu')
      .values(menus.map((id) => ({ role_id: start.roleId, menu_id: id, tenant_id: start.tenantId })))
      .execute();
  await db
    .insertInto('blade_user')
    .values({
      id: start.userId,
      tenant_id: start.tenantId,
      account: 'admin',
      password_hash: start.passwordHash,
      name: '管理员',
      real_name: '管理员',
      avatar: '',
      email: '',
      phone: '',
      sex: 0,
      dept_id: start.deptId,
      role_id: start.roleId,
      team_id: '',
      keep_online_time: 20,
      last_dept_id: null,
      last_role_id: null,
      last_team_id: null,
      first_failed_at: null,
      locked_until: null,
    })
    .execute();
}

/**
 * The tenant administrator's menus, as the seed grants them (role 2201): every menu but 租户管理
 * (code `tenant`) and its buttons, which are the platform's. Read when the institution is made, so
 * a menu added since is granted too.
 */
export async function tenantAdministratorMenus(db: Kysely<Database>): Promise<string[]> {
  const platformOnly = db.selectFrom('blade_menu').select('id').where('code', '=', 'tenant');
  const rows = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '<>', 'tenant')
    .where('parent_id', 'not in', platformOnly)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
