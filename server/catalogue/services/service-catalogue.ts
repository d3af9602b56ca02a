// The service catalogue's calls beyond CRUD (spec 002 §7 servicepack/newList, syn-service-pack,
// serviceproject/listServiceProject, indexsetting/parent-list, userrecommend/apply-modal): the CRUD
// part of each family is its resource document (schemas/crud/<name>.crud.json); these read or copy
// its rows and answer them as that document's view.
import type { Kysely } from 'kysely';
import { findArchive } from '../../archives/index';
import { findTenant, type AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { TENANT_ID_PATTERN } from '../../db/scope-sql';
import { PLATFORM_TENANT } from '../../db/tenant-rls';
import { withTenant } from '../../db/tenant-scope';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import { idList, isFormAdministrator, SERVER_CODEMAPS } from '../../forms/index';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { resourceView, type ResourceDocument, type ResourceView } from '../../resource-documents/index';
import { findIndexGroups, findRecommendations } from '../repositories/catalogue-lookups';
import {
  findPackByCode,
  findPacks,
  findPacksByIds,
  findProjectsOfPacks,
  insertPack,
  insertProjects,
  overwritePack,
  packValues,
  projectValues,
  removeProjectsOfPack,
} from '../repositories/service-packs';

/** How many rows a picker's lookup answers at most (a picker, not a page). */
export const CATALOGUE_LOOKUP_LIMIT = 500;

export const CATALOGUE_MESSAGES = {
  platformOnly: '只有平台管理员可以同步服务包',
  noPacks: '请选择要同步的服务包',
  notPlatformPack: '只能同步平台的服务包',
  noTenants: '请选择要同步到的租户',
  tenantMissing: (t: string) => `租户 ${t} 不存在`,
  packMissing: '服务包不存在',
  archiveMissing: '居民档案不存在',
  noArchive: '请选择居民档案',
} as const;

type Row = Parameters<typeof resourceView>[1];
const view = (document: ResourceDocument, row: object): ResourceView => resourceView(document.block, row as Row);

/** servicepack/newList: the tenant's packs of a status (default: the enabled ones), by code. */
export async function servicePackNewList(db: Kysely<Database>, packs: ResourceDocument, tenantId: string, status: number | undefined) {
  const rows = await findPacks(db, tenantId, status ?? 1, CATALOGUE_LOOKUP_LIMIT);
  return rows.map((r) => view(packs, r));
}

/** serviceproject/listServiceProject: the projects of one of the tenant's packs, in the pack's order. */
export async function listServiceProject(db: Kysely<Database>, projects: ResourceDocument, tenantId: string, packId: string) {
  const [pack] = await findPacksByIds(db, tenantId, [packId]);
  if (!pack) throw new NotFound(CATALOGUE_MESSAGES.packMissing);
  return (await findProjectsOfPacks(db, tenantId, [packId])).map((r) => view(projects, r));
}

/** indexsetting/parent-list: the rows an indicator may hang under — the top level (groups), in order. */
export async function indexParentList(db: Kysely<Database>, settings: ResourceDocument, tenantId: string, status: number | undefined) {
  return (await findIndexGroups(db, tenantId, status)).map((r) => view(settings, r));
}

export interface Recommendation {
  id: string;
  crowdCode: string;
  crowdName: string;
  reason: string;
  sort: number;
  pack: ResourceView;
}

/**
 * userrecommend/apply-modal: the enabled recommendations for a resident's crowd labels (their archive's
 * crowd_labels, or the labels sent when there is no archive yet), each with its enabled pack; a pack
 * recommended to several of the labels is answered once, for the first.
 */
export async function applyModal(
  db: Kysely<Database>,
  packs: ResourceDocument,
  tenantId: string,
  archiveId: string,
  sentLabels: string,
): Promise<{ archiveId: string; crowdLabels: string[]; records: Recommendation[] }> {
  let labels: string[];
  if (archiveId) {
    const archive = await findArchive(db, tenantId, archiveId);
    if (!archive) throw new NotFound(CATALOGUE_MESSAGES.archiveMissing);
    labels = String(archive.crowd_labels ?? '').split(',');
  } else if (sentLabels) {
    labels = sentLabels.split(',');
  } else {
    throw new Refusal(CATALOGUE_MESSAGES.noArchive);
  }
  labels = [...new Set(labels.map((l) => l.trim()).filter(Boolean))];
  const seen = new Set<string>();
  const records: Recommendation[] = [];
  for (const { recommend, pack } of await findRecommendations(db, tenantId, labels)) {
    if (seen.has(pack.id)) continue;
    seen.add(pack.id);
    records.push({
      id: recommend.id,
      crowdCode: recommend.crowd_code,
      crowdName: SERVER_CODEMAPS.codeLabel('crowd_label', recommend.crowd_code) ?? recommend.crowd_code,
      reason: recommend.reason,
      sort: recommend.sort,
      pack: view(packs, pack),
    });
  }
  return { archiveId, crowdLabels: labels, records };
}

export const isPlatformAdministrator = (auth: AccessClaims) => auth.tenant_id === PLATFORM_TENANT && isFormAdministrator(auth);

export interface SynPackOutcome {
  tenantId: string;
  /** Codes of the packs the tenant did not have: created, with their projects. */
  copied: string[];
  /** Codes of the tenant's packs written over (`over`): values and projects replaced. */
  overwritten: string[];
  /** Codes of the tenant's packs left as they were (no `over`). */
  kept: string[];
}

/**
 * servicepack/syn-service-pack: the platform's packs `ids` (tenant 000000's own) and their projects
 * into each tenant of `tenantIds`, matched by code: a pack the tenant lacks is created; one it has is
 * written over when `over` (its projects replaced by the platform's), else kept. Every input is
 * checked before anything is written; each target is written in its own scope (row-level security
 * lets a scope write its own tenant's rows only, as post/syn-post does) and its own transaction.
 */
export async function synServicePacks(
  db: Kysely<Database>,
  auth: AccessClaims,
  rawIds: string,
  rawTenantIds: string,
  over: boolean,
  now: Date,
): Promise<SynPackOutcome[]> {
  if (!isPlatformAdministrator(auth)) throw new Forbidden(CATALOGUE_MESSAGES.platformOnly);
  const ids = [...new Set(idList(rawIds))];
  if (ids.length === 0) throw new Refusal(CATALOGUE_MESSAGES.noPacks);
  const targets = [
    ...new Set(
      rawTenantIds
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].filter((t) => t !== PLATFORM_TENANT);
  if (targets.length === 0) throw new Refusal(CATALOGUE_MESSAGES.noTenants);
  const sources = await findPacksByIds(db, PLATFORM_TENANT, ids);
  if (sources.length !== ids.length) throw new Refusal(CATALOGUE_MESSAGES.notPlatformPack);
  for (const target of targets)
    if (!TENANT_ID_PATTERN.test(target) || !(await withTenant(target, () => findTenant(db, target))))
      throw new Refusal(CATALOGUE_MESSAGES.tenantMissing(target));
  const projects = await findProjectsOfPacks(
    db,
    PLATFORM_TENANT,
    sources.map((s) => s.id),
  );
  const projectsOf = (packId: string) => projects.filter((p) => p.pack_id === packId).map(projectValues);

  const outcomes: SynPackOutcome[] = [];
  for (const target of targets) {
    const outcome: SynPackOutcome = { tenantId: target, copied: [], overwritten: [], kept: [] };
    await withTenant(target, () =>
      inTransaction(db, async (trx) => {
        for (const source of sources) {
          const existing = await findPackByCode(trx, target, source.pack_code);
          if (!existing) {
            const id = await insertPack(trx, target, packValues(source), auth.user_id, now);
            await insertProjects(trx, target, id, projectsOf(source.id), auth.user_id, now);
            outcome.copied.push(source.pack_code);
          } else if (over) {
            await overwritePack(trx, target, existing.id, packValues(source), auth.user_id, now);
            await removeProjectsOfPack(trx, target, existing.id, auth.user_id, now);
            await insertProjects(trx, target, existing.id, projectsOf(source.id), auth.user_id, now);
            outcome.overwritten.push(source.pack_code);
          } else {
            outcome.kept.push(source.pack_code);
          }
        }
      }),
    );
    outcomes.push(outcome);
  }
  return outcomes;
}
