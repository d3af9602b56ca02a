// userarchives/change-sh-status: the archive's review status (审核状态, user_archive.sh_status) set by
// a reviewer — a team leader, disease control or the administrator (button archives_review, 4400;
// decision 0033). '0' 待审核 (every archive starts so), '1' 审核通过, '2' 审核不通过. All or none:
// an id that is not a live archive of the caller's tenant is 404 and nothing changes. Each archive
// whose status changed gets a history row (who, when, shStatus before → after).
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { NotFound, Refusal } from '../../domain/errors';
import { findArchives, setReviewStatus } from '../repositories/archives';
import { recordArchiveChanges } from './archive-versions';

export const SH_STATUS_TEXT: Record<string, string> = { '0': '待审核', '1': '审核通过', '2': '审核不通过' };

export async function changeReviewStatus(deps: AppDeps, auth: AccessClaims, ids: string[], shStatus: string): Promise<string[]> {
  if (!(shStatus in SH_STATUS_TEXT))
    throw new Refusal(`审核状态不正确：${shStatus.slice(0, 20)}（可选 0 待审核、1 审核通过、2 审核不通过）`);
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new Refusal('参数[ids]不能为空');
  const rows = await findArchives(deps.db, auth.tenant_id, unique);
  if (rows.length !== unique.length) throw new NotFound('档案不存在');
  const changing = rows.filter((r) => r.sh_status !== shStatus);
  const changed = new Set(
    await setReviewStatus(
      deps.db,
      auth.tenant_id,
      changing.map((r) => r.id),
      shStatus,
    ),
  );
  const entries = changing
    .filter((r) => changed.has(r.id))
    .map((r) => ({
      archiveId: r.id,
      action: 'update' as const,
      rowVersion: r.row_version,
      changes: { sh_status: [r.sh_status, shStatus] as [string, string] },
    }));
  await recordArchiveChanges(deps.db, auth, entries, new Date(deps.now()));
  return [...changed];
}
