import { useMemo } from 'react';
import { Card } from 'antd';
import { useAdminCrudPermissions } from '../../api/button-permissions';
import {
  listSystemParams,
  removeSystemParams,
  submitSystemParam,
  type SystemParamInput,
  type SystemParamRow,
} from '../../api/system-param';
import { CrudPage, type CrudDataSource, type CrudSchema } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { systemParamMessages } from './system-param-messages';

const source: CrudDataSource<SystemParamRow> = {
  load: listSystemParams,
  submit: (values) => submitSystemParam(values as unknown as SystemParamInput),
  remove: removeSystemParams,
};

/**
 * System parameters (spec 002 §3): name, key and value, each searchable and required; the value
 * is a textarea. A platform parameter edited here becomes this institution's own value of the key;
 * only the institution's own parameters can be deleted. 新增 / 编辑 / 删除 show for administrators
 * only, who alone may save parameters (the seeded menus define no button codes for them).
 */
export function SystemParamPage() {
  const m = useMessages(systemParamMessages);
  const permissions = useAdminCrudPermissions({});
  const schema = useMemo<CrudSchema<SystemParamRow>>(
    () => ({
      ref: 'systemParam',
      menuCode: 'param',
      title: m.title,
      dialogWidth: 880,
      // The dialog's fields and rules (required messages, the key's characters): schemas/systemparam.json, which the server runs too.
      formCode: 'systemparam',
      exportName: m.title,
      listUrl: '/api/blade-system/systemparam/list',
      dateRange: { prop: 'createTime', label: m.createTime },
      columns: [
        { prop: 'paramName', label: m.paramName, width: 220, search: { ways: 0 }, form: { span: 24 } },
        {
          prop: 'paramKey',
          label: m.paramKey,
          width: 220,
          search: { ways: 0 },
          form: { span: 24, disabled: (mode, row) => mode === 'edit' && row?.own === false },
        },
        { prop: 'paramValue', label: m.paramValue, width: 320, search: { ways: 0 }, form: { input: 'textarea', span: 24 } },
        { prop: 'tenantId', label: m.owner, width: 90, render: (row) => (row.own ? m.ownTenant : m.platform) },
        { prop: 'remark', label: m.remark, hideInTable: true, form: { input: 'textarea', span: 24 } },
      ],
    }),
    [m],
  );
  return (
    <Card size="small">
      <CrudPage<SystemParamRow> schema={schema} source={source} permissions={permissions} canDelete={(row) => row.own} />
    </Card>
  );
}
