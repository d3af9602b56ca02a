import { useMemo } from 'react';
import { useMessages } from '../../shared/i18n/i18n-context';
import { bundledForm } from '../bundled/bundled-forms';
import { crudFormDocument } from './crud-form-document';
import { crudMessages } from './crud-messages';
import type { CrudColumn, FormRow } from './crud-types';
import { FormDialog } from './form-dialog';

interface Props<T> {
  /** The table's name: the dialog's form is `crud-<name>` unless `formCode` names a bundled one. */
  name: string;
  /** A bundled dialog form holding the dialog's fields and rules (CrudSchema.formCode). */
  formCode?: string;
  open: boolean;
  mode: 'add' | 'edit';
  row?: T;
  columns: CrudColumn<T>[];
  width: number;
  /** Extra initial values of a new row (e.g. the selected parent's code). */
  initial?: FormRow;
  onSubmit: (values: FormRow) => Promise<boolean>;
  onClose: () => void;
}

/**
 * The add / edit dialog: the CRUD schema's form part compiled into a form document
 * (crud-form-document.ts) and run by the engine through <SchemaForm>, each field with the spec's
 * exact required message. A click on the backdrop does not close it (spec 002 §2): typed data would be lost.
 */
export function CrudDialog<T>({ name, formCode, open, mode, row, columns, width, initial, onSubmit, onClose }: Props<T>) {
  const m = useMessages(crudMessages);
  const title = mode === 'add' ? m.addTitle : m.editTitle;
  const editing = mode === 'edit' ? (row as FormRow | undefined) : undefined;
  // One document and one set of starting values per opening: later renders keep what was typed.
  const form = useMemo(
    () => crudFormDocument(formCode ?? `crud-${name}`, title, columns, mode, editing, formCode ? bundledForm(formCode) : undefined),
    [formCode, name, title, columns, mode, editing],
  );
  const values = useMemo(() => {
    if (editing) return form.toForm(editing);
    const start: FormRow = {};
    for (const c of columns) if (c.form?.initial !== undefined) start[c.prop] = c.form.initial;
    return form.toForm({ ...start, ...initial });
  }, [form, editing, columns, initial]);

  return (
    <FormDialog
      open={open}
      title={title}
      formCode={form.document.formCode}
      document={form.document}
      values={values}
      width={width}
      okText={m.save}
      cancelText={m.cancel}
      onClose={onClose}
      onSubmit={async (v) => {
        // false: the page showed why (the server refused); the dialog stays open with the input.
        if (!(await onSubmit(form.fromForm(v)))) throw new Error(title);
        onClose();
      }}
    />
  );
}
