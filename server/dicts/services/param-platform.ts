// Parameters (spec 002 §7): blade-system/param is the platform's own parameters (root tenant rows,
// every tenant's default), written by the platform administrator only; systemparam/synparam copies
// chosen platform parameters into tenants (`over`: overwrite a tenant's own value of the key);
// systemparam/listByName lists the parameters a tenant sees whose name contains a text. Updates carry
// the version read (issue 22 §6).
import type { AppDeps } from '../../app-deps';
import { type AccessClaims, findTenant } from '../../auth/index';
import { TENANT_ID_PATTERN } from '../../db/scope-sql';
import { withTenant } from '../../db/tenant-scope';
import { NotFound, Refusal } from '../../domain/errors';
import { ROOT_TENANT } from '../../platform/repositories/dicts';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { findPlatformParam, findPlatformParams } from '../repositories/param-platform';
import { findOwnParamByKey, insertParam, softDeleteParams, updateParam, type ParamWrite } from '../repositories/systemparam';
import { checkDialog, dialogValues, DIALOG_FORMS, idList } from '../../forms/index';
import { requiredRowVersion, staleRow } from './dict-row-versions';
import { requirePlatformAdmin } from './dict-system';
import type { SynParamResult } from '../../../src/shared/contract/dicts';

type Sent = string | number | null | undefined;
type ParamDeps = Pick<AppDeps, 'db' | 'caches'>;

export type ParamSubmit = { [K in 'id' | 'paramName' | 'paramKey' | 'paramValue' | 'remark' | 'rowVersion']?: Sent };

const str = (value: Sent) => (value === null || value === undefined ? '' : String(value));
const PLATFORM_ONLY = '只有平台管理员可以维护平台参数';

/** param/submit: creates (no id) or updates a platform parameter. */
export async function submitPlatformParam(deps: ParamDeps, auth: AccessClaims, body: ParamSubmit, now: Date) {
  requirePlatformAdmin(auth, PLATFORM_ONLY);
  const input: ParamWrite = {
    paramName: str(body.paramName).trim(),
    paramKey: str(body.paramKey).trim(),
    paramValue: str(body.paramValue),
    remark: str(body.remark).trim(),
  };
  // The dialog's own form (schemas/systemparam.json): 请输入参数名称 / 键名 / 键值 and the key's characters.
  await checkDialog(
    { db: deps.db, tenantId: ROOT_TENANT, now, dictionaries: deps.caches },
    DIALOG_FORMS.systemParam,
    dialogValues(input, ['paramName', 'paramKey', 'paramValue', 'remark']),
  );
  const id = str(body.id).trim();
  return inTransaction(deps.db, async (trx) => {
    const clash = await findOwnParamByKey(trx, ROOT_TENANT, input.paramKey);
    if (!id) {
      if (clash) throw new Refusal('参数键名已存在');
      return { id: await insertParam(trx, ROOT_TENANT, input, now), created: true };
    }
    const current = await findPlatformParam(trx, { id });
    if (!current) throw new NotFound('参数不存在');
    const rowVersion = requiredRowVersion(body.rowVersion, '参数');
    if (current.row_version !== rowVersion) throw await staleRow(trx, current, '参数');
    if (clash && clash.id !== current.id) throw new Refusal('参数键名已存在');
    if (!(await updateParam(trx, ROOT_TENANT, current.id, input, now, { rowVersion, userId: auth.user_id }))) {
      throw await staleRow(trx, (await findPlatformParam(trx, { id })) ?? current, '参数');
    }
    return { id: current.id, created: false };
  });
}

/** param/remove: soft-deletes platform parameters, all or none. */
export async function removePlatformParams(deps: ParamDeps, auth: AccessClaims, idsText: string, now: Date): Promise<void> {
  requirePlatformAdmin(auth, PLATFORM_ONLY);
  const ids = idList(idsText);
  if (ids.length === 0) throw new Refusal('请选择至少一条数据');
  await inTransaction(deps.db, async (trx) => {
    if ((await findPlatformParams(trx, ids)).length !== new Set(ids).size) throw new NotFound('参数不存在');
    await softDeleteParams(trx, ROOT_TENANT, ids, now);
  });
}

export type { SynParamResult };

/**
 * systemparam/synparam: the platform's parameters `ids` into each tenant of `tenantIds`, matched by
 * key. A tenant's own value of a key is overwritten when `over`, else kept. Every target is checked
 * before any is written; each is written in its own scope and transaction.
 */
export async function synParams(
  deps: ParamDeps,
  auth: AccessClaims,
  idsText: string,
  tenantIdsText: string,
  over: boolean,
  now: Date,
): Promise<SynParamResult> {
  requirePlatformAdmin(auth, '不能跨租户同步数据');
  const ids = [...new Set(idList(idsText))];
  if (ids.length === 0) throw new Refusal('请选择至少一条数据');
  const targets = [
    ...new Set(
      tenantIdsText
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].filter((t) => t !== ROOT_TENANT);
  if (targets.length === 0) throw new Refusal('请选择目标租户');
  const sources = await findPlatformParams(deps.db, ids);
  if (sources.length !== ids.length) throw new Refusal('不能跨租户同步数据');
  for (const target of targets) {
    if (!TENANT_ID_PATTERN.test(target) || !(await withTenant(target, () => findTenant(deps.db, target))))
      throw new Refusal(`租户[${target}]不存在`);
  }
  const result: SynParamResult = { created: 0, updated: 0, skipped: 0 };
  for (const target of targets) {
    await withTenant(target, () =>
      inTransaction(deps.db, async (trx) => {
        for (const s of sources) {
          const input: ParamWrite = { paramName: s.param_name, paramKey: s.param_key, paramValue: s.param_value, remark: s.remark };
          const existing = await findOwnParamByKey(trx, target, s.param_key);
          if (!existing) {
            await insertParam(trx, target, input, now);
            result.created += 1;
          } else if (over) {
            await updateParam(trx, target, existing.id, input, now, { rowVersion: existing.row_version, userId: auth.user_id });
            result.updated += 1;
          } else result.skipped += 1;
        }
      }),
    );
  }
  return result;
}
