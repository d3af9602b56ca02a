// The app's dialog forms (placement kind dialog: cancel archive, the archive editor, the profile
// tabs): the bundled documents of schemas/ + rules/ — the very files the web app bundles and its
// dialogs render — checked with validateForSubmit, the engine call a follow-up submit uses. So a
// dialog's rule lives in its rules file only, and the server answers the browser's message.
import type { Kysely } from 'kysely';
import {
  compileDocumentOrThrow,
  stepAndTimeBudget,
  validateForSubmit,
  type CompiledForm,
  type FieldValue,
  type FormValues,
} from '../../../src/engine';
import type { Database } from '../../db/schema';
import { Refusal } from '../../domain/errors';
import { defaultFormsRoot, isDialogForm, readBundledForm } from './form-bundle';
import { dictionaryLookup } from './record-dictionaries';
import { RULE_BUDGET, withinBudget } from './rule-budget';
import type { TenantCache } from '../../platform/services/tenant-cache';

/** The dialog forms the server checks, by the dialog that hosts them. */
export const DIALOG_FORMS = {
  archiveCancel: 'archivecancel',
  archive: 'archiveedit',
  profileInfo: 'profileinfo',
  password: 'passwordchange',
  systemParam: 'systemparam',
  dictParent: 'dictparent',
  dictChild: 'dictchild',
  // The administration screens' dialogs (schemas/crud/*.crud.json name them): their submit calls check these.
  adminUser: 'adminuser',
  adminUserGrant: 'adminusergrant',
  adminDept: 'admindept',
  adminRole: 'adminrole',
  adminMenu: 'adminmenu',
  adminPost: 'adminpost',
  adminTenant: 'admintenant',
  adminClient: 'adminclient',
  adminRegion: 'adminregion',
  adminTopMenu: 'admintopmenu',
  adminDataScope: 'admindatascope',
  adminApiScope: 'adminapiscope',
  adminOss: 'adminoss',
  adminSms: 'adminsms',
} as const;

export type DialogFormCode = (typeof DIALOG_FORMS)[keyof typeof DIALOG_FORMS];

/**
 * Compiled dialog forms, read from the files on first use. The files do not change while the
 * server runs (as codemaps/), so one compile per form and root is all there is to keep.
 */
export class DialogForms {
  private readonly compiled = new Map<string, CompiledForm>();

  constructor(private readonly root: string = defaultFormsRoot()) {}

  /** A dialog form by code: one of DIALOG_FORMS, or one a resource document names (schemas/crud `resource.form`). */
  get(formCode: DialogFormCode | (string & {})): CompiledForm {
    const kept = this.compiled.get(formCode);
    if (kept) return kept;
    const { document } = readBundledForm(this.root, `${formCode}.json`);
    if (!isDialogForm(document)) throw new Error(`schemas/${formCode}.json 不是对话框表单 (placement.kind dialog)`);
    const form = compileDocumentOrThrow(document);
    this.compiled.set(formCode, form);
    return form;
  }
}

/** The one set of dialog forms of this process (the files under FORMS_DIR or the project). */
export const SERVER_DIALOG_FORMS = new DialogForms();

export interface DialogCheck {
  db: Kysely<Database>;
  tenantId: string;
  now: Date;
  /** The app's per-tenant cache, so the dictionaries a dialog reads are loaded once (deps.caches). */
  dictionaries?: TenantCache<unknown> | undefined;
  forms?: DialogForms;
}

/**
 * Validates a dialog's values as its form does in the browser: field messages, then error rules.
 * The first message is thrown as a Refusal (400), word for word what the dialog shows; the values come back
 * with the form's calculations applied (hidden fields keep what was sent: callers drop those).
 */
export async function checkDialog(
  ctx: DialogCheck,
  formCode: DialogFormCode | (string & {}),
  values: FormValues,
): Promise<Record<string, FieldValue>> {
  const form = (ctx.forms ?? SERVER_DIALOG_FORMS).get(formCode);
  const lookupDictionary = await dictionaryLookup(ctx.db, ctx.tenantId, form.document, ctx.dictionaries);
  const budget = stepAndTimeBudget(RULE_BUDGET.steps, RULE_BUDGET.ms, () => performance.now());
  const typed = asFieldValues(form, values);
  const result = withinBudget(() => validateForSubmit(form, typed, { now: ctx.now, lookupDictionary, budget }));
  // Dialog forms carry no check rules, so an anomaly cannot stop them; fields and errors can.
  if (result.stage === 'fields' || result.stage === 'errors') throw new Refusal(result.message ?? '参数错误');
  return result.values;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Values as the form holds them whatever the caller's JSON said: a number field's "5" is 5 (an
 * API caller, or ajv's coercion, may send numbers as text), a code or a text field's 0 is "0".
 */
function asFieldValues(form: CompiledForm, values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const f of form.fields) {
    const v = values[f.fieldProp];
    if (f.fieldType === 4 && typeof v === 'string' && NUMBER.test(v)) out[f.fieldProp] = Number(v);
    else if (f.fieldType !== 4 && f.fieldType !== 7 && f.fieldType !== 8 && typeof v === 'number') out[f.fieldProp] = String(v);
  }
  return out;
}

/** A body's properties as form values, text trimmed (as the server stores it); absent and other entries are left out (empty). */
export function dialogValues<K extends string>(body: Partial<Record<K, unknown>>, props: readonly K[]): FormValues {
  const values: FormValues = {};
  for (const prop of props) {
    const v = body[prop];
    if (typeof v === 'string') values[prop] = v.trim();
    else if (typeof v === 'number' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))) values[prop] = v as FieldValue;
  }
  return values;
}
