import { useMemo, useState } from 'react';
import { App, Button } from 'antd';
import { isAdministratorRole, useButtonGrants } from '../../api/button-permissions';
import { getPublicKey } from '../../api/auth';
import { getData, postData } from '../../api/envelope';
import { encryptPassword } from '../../api/password-crypto';
import { fetchPdf } from '../../api/printing';
import { getUserDefault } from '../../api/session';
import type { Page } from '../../api/types';
import { usePdfViewer } from '../../components/pdf-viewer';
import { useLang, useMessages } from '../../shared/i18n/i18n-context';
import { CrudActionDialog } from './crud-action-dialog';
import { CRUD_DOCUMENT_TEXT, crudDocumentMessages } from './crud-document-messages';
import { useDocumentOptions } from './crud-document-options';
import { rowMeets, textOf } from './crud-document-text';
import type { CrudAction, CrudDocument, CrudToolbarAction } from './crud-document-types';
import { CrudGrantTree } from './crud-grant-tree';
import { CrudImportDialog } from './crud-import-dialog';
import { CRUD_TEXT } from './crud-messages';
import { CrudPage } from './crud-page';
import type { CrudColumn, CrudDataSource, CrudSchema, FormRow } from './crud-types';

/** A row as the generic page holds it: the server's properties, and `id` (the document's row key as text). */
export type DocumentRow = FormRow & { id: string };

/** The list answer as rows: a page, or a whole tree (an array) shown without a pager. */
function asPage(answer: unknown, rowKey: string): Page<DocumentRow> {
  const withId = (rows: unknown[]): DocumentRow[] =>
    rows.map((r) => {
      const row = r as FormRow;
      const children = Array.isArray(row.children) ? withId(row.children as unknown[]) : row.children;
      return { ...row, id: String(row[rowKey] ?? row.id), ...(children !== undefined && { children }) };
    });
  if (Array.isArray(answer)) return { records: withId(answer), total: answer.length, size: answer.length, current: 1, pages: 1 };
  const page = answer as Page<unknown>;
  return { ...page, records: withId(page?.records ?? []) };
}

/** The values with the listed fields RSA-encrypted by the server's public key (left out when empty). */
async function encrypted(values: FormRow, fields: readonly string[] | undefined): Promise<FormRow> {
  const present = (fields ?? []).filter((f) => typeof values[f] === 'string' && values[f] !== '');
  const out: FormRow = { ...values };
  for (const f of fields ?? []) if (!present.includes(f)) delete out[f];
  if (present.length === 0) return out;
  const key = await getPublicKey();
  for (const f of present) out[f] = encryptPassword(key, String(values[f]));
  return out;
}

/** Whether the signed-in user may press a button: its code granted, and the administrator role where the document asks for it. */
function usePermission(doc: CrudDocument): (code: string | undefined) => boolean {
  const { grants, ready } = useButtonGrants();
  const admin = isAdministratorRole(getUserDefault());
  return (code) => ready && (!doc.administratorsOnly || admin) && (code === undefined || grants[code] === true);
}

export interface CrudDocumentPageProps {
  document: CrudDocument;
}

/**
 * Any administration screen described by a CRUD document (schemas/crud/*.crud.json): the
 * document's columns, search, dialog form document, tree, row and toolbar actions and button codes
 * become a <CrudPage>. Nothing here knows a particular screen.
 */
export function CrudDocumentPage({ document: doc }: CrudDocumentPageProps) {
  const { lang } = useLang();
  const m = useMessages(crudDocumentMessages);
  const { modal, message } = App.useApp();
  const may = usePermission(doc);
  const options = useDocumentOptions(doc, lang);
  const rowKey = doc.rowKey ?? 'id';
  const [formAction, setFormAction] = useState<{ action: Extract<CrudAction, { kind: 'form-post' }>; rows: FormRow[] }>();
  const [grant, setGrant] = useState<{ action: Extract<CrudAction, { kind: 'grant-tree' }>; key: string }>();
  const { show: showPdf, viewer } = usePdfViewer();
  const [importing, setImporting] = useState<Extract<CrudToolbarAction, { kind: 'import' }>>();
  const [reloadAfter, setReloadAfter] = useState<() => Promise<unknown>>();

  const exportAction = doc.toolbar?.find((a) => a.kind === 'export');
  const schema = useMemo<CrudSchema<DocumentRow>>(
    () => ({
      ref: doc.name,
      menuCode: doc.menuCode,
      title: textOf(doc.title, lang),
      pageSize: doc.pageSize ?? 'standard',
      ...(doc.dialogWidth !== undefined && { dialogWidth: doc.dialogWidth }),
      ...(doc.formCode !== undefined && { formCode: doc.formCode }),
      ...(doc.dateRange && { dateRange: { prop: doc.dateRange.prop, label: textOf(doc.dateRange.label, lang) } }),
      ...(exportAction && may(exportAction.permission) && { exportName: textOf(doc.title, lang), listUrl: doc.api.list }),
      columns: doc.columns.map((c): CrudColumn<DocumentRow> => {
        const list = options[`col:${c.prop}`];
        return {
          prop: c.prop,
          label: textOf(c.label, lang),
          ...(c.width !== undefined && { width: c.width }),
          ...(c.hideInTable && { hideInTable: true }),
          ...(list && { options: list }),
          ...(c.options && !list && { options: [] }),
          ...(c.search && {
            search: {
              ways: c.search.ways,
              ...(c.search.input && { input: c.search.input }),
              ...(c.search.order !== undefined && { order: c.search.order }),
            },
          }),
          ...(c.form && {
            form: {
              span: c.form.span ?? 12,
              ...(c.form.initial !== undefined && { initial: c.form.initial }),
              disabled: (mode, row) =>
                (mode === 'edit' && c.form?.readOnlyOnEdit === true) ||
                (!!c.form?.readOnlyWhen && !!row && rowMeets(row, c.form.readOnlyWhen)),
            },
          }),
        };
      }),
    }),
    // `may` changes with the grants; its result for the export code is what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [doc, lang, options, exportAction && may(exportAction.permission)],
  );

  const source = useMemo<CrudDataSource<DocumentRow>>(
    () => ({
      load: async (params) => asPage(await getData<unknown>(doc.api.list, { params: { ...doc.api.listParams, ...params } }), rowKey),
      ...(doc.api.submit &&
        !doc.readOnly && {
          submit: async (values) => {
            const answer = await postData<unknown>(doc.api.submit!, await encrypted(values, doc.api.encrypt));
            showPassword(answer);
            return answer;
          },
        }),
      ...(doc.api.remove &&
        !doc.readOnly && {
          remove: (ids) => postData(doc.api.remove!, null, { params: { [doc.api.removeParam ?? 'ids']: ids.join(',') } }),
        }),
    }),
    // showPassword only reads `modal`, stable for the app's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [doc, rowKey],
  );

  const tree = useMemo(
    () =>
      doc.tree?.lazy
        ? {
            loadChildren: async (row: DocumentRow) =>
              asPage(
                await getData<unknown>(doc.tree?.url ?? doc.api.list, {
                  params: { [doc.tree!.param!]: row[rowKey], current: 1, size: 200 },
                }),
                rowKey,
              ).records,
          }
        : doc.tree
          ? {}
          : undefined,
    [doc, rowKey],
  );

  /**
   * A password or an OAuth client secret the server generated (a new user without a password, a
   * reset, a new tenant's administrator, a new client): answered once and never again, so shown now.
   */
  const showPassword = (answer: unknown) => {
    const { account, password, clientId, clientSecret } = (answer ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    if (typeof password === 'string' && password !== '')
      modal.info({ title: m.passwordTitle, content: m.passwordText(text(account), password), okText: m.ok });
    else if (typeof clientSecret === 'string' && clientSecret !== '')
      modal.info({ title: m.secretTitle, content: m.secretText(text(clientId), clientSecret), okText: m.ok });
  };

  const confirmPost = (action: Extract<CrudAction, { kind: 'confirm-post' }>, rows: FormRow[], reload: () => Promise<unknown>) => {
    modal.confirm({
      title: m.tip,
      content: action.confirm,
      okText: m.ok,
      cancelText: m.cancel,
      onOk: async () => {
        showPassword(
          await postData<unknown>(action.url, null, { params: { [action.param]: rows.map((r) => String(r[rowKey])).join(',') } }),
        );
        message.success(action.success ?? CRUD_DOCUMENT_TEXT.done);
        await reload();
      },
    });
  };

  /** An open-pdf action: the viewer opens at once and shows the PDF, or the server's refusal, when it comes. */
  const openPdf = (action: Extract<CrudAction, { kind: 'open-pdf' }>, row: DocumentRow) => {
    const query = new URLSearchParams({ [action.param]: String(row[rowKey]) });
    showPdf(() => fetchPdf(`${action.url}?${query.toString()}`));
  };

  const rowButton = (action: CrudAction, row: DocumentRow, reload: () => Promise<unknown>, addWith: (initial: FormRow) => void) => {
    if (!may(action.permission) || !rowMeets(row, action.when)) return null;
    const run = () => {
      if (action.kind === 'confirm-post') confirmPost(action, [row], reload);
      else if (action.kind === 'form-post') {
        setReloadAfter(() => reload);
        setFormAction({ action, rows: [row] });
      } else if (action.kind === 'grant-tree') setGrant({ action, key: String(row[rowKey]) });
      else if (action.kind === 'open-pdf') openPdf(action, row);
      else addWith({ [action.prop]: row[rowKey] });
    };
    return (
      <Button key={action.code} type="link" size="small" danger={action.kind === 'confirm-post' && action.danger} onClick={run}>
        {textOf(action.label ?? m.addChild, lang)}
      </Button>
    );
  };

  const toolbarButton = (action: CrudToolbarAction, selected: DocumentRow[], reload: () => Promise<unknown>) => {
    if (action.kind === 'export' || !may(action.permission)) return null;
    if (action.kind === 'import')
      return (
        <Button
          key={action.code}
          onClick={() => {
            setReloadAfter(() => reload);
            setImporting(action);
          }}
        >
          {action.label ? textOf(action.label, lang) : m.import}
        </Button>
      );
    return (
      <Button
        key={action.code}
        danger={action.danger}
        onClick={() => {
          if (selected.length === 0) message.warning(CRUD_TEXT.selectOne);
          else confirmPost(action, selected, reload);
        }}
      >
        {textOf(action.label, lang)}
      </Button>
    );
  };

  // Only the actions the role's buttons grant: with none, the 操作 column is not there at all
  // rather than an empty cell on every row.
  const granted = doc.rowActions?.filter((a) => may(a.permission));
  const rowActions = granted?.length ? granted : undefined;
  const toolbar = doc.toolbar?.some((a) => a.kind !== 'export') ? doc.toolbar : undefined;
  return (
    <>
      <CrudPage<DocumentRow>
        schema={schema}
        source={source}
        readOnly={doc.readOnly === true}
        paged={!doc.tree || doc.tree.lazy === true}
        {...(tree && { tree })}
        permissions={{ add: may(doc.permissions?.add), edit: may(doc.permissions?.edit), remove: may(doc.permissions?.remove) }}
        {...(doc.editWhen && { canEdit: (row: DocumentRow) => rowMeets(row, doc.editWhen) })}
        {...(doc.deleteWhen && { canDelete: (row: DocumentRow) => rowMeets(row, doc.deleteWhen) })}
        toSubmit={(values, editing) =>
          editing
            ? {
                ...values,
                [rowKey]: editing[rowKey],
                // The server refuses an update without the version it was read at (428) and a stale one (409).
                ...(editing.rowVersion !== undefined && { rowVersion: editing.rowVersion }),
              }
            : values
        }
        {...(rowActions && {
          rowActions: (row: DocumentRow, reload, addWith) => rowActions.map((a) => rowButton(a, row, reload, addWith)),
        })}
        {...(toolbar && { toolbar: (selected: DocumentRow[], reload) => toolbar.map((a) => toolbarButton(a, selected, reload)) })}
      />
      {formAction && (
        <CrudActionDialog
          action={formAction.action}
          rows={formAction.rows}
          rowKey={rowKey}
          options={options}
          onClose={() => setFormAction(undefined)}
          onDone={() => void reloadAfter?.()}
        />
      )}
      {grant && <CrudGrantTree action={grant.action} rowKey={grant.key} onClose={() => setGrant(undefined)} />}
      {viewer}
      {importing && (
        <CrudImportDialog
          open
          url={importing.url}
          coverParam={importing.coverParam ?? 'isCovered'}
          askCover={importing.cover !== false}
          {...(importing.templateUrl && { templateUrl: importing.templateUrl })}
          onClose={() => setImporting(undefined)}
          onImported={() => void reloadAfter?.()}
        />
      )}
    </>
  );
}
