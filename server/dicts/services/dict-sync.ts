// dict-biz syndict and syndict-progress (spec 002 §2, §4, §7): the root tenant's business
// dictionaries copied into chosen tenants, as a background job with real progress. The call checks
// everything, writes a job row and answers at once; the job then syncs one dictionary into one
// tenant per transaction (in that tenant's scope: row-level security lets a scope write its own
// rows only) and writes done/total and the tenant it is on into the job row after each. Progress
// lives in the database, so any server process answers syndict-progress for a job another runs.
import type { AppDeps } from '../../app-deps';
import type { DictSyncProgress } from '../../../src/shared/contract/dicts';
import { type AccessClaims, findTenant } from '../../auth/index';
import { TENANT_ID_PATTERN } from '../../db/scope-sql';
import { withTenant } from '../../db/tenant-scope';
import { Conflict, NotFound, Refusal } from '../../domain/errors';
import { findVisible, type DictRow } from '../repositories/dict-admin';
import {
  findOwnParentByCode,
  findSyncJob,
  insertSyncJob,
  ownChildren,
  runningSyncJob,
  syncEntriesInto,
  updateSyncJob,
  type DictSyncJob,
} from '../repositories/dict-sync';
import { ROOT_TENANT } from '../../platform/repositories/dicts';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { requirePlatformAdmin } from './dict-system';
import { idList } from '../../forms/index';

type SyncDeps = Pick<AppDeps, 'db' | 'caches' | 'now'>;

/** A running job that has not reported for this long is taken as dead (its process stopped). */
const STALE_AFTER_MS = 10 * 60_000;

export const SYNC_MESSAGES = {
  noneChosen: '请选择至少一条数据',
  noTarget: '请选择目标租户',
  crossTenant: '不能跨租户同步数据',
  running: '字典同步正在进行中，请稍后再试',
  tenantMissing: (id: string) => `租户[${id}]不存在`,
} as const;

/** Jobs running in this process (tests and a clean shutdown wait for them). */
const running = new Set<Promise<void>>();

export function runningSyncs(): Promise<void> {
  return Promise.all([...running]).then(() => undefined);
}

const splitIds = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** Starts a sync; answers the job's id. Only the platform administrator; only the platform's rows. */
export async function startDictSync(
  deps: SyncDeps,
  auth: AccessClaims,
  idsText: string,
  tenantIdsText: string,
  over: boolean,
): Promise<string> {
  requirePlatformAdmin(auth, SYNC_MESSAGES.crossTenant);
  const ids = [...new Set(idList(idsText))];
  if (ids.length === 0) throw new Refusal(SYNC_MESSAGES.noneChosen);
  const targets = splitIds(tenantIdsText).filter((t) => t !== ROOT_TENANT);
  if (targets.length === 0) throw new Refusal(SYNC_MESSAGES.noTarget);
  // The dictionaries named (an entry stands for its dictionary); a row of another tenant is refused.
  const parents = new Map<string, DictRow>();
  for (const id of ids) {
    const row = await findVisible(deps.db, ROOT_TENANT, id);
    if (!row) throw new Refusal(SYNC_MESSAGES.crossTenant);
    const parent = row.parent_id === '0' ? row : await findVisible(deps.db, ROOT_TENANT, row.parent_id);
    if (!parent) throw new NotFound('字典不存在');
    parents.set(parent.id, parent);
  }
  for (const target of targets) {
    if (!TENANT_ID_PATTERN.test(target) || !(await withTenant(target, () => findTenant(deps.db, target))))
      throw new Refusal(SYNC_MESSAGES.tenantMissing(target));
  }
  const now = new Date(deps.now());
  if (await runningSyncJob(deps.db, ROOT_TENANT, new Date(now.getTime() - STALE_AFTER_MS))) throw new Conflict(SYNC_MESSAGES.running);
  const dicts = [...parents.values()];
  const jobId = await insertSyncJob(
    deps.db,
    { tenantId: ROOT_TENANT, dictIds: dicts.map((d) => d.id), targets, over, total: targets.length * dicts.length, userId: auth.user_id },
    now,
  );
  // After the answer: the job runs in its own scopes, not the request's.
  const job = runJob(deps, jobId, dicts, targets, over, auth.user_id).finally(() => running.delete(job));
  running.add(job);
  return jobId;
}

async function runJob(deps: SyncDeps, jobId: string, dicts: DictRow[], targets: string[], over: boolean, userId: string): Promise<void> {
  const progress = (patch: Parameters<typeof updateSyncJob>[3]) =>
    withTenant(ROOT_TENANT, () => updateSyncJob(deps.db, ROOT_TENANT, jobId, patch, new Date(deps.now())));
  try {
    const sources = new Map<string, DictRow[]>();
    for (const d of dicts) sources.set(d.id, await withTenant(ROOT_TENANT, () => ownChildren(deps.db, ROOT_TENANT, d.id)));
    let done = 0;
    for (const target of targets) {
      await progress({ currentTenant: target });
      for (const dict of dicts) {
        await withTenant(target, () =>
          inTransaction(deps.db, async (trx) => {
            // Under the target's own dictionary of the code when it made one, else its copy under the platform's.
            const own = await findOwnParentByCode(trx, target, dict.code);
            await syncEntriesInto(trx, target, own?.id ?? dict.id, sources.get(dict.id) ?? [], over, new Date(deps.now()), userId);
          }),
        );
        done += 1;
        await progress({ done });
      }
      deps.caches.clear([target]);
    }
    await progress({ status: 'done', currentTenant: '' });
  } catch (error) {
    // The job row says it failed (a closed database cannot be told: nothing more to do then).
    await progress({ status: 'failed', message: error instanceof Error ? error.message.slice(0, 500) : '同步失败' }).catch(() => undefined);
  }
}

/** A sync's progress as syndict-progress answers it. */
export type SyncProgress = DictSyncProgress;

/** syndict-progress(jobId?): a job's progress, the latest job's when no id is given; null when there is none. */
export async function dictSyncProgress(deps: SyncDeps, auth: AccessClaims, jobId?: string): Promise<SyncProgress | null> {
  requirePlatformAdmin(auth, SYNC_MESSAGES.crossTenant);
  const job: DictSyncJob | undefined = await findSyncJob(deps.db, ROOT_TENANT, jobId);
  if (!job) {
    if (jobId) throw new NotFound('同步任务不存在');
    return null;
  }
  const tenant = job.current_tenant ? await withTenant(job.current_tenant, () => findTenant(deps.db, job.current_tenant)) : undefined;
  const stale = job.status === 'running' && new Date(job.update_time).getTime() < deps.now() - STALE_AFTER_MS;
  return {
    jobId: job.id,
    status: stale ? 'failed' : job.status,
    done: job.done,
    total: job.total,
    percent: job.status === 'done' || job.total === 0 ? 100 : Math.floor((job.done * 100) / job.total),
    tenantId: job.current_tenant,
    tenantName: tenant?.tenant_name ?? '',
    over: job.over,
    message: stale ? '同步中断，请重新同步' : job.message,
  };
}
