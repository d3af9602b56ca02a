// Whole forms copied or removed by an administrator (the form list's 复制 and 删除). A copy keeps the
// dictionaries the form carries (its cases name the old code, so they stay behind).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { inTransaction } from '../../platform/repositories/form-transaction';
import {
  findForm,
  findFormByCode,
  insertForm,
  removeForms as removeFormRows,
  replaceFormContent,
  type FormRowDb,
} from '../repositories/forms';
import { loadWorkingDocument } from './form-publish';

/**
 * A copy of a form's working copy under the first free code of '<code>_copy', '<code>_copy2', …,
 * named '<name>(副本)', not yet published; one transaction, so a failed copy leaves no half form.
 */
export async function copyForm(db: Kysely<Database>, tenantId: string, source: FormRowDb, actor: Actor, now: Date): Promise<FormRowDb> {
  const doc = await loadWorkingDocument(db, tenantId, source);
  return inTransaction(db, async (trx) => {
    let code = `${source.form_code}_copy`;
    for (let n = 2; await findFormByCode(trx, tenantId, code); n++) code = `${source.form_code}_copy${n}`;
    const name = `${source.form_name}(副本)`;
    const row = await insertForm(
      trx,
      tenantId,
      { formCode: code, formName: name, remark: source.remark, ext: source.ext, dictionaries: source.dictionaries },
      actor,
      now,
    );
    await replaceFormContent(trx, tenantId, row, { ...doc, formCode: code, formName: name, version: 0 }, actor, now);
    return (await findForm(trx, tenantId, row.id))!;
  });
}

/** Removes forms with their fields and rules, in one transaction; answers how many forms there were to remove. */
export async function removeForms(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<number> {
  return inTransaction(db, (trx) => removeFormRows(trx, tenantId, ids));
}
