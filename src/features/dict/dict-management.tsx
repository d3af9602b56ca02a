import { useMemo, useState } from 'react';
import { Button, Card, Col, Row } from 'antd';
import useSWR from 'swr';
import { useAdminCrudPermissions } from '../../api/button-permissions';
import {
  listDictChildren,
  listDictParents,
  removeDicts,
  staleVersionOf,
  submitDict,
  type DictAdminInput,
  type DictAdminRow,
} from '../../api/dict-admin';
import { getTenantInfo } from '../../api/tenant';
import { CrudPage, refreshFormDictionaries, type CrudDataSource, type FormRow } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { dictMessages } from './dict-messages';
import { DictSyncDialog } from './dict-sync-dialog';
import { dictSyncMessages } from './dict-sync-messages';
import { canAddChild, canChangeParent, canDeleteChild, canEditChild } from './dict-permissions';
import { childSchema, parentSchema } from './dict-schemas';

/** The button codes of the dictionary screens (server/seed/seed-data.ts: 新增字典 dict_add). */
const DICT_BUTTONS = { add: 'dict_add' } as const;

/** A blank sort is sent as '' so the server numbers it (the tenant variant's 留空自动排序). */
const sortValue = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v));

/**
 * Versions learnt from a 409 (issue 22 §6): the server's message says who saved the row meanwhile;
 * the dialog keeps the user's input, and saving again knowingly writes over that newer version.
 */
const newerVersions = new Map<string, number>();

async function send(input: DictAdminInput) {
  try {
    const saved = await submitDict(input);
    if (input.id) newerVersions.delete(input.id);
    // Forms open in this tab show the changed dictionary without a reload.
    refreshFormDictionaries();
    return saved;
  } catch (e) {
    const version = staleVersionOf(e);
    if (version !== undefined && input.id) newerVersions.set(input.id, version);
    throw e;
  }
}

function toInput(values: FormRow, editing: DictAdminRow | undefined, extra: Partial<DictAdminInput>): DictAdminInput {
  return {
    ...(editing && { id: editing.id, rowVersion: Math.max(newerVersions.get(editing.id) ?? 0, editing.rowVersion) }),
    code: String(values.code ?? ''),
    dictValue: String(values.dictValue ?? ''),
    dictKey: values.dictKey === undefined ? undefined : String(values.dictKey),
    pdfKey: values.pdfKey === undefined ? undefined : String(values.pdfKey),
    sort: sortValue(values.sort),
    isSealed: values.isSealed === undefined ? undefined : Number(values.isSealed),
    isAdmin: values.isAdmin === undefined ? undefined : Number(values.isAdmin),
    tenantId: values.tenantId === undefined ? undefined : String(values.tenantId),
    remark: String(values.remark ?? ''),
    ...extra,
  };
}

/**
 * Dictionary management (spec 002 §2): the parent table and the chosen parent's child table,
 * side by side (/dict-horizontal/index) or stacked (/dict-vertical/index).
 */
export function DictManagement({ layout, menuCode }: { layout: 'horizontal' | 'vertical'; menuCode: string }) {
  const m = useMessages(dictMessages);
  const tenant = useSWR('tenant-info', getTenantInfo, { revalidateOnFocus: false });
  const [parent, setParent] = useState<DictAdminRow>();
  // Administrators only (the server's rule for dictionary writes); 新增 also needs the button 新增字典.
  const permissions = useAdminCrudPermissions(DICT_BUTTONS);
  const syncText = useMessages(dictSyncMessages);
  // Syncing into tenants is the platform's (root tenant's administrator): spec 002 §6.
  const maySync = tenant.data?.tenantId === '000000' && permissions.edit;
  const [syncing, setSyncing] = useState<DictAdminRow[]>();

  const tenants = useMemo(() => (tenant.data ? [{ value: tenant.data.tenantId, label: tenant.data.tenantName }] : []), [tenant.data]);
  const parentTable = useMemo(() => parentSchema(m, tenants, menuCode), [m, tenants, menuCode]);
  const childTable = useMemo(() => childSchema(m, parent?.dictValue ?? '', menuCode), [m, parent?.dictValue, menuCode]);

  const parentSource: CrudDataSource<DictAdminRow> = useMemo(
    () => ({
      load: listDictParents,
      submit: (values) => send(values as unknown as DictAdminInput),
      remove: async (ids) => {
        await removeDicts(ids);
        refreshFormDictionaries();
        if (parent && ids.includes(parent.id)) setParent(undefined);
      },
    }),
    [parent],
  );
  const childSource: CrudDataSource<DictAdminRow> = useMemo(
    () => ({
      load: (params) =>
        parent ? listDictChildren(parent.id, params) : Promise.resolve({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
      submit: (values) => send(values as unknown as DictAdminInput),
      remove: async (ids) => {
        await removeDicts(ids);
        refreshFormDictionaries();
      },
    }),
    [parent],
  );

  const parentPage = (
    <Card size="small">
      <CrudPage<DictAdminRow>
        schema={parentTable}
        source={parentSource}
        permissions={permissions}
        canEdit={canChangeParent}
        canDelete={canChangeParent}
        // Every row offers what the user may do (issue 17): a platform row, not the tenant's to
        // change, is still there to look at and to open (server/README.md, dictionary ownership).
        canView={(row) => !(permissions.edit && canChangeParent(row))}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setParent(row)}>
            {m.items}
          </Button>
        )}
        onRowClick={setParent}
        activeRowId={parent?.id}
        toSubmit={(values, editing) => toInput(values, editing, { parentId: '0' }) as unknown as FormRow}
        {...(maySync && {
          toolbar: (selected: DictAdminRow[]) => <Button onClick={() => setSyncing(selected)}>{syncText.sync}</Button>,
        })}
      />
      <DictSyncDialog open={!!syncing} chosen={syncing ?? []} onClose={() => setSyncing(undefined)} />
    </Card>
  );
  const childPage = (
    <Card size="small">
      <CrudPage<DictAdminRow>
        schema={childTable}
        source={childSource}
        fixedParams={parent ? { parentId: parent.id } : { parentId: '' }}
        newRow={parent ? { code: parent.code } : undefined}
        addDisabled={canAddChild(parent) ? false : layout === 'horizontal' ? m.pickParent : m.pickParentAbove}
        permissions={permissions}
        canEdit={() => canEditChild(parent)}
        canDelete={() => canDeleteChild(parent)}
        canView={() => !(permissions.edit && canEditChild(parent))}
        toSubmit={(values, editing) =>
          toInput(values, editing, {
            parentId: parent?.id,
            code: parent?.code ?? String(values.code ?? ''),
            tenantId: tenant.data?.tenantId,
          }) as unknown as FormRow
        }
      />
    </Card>
  );

  return layout === 'horizontal' ? (
    <Row gutter={12} className="dict-management">
      <Col span={12}>{parentPage}</Col>
      <Col span={12}>{childPage}</Col>
    </Row>
  ) : (
    <div className="dict-management" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {parentPage}
      {childPage}
    </div>
  );
}
