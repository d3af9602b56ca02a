import { useMemo } from 'react';
import { App } from 'antd';
import { postData } from '../../api/envelope';
import { useLang, useMessages } from '../../shared/i18n/i18n-context';
import { bundledForm } from '../bundled/bundled-forms';
import { crudFormDocument } from './crud-form-document';
import { CRUD_DOCUMENT_TEXT, crudDocumentMessages } from './crud-document-messages';
import { textOf } from './crud-document-text';
import type { CrudAction } from './crud-document-types';
import type { DocumentOptions } from './crud-document-options';
import type { CrudColumn, FormRow } from './crud-types';
import { FormDialog } from './form-dialog';

type FormPost = Extract<CrudAction, { kind: 'form-post' }>;

interface Props {
  action: FormPost;
  /** The rows acted on (one for a row action); undefined: closed. */
  rows: FormRow[] | undefined;
  rowKey: string;
  options: DocumentOptions;
  onClose: () => void;
  onDone: () => void;
}

/**
 * A row action's dialog (角色配置): the action's dialog form document, whose rules the server runs
 * too, with the action's option lists; 确定 POSTs its values and the rows' keys as query parameters,
 * as BladeX's grant takes them (userIds, roleIds).
 */
export function CrudActionDialog({ action, rows, rowKey, options, onClose, onDone }: Props) {
  const { lang } = useLang();
  const m = useMessages(crudDocumentMessages);
  const { message } = App.useApp();
  const title = textOf(action.label, lang);
  const first = rows?.[0];
  const form = useMemo(() => {
    const bundled = bundledForm(action.formCode);
    const columns: CrudColumn<FormRow>[] = (bundled?.fields ?? []).map((f) => ({
      prop: f.fieldProp,
      label: f.fieldLabel,
      options: options[`act:${action.code}:${f.fieldProp}`],
      form: { span: 24 },
    }));
    return crudFormDocument(action.formCode, title, columns, 'edit', first, bundled);
  }, [action, title, options, first]);
  const values = useMemo(() => {
    const start: FormRow = {};
    for (const [field, prop] of Object.entries(action.fromRow ?? {})) if (first) start[field] = first[prop];
    return form.toForm(start);
  }, [form, action, first]);

  return (
    <FormDialog
      open={!!rows}
      title={title}
      formCode={action.formCode}
      document={form.document}
      values={values}
      width={action.width ?? 520}
      okText={m.ok}
      cancelText={m.cancel}
      onClose={onClose}
      onSubmit={async (v) => {
        const keys = (rows ?? []).map((r) => String(r[rowKey])).join(',');
        await postData(action.url, null, { params: { ...form.fromForm(v), [action.param]: keys } });
        message.success(action.success ?? CRUD_DOCUMENT_TEXT.done);
        onDone();
        onClose();
      }}
    />
  );
}
