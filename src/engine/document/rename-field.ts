// Renaming a field renames what reads it: the expressions of every rule (scontent, tcontent), the
// placement's due fields, and the cases kept with the form (given values and every expectation
// keyed by field). Without this a rename in the designer would leave rules reading a name that no
// longer exists — the compiler would say so, but the designer should not make the work.
import type { CasesFile, RuleCase } from '../cases/run-case';
import type { FormDocument, Reckon } from '../types';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const isFieldName = (name: string): boolean => IDENTIFIER.test(name);

/**
 * Whether renaming the field at `index` from `from` to `to` carries its references over: both are
 * field names and no other field of the document has either (references to a name another field
 * owns are that field's; merging two fields' references could not be undone).
 */
export const canRenameField = (doc: FormDocument, index: number, from: string, to: string): boolean =>
  from !== to &&
  isFieldName(from) &&
  isFieldName(to) &&
  !doc.fields.some((f, i) => i !== index && (f.fieldProp === to || f.fieldProp === from));

/**
 * The expression with every reference to the field `from` spelt `to`. String literals ("…", '…',
 * with backslash escapes) are left alone, and so are a function of that name (followed by '(')
 * and a member after a dot.
 */
export function renameInExpression(text: string, from: string, to: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j] as string)) j++;
      const word = text.slice(i, j);
      const afterDot = /\.\s*$/.test(out);
      const called = /^\s*\(/.test(text.slice(j));
      out += word === from && !afterDot && !called ? to : word;
      i = j;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

function renameReckon(r: Reckon, from: string, to: string): Reckon {
  const scontent = r.scontent === undefined ? undefined : renameInExpression(r.scontent, from, to);
  const tcontent = r.tcontent === undefined ? undefined : renameInExpression(r.tcontent, from, to);
  if (scontent === r.scontent && tcontent === r.tcontent) return r;
  return { ...r, ...(scontent !== undefined && { scontent }), ...(tcontent !== undefined && { tcontent }) };
}

/**
 * The document with the references to field `from` renamed to `to` (the field itself is renamed
 * by the caller, who asks canRenameField first). Unchanged parts keep their identity, so a
 * memoised view re-renders only what changed.
 */
export function renameFieldReferences(doc: FormDocument, from: string, to: string): FormDocument {
  if (from === to || !isFieldName(from) || !isFieldName(to)) return doc;
  let changed = false;
  const fields = doc.fields.map((f) => {
    if (!f.reckons?.length) return f;
    const reckons = f.reckons.map((r) => renameReckon(r, from, to));
    if (reckons.every((r, i) => r === f.reckons?.[i])) return f;
    changed = true;
    return { ...f, reckons };
  });
  let placement = doc.placement;
  const due = placement?.due;
  if (placement && due && (due.visitField === from || due.field === from)) {
    placement = {
      ...placement,
      due: { ...due, ...(due.visitField === from && { visitField: to }), ...(due.field === from && { field: to }) },
    };
    changed = true;
  }
  if (!changed) return doc;
  return { ...doc, fields, ...(placement && { placement }) };
}

const renameKey = <T>(record: Record<string, T> | undefined, from: string, to: string): Record<string, T> | undefined =>
  record && Object.prototype.hasOwnProperty.call(record, from)
    ? Object.fromEntries(Object.entries(record).map(([k, v]) => [k === from ? to : k, v]))
    : record;

const renameItem = (list: string[] | undefined, from: string, to: string): string[] | undefined =>
  list?.includes(from) ? list.map((x) => (x === from ? to : x)) : list;

function renameCase(c: RuleCase, from: string, to: string): RuleCase {
  const e = c.expect;
  const expect = e && {
    ...e,
    ...(e.values && { values: renameKey(e.values, from, to) }),
    ...(e.fieldErrors && { fieldErrors: renameKey(e.fieldErrors, from, to) }),
    ...(e.hidden && { hidden: renameItem(e.hidden, from, to) }),
    ...(e.visible && { visible: renameItem(e.visible, from, to) }),
    ...(e.required && { required: renameItem(e.required, from, to) }),
    ...(e.notRequired && { notRequired: renameItem(e.notRequired, from, to) }),
  };
  return { ...c, given: renameKey(c.given, from, to) ?? c.given, ...(expect && { expect }) };
}

/** The cases with the field's values and expectations under its new name (check canRenameField first). */
export function renameFieldInCases(cases: CasesFile, from: string, to: string): CasesFile {
  if (from === to || !isFieldName(from) || !isFieldName(to)) return cases;
  return { ...cases, cases: cases.cases.map((c) => renameCase(c, from, to)) };
}
