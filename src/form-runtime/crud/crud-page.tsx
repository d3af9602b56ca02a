import { useMemo, useState, type Key, type ReactNode } from 'react';
import { App, Button, Descriptions, Flex, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import useSWR from 'swr';
import { listColumnSettings, saveColumnSettings, type ColumnSetting } from '../../api/colcustom';
import { requestExport } from '../../api/excel-export';
import { useMessages } from '../../shared/i18n/i18n-context';
import { CrudColumnSettings } from './crud-column-settings';
import { CrudDialog } from './crud-dialog';
import { CRUD_TEXT, crudMessages } from './crud-messages';
import { buildSearchConditions, conditionsToParams, dateRangeParams, pageSizes } from './crud-search';
import { CrudSearchArea, type SearchValues } from './crud-search-area';
import type { CrudColumn, CrudDataSource, CrudSchema, FormRow } from './crud-types';

export interface CrudPageProps<T extends { id: string }> {
  schema: CrudSchema<T>;
  source: CrudDataSource<T>;
  /** Parameters every list call carries (a child table's parentId); a change reloads from page 1. */
  fixedParams?: Record<string, string>;
  /** Initial values of a new row beyond the columns' own (e.g. the selected parent's code). */
  newRow?: FormRow;
  /** Adding is off (e.g. no parent chosen yet); the reason is the button's tooltip. */
  addDisabled?: string | false;
  canEdit?: (row: T) => boolean;
  canDelete?: (row: T) => boolean;
  /**
   * Rows that offer 查看 (every column, read-only) in their 操作 cell, for rows the user may see but
   * not change (a tenant administrator's platform dictionaries): their cell must not be empty.
   */
  canView?: (row: T) => boolean;
  /**
   * The role's grants of the three buttons (issue 17: buttons follow the role's button
   * permissions); `false` hides the button, absent shows it. Per-row rules (canEdit, canDelete) apply on top.
   */
  permissions?: { add?: boolean; edit?: boolean; remove?: boolean };
  /** A click on a row (the dictionary screens pick the parent this way). */
  onRowClick?: (row: T) => void;
  /** The highlighted row (the chosen parent). */
  activeRowId?: string;
  /** Turns the dialog's values into what the data source submits. */
  toSubmit?: (values: FormRow, editing: T | undefined) => FormRow;
  /**
   * More buttons of a row's 操作 cell (reset password, grant…); `reload` refreshes the list after
   * them, `addWith` opens the add dialog with initial values (a tree's 新增子项 under this row).
   */
  rowActions?: (row: T, reload: () => Promise<unknown>, addWith: (initial: FormRow) => void) => ReactNode;
  /** More toolbar buttons (import, actions on the selected rows). */
  toolbar?: (selected: T[], reload: () => Promise<unknown>) => ReactNode;
  /** A viewer (log screens): no add, edit or delete; 查看 shows a row's every column. */
  readOnly?: boolean;
  /**
   * Rows with `children` are shown as a tree; with `loadChildren`, a row with `hasChildren` loads
   * its children when first expanded (a lazy tree: regions, large department trees).
   */
  tree?: { loadChildren?: (row: T) => Promise<T[]> };
  /** false: the list answers every row at once (a whole tree): no pager. */
  paged?: boolean;
}

type Dialog<T> = { mode: 'add' | 'edit'; row?: T; initial?: FormRow } | undefined;

const cellText = <T,>(column: CrudColumn<T>, row: T): ReactNode => {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.prop];
  if (column.options) return column.options.find((o) => String(o.value) === String(value))?.label ?? String(value ?? '');
  return value === null || value === undefined ? '' : String(value);
};

/**
 * A schema-driven list screen (spec 002 §2 generic CRUD tables): search area with a date range,
 * paged table with row selection, add / edit / delete through one dialog, export, and per-user
 * column customisation. Screens declare a CrudSchema and a data source; nothing here knows a
 * particular entity.
 */
export function CrudPage<T extends { id: string }>({
  schema,
  source,
  fixedParams,
  newRow,
  addDisabled,
  canEdit,
  canDelete,
  canView,
  permissions,
  onRowClick,
  activeRowId,
  toSubmit,
  rowActions,
  toolbar,
  readOnly = false,
  tree,
  paged = true,
}: CrudPageProps<T>) {
  const m = useMessages(crudMessages);
  const { modal, message } = App.useApp();
  const sizes = pageSizes(schema.pageSize);
  const [paging, setPaging] = useState({ current: 1, size: sizes.initial });
  const [search, setSearch] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<T[]>([]);
  const [dialog, setDialog] = useState<Dialog<T>>();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [viewing, setViewing] = useState<T>();
  // A lazy tree's children by parent id, and the expanded rows: a reload forgets both (children may have moved).
  const [loadedChildren, setLoadedChildren] = useState<Record<string, T[]>>({});
  const [expanded, setExpanded] = useState<Key[]>([]);

  const params = useMemo(() => ({ ...search, ...fixedParams, current: paging.current, size: paging.size }), [search, fixedParams, paging]);
  const fixedKey = JSON.stringify(fixedParams ?? {});
  const [lastFixed, setLastFixed] = useState(fixedKey);
  if (lastFixed !== fixedKey) {
    // Another parent: back to the first page, and the old selection no longer applies.
    setLastFixed(fixedKey);
    setPaging((p) => ({ ...p, current: 1 }));
    setSelected([]);
  }

  const list = useSWR(['crud', schema.ref ?? String(schema.title ?? ''), params], () => source.load(params), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
  const settingsKey = schema.ref ? ['colcustom', schema.menuCode ?? '', schema.ref] : null;
  const settings = useSWR(settingsKey, () => listColumnSettings(schema.menuCode ?? '', schema.ref!), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  const settingOf = (prop: string): ColumnSetting => settings.data?.find((s) => s.prop === prop) ?? { prop };
  const tableColumns = schema.columns.filter((c) => !c.hideInTable);
  const ordered = [...tableColumns].sort(
    (a, b) => (settingOf(a.prop).sort ?? tableColumns.indexOf(a)) - (settingOf(b.prop).sort ?? tableColumns.indexOf(b)),
  );

  const reload = () => {
    setLoadedChildren({});
    setExpanded([]);
    return list.mutate();
  };
  const treeRows = (rows: readonly T[]): T[] =>
    rows.map((row) => {
      const { children, hasChildren, ...rest } = row as T & { children?: T[]; hasChildren?: boolean };
      const loaded = loadedChildren[row.id];
      const kids = loaded ?? (Array.isArray(children) && children.length > 0 ? children : undefined);
      if (kids && kids.length > 0) return { ...rest, hasChildren, children: treeRows(kids) } as unknown as T;
      // An empty list shows the expand arrow; the children arrive on expanding. A row that does not
      // say (no hasChildren) may have some: it gets the arrow until its children are loaded.
      if (tree?.loadChildren && hasChildren !== false && loaded === undefined)
        return { ...rest, hasChildren, children: [] } as unknown as T;
      return { ...rest, hasChildren } as unknown as T;
    });
  const expand = async (open: boolean, row: T) => {
    setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((k) => k !== row.id)));
    if (!open || !tree?.loadChildren || loadedChildren[row.id]) return;
    const kids = await tree.loadChildren(row);
    setLoadedChildren((all) => ({ ...all, [row.id]: kids }));
  };
  // Field ids are prefixed per table: two CrudPages on one screen must not share ids.
  const formName = `crud_${(schema.ref ?? 'table').replace(/[^A-Za-z0-9_]/g, '_')}`;

  const onSearch = (values: SearchValues) => {
    const { __dateRange, ...rest } = values;
    const conditions = buildSearchConditions(schema.columns, rest, schema.ref ?? '');
    setSearch({ ...conditionsToParams(conditions), ...dateRangeParams(schema.dateRange, __dateRange) });
    setPaging((p) => ({ ...p, current: 1 }));
  };

  const confirmDelete = (rows: T[]) => {
    if (rows.length === 0) {
      message.warning(CRUD_TEXT.selectOne);
      return;
    }
    modal.confirm({
      title: m.tip,
      content: CRUD_TEXT.confirmDelete,
      okText: m.ok,
      cancelText: m.cancel,
      onOk: async () => {
        await source.remove!(rows.map((r) => r.id));
        message.success(CRUD_TEXT.deleted);
        setSelected([]);
        await reload();
      },
    });
  };

  const confirmExport = () => {
    const rows = selected;
    modal.confirm({
      title: rows.length > 0 ? CRUD_TEXT.exportSelected : CRUD_TEXT.exportAll,
      content: m.slowExport,
      okText: m.ok,
      cancelText: m.cancel,
      onOk: async () => {
        const result = await requestExport({
          sheet_name: schema.exportName!,
          title_name: schema.exportName!,
          columns: ordered
            .filter((c) => !settingOf(c.prop).hide)
            .map((c) => ({
              label: c.label,
              prop: c.prop,
              ...(c.options && { dicData: c.options.map((o) => ({ label: o.label, value: String(o.value) })) }),
            })),
          records: rows as unknown as Record<string, unknown>[],
          params: { ...search, ...fixedParams },
          url: schema.listUrl ?? '',
        });
        if (result.link) window.open(result.link, '_blank', 'noopener');
        else message.info(CRUD_TEXT.exportQueued);
      },
    });
  };

  const openSettings = () => {
    if (!schema.ref) {
      message.warning(CRUD_TEXT.missingRef);
      return;
    }
    setSettingsOpen(true);
  };

  const submit = async (values: FormRow) => {
    const editing = dialog?.mode === 'edit' ? dialog.row : undefined;
    const body = toSubmit ? toSubmit(values, editing) : editing ? { ...values, id: editing.id } : values;
    try {
      await source.submit!(body, editing);
    } catch {
      return false; // the request layer showed the server's message; the dialog stays open
    }
    message.success(editing ? CRUD_TEXT.updated : CRUD_TEXT.added);
    await reload();
    return true;
  };

  const mayAdd = !readOnly && !!source.submit && permissions?.add !== false;
  const mayEdit = !readOnly && !!source.submit && permissions?.edit !== false;
  const mayRemove = !readOnly && !!source.remove && permissions?.remove !== false;
  const hasActions = mayEdit || mayRemove || readOnly || !!rowActions || !!canView;
  const columns: TableColumnsType<T> = ordered
    .filter((c) => !settingOf(c.prop).hide)
    .map((c) => {
      const s = settingOf(c.prop);
      return {
        key: c.prop,
        title: c.label,
        dataIndex: c.prop,
        width: s.width ?? c.width,
        fixed: s.fixed || undefined,
        ellipsis: true,
        render: (_v: unknown, row: T) => cellText(c, row),
      };
    });
  if (hasActions) {
    columns.push({
      key: '__actions',
      title: m.actions,
      width: rowActions ? undefined : 130,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={4} wrap onClick={(e) => e.stopPropagation()}>
          {(readOnly || canView?.(row) === true) && (
            <Button type="link" size="small" onClick={() => setViewing(row)}>
              {m.view}
            </Button>
          )}
          {mayEdit && (canEdit?.(row) ?? true) && (
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })}>
              {m.edit}
            </Button>
          )}
          {mayRemove && (canDelete?.(row) ?? true) && (
            <Button type="link" size="small" danger onClick={() => confirmDelete([row])}>
              {m.delete}
            </Button>
          )}
          {rowActions?.(row, reload, (initial) => setDialog({ mode: 'add', initial }))}
        </Space>
      ),
    });
  }

  return (
    <div className="crud-page">
      <CrudSearchArea
        name={formName}
        columns={schema.columns}
        dateRange={schema.dateRange}
        onSearch={onSearch}
        onReset={() => {
          setSearch({});
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      />
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }} wrap gap={8}>
        <Space wrap>
          {schema.title && <Typography.Text strong>{schema.title}</Typography.Text>}
          {mayAdd && (
            <Button type="primary" disabled={!!addDisabled} title={addDisabled || undefined} onClick={() => setDialog({ mode: 'add' })}>
              {m.add}
            </Button>
          )}
          {mayRemove && (
            <Button danger onClick={() => confirmDelete(selected.filter((r) => canDelete?.(r) ?? true))}>
              {m.delete}
            </Button>
          )}
          {toolbar?.(selected, reload)}
          {schema.exportName && <Button onClick={confirmExport}>{m.export}</Button>}
        </Space>
        <Button onClick={openSettings}>{m.columns}</Button>
      </Flex>
      <Table<T>
        rowKey="id"
        size="small"
        bordered
        loading={list.isLoading}
        dataSource={tree ? treeRows(list.data?.records ?? []) : (list.data?.records ?? [])}
        {...(tree && { expandable: { expandedRowKeys: expanded, onExpand: (open: boolean, row: T) => void expand(open, row) } })}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected.map((r) => r.id), onChange: (_keys: Key[], rows: T[]) => setSelected(rows) }}
        rowClassName={(row) => (row.id === activeRowId ? 'ant-table-row-selected crud-row-active' : '')}
        onRow={(row) => ({
          onClick: onRowClick ? () => onRowClick(row) : undefined,
          style: onRowClick ? { cursor: 'pointer' } : undefined,
        })}
        pagination={
          paged && {
            current: paging.current,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            pageSizeOptions: sizes.options,
            showSizeChanger: true,
            showTotal: (total) => m.total(total),
            onChange: (current, size) => setPaging({ current: size !== paging.size ? 1 : current, size }),
          }
        }
      />
      <CrudDialog<T>
        name={formName}
        formCode={schema.formCode}
        open={!!dialog}
        mode={dialog?.mode ?? 'add'}
        row={dialog?.row}
        columns={schema.columns}
        width={schema.dialogWidth ?? 880}
        initial={dialog?.initial ? { ...newRow, ...dialog.initial } : newRow}
        onSubmit={submit}
        onClose={() => setDialog(undefined)}
      />
      <Modal open={!!viewing} title={m.view} footer={null} width={720} onCancel={() => setViewing(undefined)} destroyOnHidden>
        {viewing && (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={schema.columns.map((c) => ({ key: c.prop, label: c.label, children: cellText(c, viewing) }))}
          />
        )}
      </Modal>
      {schema.ref && (
        <CrudColumnSettings
          open={settingsOpen}
          columns={tableColumns.map((c) => ({ prop: c.prop, label: c.label, setting: settingOf(c.prop) }))}
          onClose={() => setSettingsOpen(false)}
          onSave={async (next) => {
            await saveColumnSettings(schema.menuCode ?? '', schema.ref!, next);
            message.success(CRUD_TEXT.saved);
            await settings.mutate(next, { revalidate: false });
          }}
        />
      )}
    </div>
  );
}
