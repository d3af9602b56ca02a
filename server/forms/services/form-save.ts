// Saving a working copy (form/submit, form/import): create or update the form row, replace its
// fields and rules with a document, keep its cases. An update that names the rowVersion it read is
// refused with 409 when another administrator saved in between; nothing is changed then.
import type { Kysely } from 'kysely';
import { schemaIssueText, validateCasesFile, validateDocument, type CasesFile, type FormDocument } from '../../../src/engine';
import type { Database } from '../../db/schema';
import { Conflict, NotFound, Refusal, VersionRequired } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import type { Actor } from '../../domain/actor';
import {
  findForm,
  findFormByCode,
  holdFormRowVersion,
  insertForm,
  replaceFormContent,
  updateForm,
  type FormRowDb,
} from '../repositories/forms';
import type { CarriedDictionaries } from './carried-dictionaries';
import { dateTime } from './form-views';

/** Limits of one form: its document's JSON text and its field count. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
export const MAX_FIELDS = 2000;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** 表单过大：… when a document's text or field count is over the limits. */
export function refuseOversized(what: string, bytes: number, fields?: number): void {
  if (bytes > MAX_DOCUMENT_BYTES) throw new Refusal(`表单过大：${what} 有 ${megabytes(bytes)}，最多 ${megabytes(MAX_DOCUMENT_BYTES)}`);
  if (fields !== undefined && fields > MAX_FIELDS) throw new Refusal(`表单过大：${what} 有 ${fields} 个字段，最多 ${MAX_FIELDS} 个`);
}

/** A document posted as JSON: size, meta-schema (in Chinese) — the checks form/submit makes. */
export function checkedDocument(raw: unknown): FormDocument {
  const fields = (raw as { fields?: unknown }).fields;
  refuseOversized('表单文档', Buffer.byteLength(JSON.stringify(raw)), Array.isArray(fields) ? fields.length : undefined);
  const checked = validateDocument(raw);
  if (!checked.ok) throw new Refusal(`表单文档格式不正确: ${checked.issues.map(schemaIssueText).join('；')}`);
  return checked.value;
}

/** Cases posted as JSON (the cases-file format); null clears them. */
export function checkedCases(raw: unknown): CasesFile | null {
  if (raw === null) return null;
  const checked = validateCasesFile(raw);
  if (!checked.ok) throw new Refusal(`用例格式不正确: ${checked.issues.map(schemaIssueText).join('；')}`);
  return checked.value as CasesFile;
}

export interface WorkingCopyInput {
  /** Absent: a new form. */
  id?: string | undefined;
  formCode?: string | undefined;
  formName?: string | undefined;
  remark?: string | null | undefined;
  document?: FormDocument | undefined;
  /** undefined: unchanged; null: removed. */
  cases?: CasesFile | null | undefined;
  /** The dictionaries it carries; undefined: unchanged; null: removed. */
  dictionaries?: CarriedDictionaries | null | undefined;
  /** The working copy's row version the caller read; absent: saved whatever it is now (old callers). */
  rowVersion?: number | undefined;
  /**
   * Checked under the working copy's row lock before an update changes anything (forms:push's base);
   * with it, an update without rowVersion holds the row at the version it has.
   */
  check?: ((trx: Kysely<Database>, form: FormRowDb) => Promise<void>) | undefined;
}

/** A form update without the version it read: 428. */
export const FORM_VERSION_MISSING = '参数[rowVersion]不能为空：请先读取表单再修改';

export const staleFormMessage = (form: FormRowDb) =>
  `该表单已被他人修改（${form.update_user_name || form.update_user} ${dateTime(form.update_time)}），请刷新后重试`;

function staleForm(form: FormRowDb): Conflict {
  return new Conflict(staleFormMessage(form), {
    rowVersion: form.row_version,
    updateUserName: form.update_user_name,
    updateTime: dateTime(form.update_time),
  });
}

export async function saveWorkingCopy(
  db: Kysely<Database>,
  tenantId: string,
  input: WorkingCopyInput,
  actor: Actor,
  now: Date,
): Promise<FormRowDb> {
  try {
    return await saveIn(db, tenantId, input, actor, now);
  } catch (e) {
    // Two creations of one code at once: the unique index lets one win; the other is told so.
    if (!input.id && e instanceof Error && /unique|duplicate/i.test(e.message))
      throw new Refusal(`表单编号已存在: ${input.formCode ?? input.document?.formCode ?? ''}`);
    throw e;
  }
}

async function saveIn(db: Kysely<Database>, tenantId: string, input: WorkingCopyInput, actor: Actor, now: Date): Promise<FormRowDb> {
  const doc = input.document;
  return inTransaction(db, async (trx) => {
    let form: FormRowDb;
    if (input.id) {
      // A working copy is a draft several administrators may edit (issue 22 §6): an update names
      // the rowVersion it read (form/list, form/detail), or it could overwrite another's change unseen.
      if (input.rowVersion === undefined && !input.check) throw new VersionRequired(FORM_VERSION_MISSING);
      const found = await findForm(trx, tenantId, input.id);
      if (!found) throw new NotFound('表单不存在');
      const rowVersion = input.rowVersion ?? found.row_version;
      // Versions and records are keyed by formCode: renaming would cut a form off its history.
      if ((input.formCode && input.formCode !== found.form_code) || (doc && doc.formCode !== found.form_code))
        throw new Refusal('表单编号不能修改');
      if (input.cases && input.cases.formCode !== found.form_code)
        throw new Refusal(`用例的表单编号 ${input.cases.formCode} 与表单编号 ${found.form_code} 不一致`);
      if (!(await holdFormRowVersion(trx, tenantId, found.id, rowVersion))) {
        const current = await findForm(trx, tenantId, found.id);
        if (!current) throw new NotFound('表单不存在');
        throw staleForm(current);
      }
      await input.check?.(trx, found);
      const set = {
        ...(input.formName !== undefined && { formName: input.formName }),
        ...(input.remark !== undefined && { remark: input.remark }),
        ...(input.cases !== undefined && { cases: input.cases }),
        ...(input.dictionaries !== undefined && { dictionaries: input.dictionaries }),
      };
      // A document replaces the content (and counts the change itself); without one, this is the change.
      await updateForm(trx, tenantId, found.id, { ...set, bump: !doc }, actor, now);
      form = (await findForm(trx, tenantId, found.id)) as FormRowDb;
    } else {
      const formCode = input.formCode ?? doc?.formCode;
      const formName = input.formName ?? doc?.formName;
      if (!formCode) throw new Refusal('请输入表单编号');
      if (!formName) throw new Refusal('请输入表单名称');
      if (doc && doc.formCode !== formCode) throw new Refusal('表单文档的编号与表单编号不一致');
      if (input.cases && input.cases.formCode !== formCode)
        throw new Refusal(`用例的表单编号 ${input.cases.formCode} 与表单编号 ${formCode} 不一致`);
      if (await findFormByCode(trx, tenantId, formCode)) throw new Refusal(`表单编号已存在: ${formCode}`);
      form = await insertForm(
        trx,
        tenantId,
        {
          formCode,
          formName,
          remark: input.remark ?? null,
          ext: null,
          ...(input.cases && { cases: input.cases }),
          ...(input.dictionaries && { dictionaries: input.dictionaries }),
        },
        actor,
        now,
      );
    }
    if (doc) {
      try {
        await replaceFormContent(
          trx,
          tenantId,
          form,
          { ...doc, ...(input.formName !== undefined && { formName: input.formName }) },
          actor,
          now,
        );
      } catch (e) {
        // The wire rows name rules by fieldProp, so the conversion refuses two fields with one name.
        if (e instanceof Error && e.message.startsWith('字段名重复')) throw new Refusal(e.message);
        throw e;
      }
      form = (await findForm(trx, tenantId, form.id)) as FormRowDb;
    }
    return form;
  });
}
