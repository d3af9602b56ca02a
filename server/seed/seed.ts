import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/index';
import type { Database } from '../db/schema';
import { seedDemoArchives } from './archive-seed';
import { seedLeaveProcess } from './flow-seed';
import { seedReportTemplates } from './report-seed';
import * as data from './seed-data';

/** Seeds an empty database; a database that already has tenants is left untouched. */
export async function seedIfEmpty(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('blade_tenant').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(data.SEED_PASSWORD);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('blade_tenant').values(data.tenants).execute();
    await trx.insertInto('blade_dept').values(data.depts).execute();
    await trx.insertInto('blade_role').values(data.roles).execute();
    await trx.insertInto('blade_team').values(data.teams).execute();
    await trx
      .insertInto('blade_user')
      .values(
        data.users.map((u) => ({
          ...u,
          password_hash: passwordHash,
          avatar: '',
          email: '',
          keep_online_time: 20,
          last_dept_id: null,
          last_role_id: null,
          last_team_id: null,
          first_failed_at: null,
          locked_until: null,
        })),
      )
      .execute();
    await trx
      .insertInto('blade_menu')
      .values(
        data.menus.map(([id, parent_id, code, name, path, source, sort, category]) => ({
          id,
          parent_id,
          code,
          name,
          alias: code,
          path,
          source,
          sort,
          category,
          is_open: 1,
          remark: '',
        })),
      )
      .execute();
    await trx
      .insertInto('blade_role_menu')
      .values(Object.entries(data.roleMenus).flatMap(([role_id, ids]) => ids.map((menu_id) => ({ role_id, menu_id }))))
      .execute();
    await trx
      .insertInto('blade_top_menu')
      .values(data.topMenus.map(({ menus: _menus, ...top }) => top))
      .execute();
    await trx
      .insertInto('blade_top_menu_setting')
      .values(data.topMenus.flatMap((t) => t.menus.map((menu_id) => ({ top_menu_id: t.id, menu_id }))))
      .execute();
    const userTenant = new Map(data.users.map((u) => [u.id, u.tenant_id]));
    await trx
      .insertInto('blade_user_link')
      .values(
        data.linkedAccounts.flatMap((group) =>
          group.flatMap((user_id) =>
            group.map((linked) => ({ user_id, linked_user_id: linked, linked_tenant_id: userTenant.get(linked)! })),
          ),
        ),
      )
      .execute();
    await trx
      .insertInto('blade_param')
      .values(
        data.params.map(([param_name, param_key, param_value], i) => ({
          id: String(4000 + i),
          tenant_id: data.ROOT_TENANT,
          param_name,
          param_key,
          param_value,
          remark: '',
        })),
      )
      .execute();
    let next = 5000;
    for (const [code, [name, entries]] of Object.entries(data.dictionaries)) {
      const parentId = String(next++);
      await trx
        .insertInto('blade_dict_biz')
        .values({
          id: parentId,
          tenant_id: data.ROOT_TENANT,
          parent_id: '0',
          code,
          dict_key: '-1',
          dict_value: name,
          sort: 0,
          remark: '',
          is_sealed: 1,
        })
        .execute();
      await trx
        .insertInto('blade_dict_biz')
        .values(
          entries.map(([dict_key, dict_value], index) => ({
            id: String(next++),
            tenant_id: data.ROOT_TENANT,
            parent_id: parentId,
            code,
            dict_key,
            dict_value,
            pdf_key: dict_value,
            sort: index + 1,
            remark: '',
            is_sealed: 0,
          })),
        )
        .execute();
    }
    await seedDemoArchives(trx);
    // The workflow's example process (issue 21 §2), in every tenant.
    await seedLeaveProcess(
      trx,
      data.tenants.map((t) => t.tenant_id),
      new Date(),
    );
    // 打印模板's folders and built-in templates, in each institution (not the platform's).
    await seedReportTemplates(
      trx,
      data.tenants.filter((t) => !t.is_root).map((t) => t.tenant_id),
      9600,
      new Date(),
    );
  });
  return true;
}
