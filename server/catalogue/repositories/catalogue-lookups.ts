// The reads of indexsetting/parent-list and userrecommend/apply-modal: the tenant's live rows only.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, IndexSettingTable, UserRecommendTable } from '../../db/schema';
import type { ServicePackRow } from './service-packs';

export type IndexSettingRow = Selectable<IndexSettingTable>;
export type UserRecommendRow = Selectable<UserRecommendTable>;

/** The tenant's live top-level indicator rows (the groups), in their order. */
export async function findIndexGroups(db: Kysely<Database>, tenantId: string, status: number | undefined): Promise<IndexSettingRow[]> {
  return db
    .selectFrom('iph_index_setting')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where((eb) => eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '')]))
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .orderBy(sql`sort`)
    .orderBy(sql`index_code`)
    .execute();
}

/**
 * The tenant's enabled recommendations for any of the crowd `labels`, each with its pack when that
 * pack is live and enabled; by crowd, then the recommendation's order.
 */
export async function findRecommendations(
  db: Kysely<Database>,
  tenantId: string,
  labels: string[],
): Promise<{ recommend: UserRecommendRow; pack: ServicePackRow }[]> {
  if (labels.length === 0) return [];
  const recommends = await db
    .selectFrom('iph_user_recommend')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .where('crowd_code', 'in', labels)
    .orderBy(sql`crowd_code`)
    .orderBy(sql`sort`)
    .orderBy(sql`id`)
    .execute();
  const packIds = [...new Set(recommends.map((r) => r.pack_id))];
  if (packIds.length === 0) return [];
  const packs = await db
    .selectFrom('iph_service_pack')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .where('id', 'in', packIds)
    .execute();
  const byId = new Map(packs.map((p) => [p.id, p]));
  return recommends.flatMap((recommend) => {
    const pack = byId.get(recommend.pack_id);
    return pack ? [{ recommend, pack }] : [];
  });
}
