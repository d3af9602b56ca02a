// The designer list's 工作副本 column, answered with the list: whether each form's working copy is
// its latest published content — its document, cases and dictionaries (a version is all three). The
// browser once asked form/detail and form/version for every row (two calls a row, each with a whole
// document); one list call now carries it. form/import's push check asks the same of one form.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { latestContents } from '../repositories/form-versions';
import type { FormRowDb } from '../repositories/forms';
import { contentHash } from './form-canonical';
import { loadWorkingDocument } from './form-publish';
import { sameVersionContent } from './form-version-write';

/** 未发布 (never published) / 已发布 (the working copy is the latest version) / 有未发布修改. */
export type WorkingStatus = 'unpublished' | 'published' | 'changed';

export async function workingStatuses(db: Kysely<Database>, tenantId: string, forms: FormRowDb[]): Promise<Map<string, WorkingStatus>> {
  const latest = await latestContents(
    db,
    tenantId,
    forms.map((f) => f.form_code),
  );
  const out = new Map<string, WorkingStatus>();
  for (const form of forms) {
    const published = latest.get(form.form_code);
    if (published === undefined) {
      out.set(form.id, 'unpublished');
      continue;
    }
    // A working copy that does not assemble (a rule of a missing field) is not what was published.
    const working = await loadWorkingDocument(db, tenantId, form).catch(() => undefined);
    const same = working && sameVersionContent(published, contentHash(working), form.cases, form.dictionaries);
    out.set(form.id, same ? 'published' : 'changed');
  }
  return out;
}

/** One form's status (form/import's push check, under the row lock it holds). */
export async function workingStatusOf(db: Kysely<Database>, tenantId: string, form: FormRowDb): Promise<WorkingStatus> {
  return (await workingStatuses(db, tenantId, [form])).get(form.id) ?? 'unpublished';
}
