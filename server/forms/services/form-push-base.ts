// forms:push's safety (issue 30): the analyst's push names the version it pulled (`baseVersion`, 0
// for a new form). Checked under the working copy's row lock before the import replaces it: a
// version published since the pull, or a working copy with unpublished changes (unless the push
// says --overwrite-draft), answers 409 and changes nothing — the second of two clones that pulled
// the same version no longer silently reverts the first, nor an administrator's unsaved design.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { Conflict } from '../../domain/errors';
import { listVersions } from '../repositories/form-versions';
import type { FormRowDb } from '../repositories/forms';
import { dateTime } from './form-views';
import { workingStatusOf } from './form-working-status';

export interface PushBase {
  baseVersion: number;
  overwriteDraft: boolean;
}

/** 'yyyy-MM-dd HH:mm': when, as the push's messages say it. */
const minute = (d: Date) => dateTime(d).slice(0, 16);

/** The form the push names is not on the server, but the analyst pulled a version of it. */
export function goneForm(formCode: string, base: number): Conflict {
  return new Conflict(`表单 ${formCode} 已不在服务器上（你拉取的是版本 ${base}）：它可能已被删除，请与管理员确认后再推送`, {
    latestVersion: null,
    since: [],
  });
}

/** Refuses the push (409) when the form moved on since the pull, or holds unpublished changes it would overwrite. */
export async function checkPushBase(db: Kysely<Database>, tenantId: string, form: FormRowDb, base: PushBase): Promise<void> {
  const versions = await listVersions(db, tenantId, form.form_code);
  const latest = versions[0]?.version ?? 0;
  if (latest !== base.baseVersion) {
    const since = versions
      .filter((v) => v.version > base.baseVersion)
      .reverse()
      .map((v) => ({ version: v.version, publishedByName: v.published_by_name, publishedAt: dateTime(v.published_at), note: v.note }));
    const said = since
      .map((v) => `版本 ${v.version}（${v.publishedByName} ${v.publishedAt.slice(0, 16)}${v.note ? `：${v.note}` : ''}）`)
      .join('、');
    const msg =
      since.length > 0
        ? `表单 ${form.form_code} 在你拉取的版本 ${base.baseVersion} 之后已发布：${said}：请先 npm run forms:pull 合并后再推送`
        : `表单 ${form.form_code} 在服务器上的最新版本是 ${latest}，不是你拉取的版本 ${base.baseVersion}：请先 npm run forms:pull 合并后再推送`;
    throw new Conflict(msg, { latestVersion: latest, since });
  }
  if (base.overwriteDraft) return;
  if ((await workingStatusOf(db, tenantId, form)) !== 'published') {
    const who = form.update_user_name || form.update_user;
    throw new Conflict(
      `表单 ${form.form_code} 有未发布的修改（${who} ${minute(form.update_time)} 保存）：推送会覆盖它。请先在表单设计中发布或放弃这些修改，或加 --overwrite-draft`,
      { updateUserName: form.update_user_name, updateTime: dateTime(form.update_time) },
    );
  }
}
