// 打印模板's first rows (decision 0038): in each institution, a folder per origin (居民健康档案, 随访记录)
// holding the built-in templates — the archive card, the yearly health archive, one per follow-up
// form — so the admin screen starts with what the print screens use and can change them.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { BUILT_IN_FOLDERS, BUILT_IN_TEMPLATES } from '../print-templates/index';

export async function seedReportTemplates(db: Kysely<Database>, tenantIds: readonly string[], firstId: number, now: Date): Promise<void> {
  let next = firstId;
  for (const tenantId of tenantIds) {
    const folders = new Map<string, string>();
    for (const [origin, name] of Object.entries(BUILT_IN_FOLDERS)) {
      const id = String(next++);
      folders.set(origin, id);
      await sql`insert into iph_report (id, tenant_id, parent_id, category, name, sort, create_time, update_time)
        values (${id}, ${tenantId}, '0', 1, ${name}, ${folders.size}, ${now}, ${now})`.execute(db);
    }
    let sort = 0;
    for (const t of BUILT_IN_TEMPLATES) {
      await sql`insert into iph_report (id, tenant_id, parent_id, category, origin, code, name, form_codes, param_schema, content, sort, create_time, update_time)
        values (${String(next++)}, ${tenantId}, ${folders.get(t.origin)!}, 2, ${t.origin}, ${t.code}, ${t.name}, ${t.formCodes.join(',')},
          ${JSON.stringify(t.paramSchema)}::jsonb, ${JSON.stringify(t.content)}::jsonb, ${++sort}, ${now}, ${now})`.execute(db);
    }
  }
}
