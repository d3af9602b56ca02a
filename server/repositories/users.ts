import type { Kysely, Selectable } from 'kysely';
import type { Database, UserTable } from '../db/schema';

export type User = Selectable<UserTable>;

export async function findUserByAccount(db: Kysely<Database>, tenantId: string, account: string): Promise<User | undefined> {
  return db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, tenantId: string, id: string): Promise<User | undefined> {
  return db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function saveLoginFailureState(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'tenant_id'>,
  state: { failed_count: number; first_failed_at: Date | null; locked_until: Date | null },
): Promise<void> {
  await db.updateTable('blade_user').set(state).where('tenant_id', '=', user.tenant_id).where('id', '=', user.id).execute();
}

export async function rememberLastChoice(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'tenant_id'>,
  choice: { deptId: string; roleId: string; teamId: string },
): Promise<void> {
  await db
    .updateTable('blade_user')
    .set({ last_dept_id: choice.deptId, last_role_id: choice.roleId, last_team_id: choice.teamId || null })
    .where('tenant_id', '=', user.tenant_id)
    .where('id', '=', user.id)
    .execute();
}
