// The designer list's 工作副本 column, answered with the list: whether each form's working copy is
// its latest published content. The browser once asked form/detail and form/version for every row
// (two calls a row, each with a whole document); one list call now carries it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { latestContentHashes } from '../repositories/form-versions';
import type { FormRowDb } from '../repositories/forms';
import { contentHash } from './form-canonical';
import { loadWorkingDocument } from './form-publish';

/** 未发布 (never published) / 已发布 (the working copy is the latest version) / 有未发布修改. */
export type WorkingStatus = 'unpublished' | 'published' | 'changed';

export async function workingStatuses(db: Kysely<Database>, tenantId: string, forms: FormRowDb[]): Promise<Map<string, WorkingStatus>> {
  const hashes = await latestContentHashes(
    db,
    tenantId,
    forms.map((f) => f.form_code),
  );
  const out = new Map<string, WorkingStatus>();
  for (const form of forms) {
    const published = hashes.get(form.form_code);
    if (published === undefined) {
      out.set(form.id, 'unpublished');
      continue;
    }
    // A working copy that does not assemble (a rule of a missing field) is not what was published.
    const working = await loadWorkingDocument(db, tenantId, form).catch(() => undefined);
    out.set(form.id, working && contentHash(working) === published ? 'published' : 'changed');
  }
  return out;
}
