import { useMemo } from 'react';
import { Card } from 'antd';
import { listSystemParams, removeSystemParams, submitSystemParam, type SystemParamInput, type SystemParamRow } from '../../api/system-param';
import { CrudPage, type CrudDataSource, type CrudSchema } from '../../form-runtime/crud';
import { useMessages } from '../../shared/i18n/i18n-context';
import { SYSTEM_PARAM_RULES, systemParamMessages } from './system-param-messages';

const source: CrudDataSource<SystemParamRow> = {
  load: listSystemParams,
  submit: (values) => submitSystemParam(values as unknown as SystemParamInput),
  remove: removeSystemParams,
};

/**
 * System parameters (spec 002 §3): name, key and value, each searchable and required; the value
 * is a textarea. A platform parameter edited here becomes this institution's own value of the key;
 * only the institution's own parameters can be deleted.
 */
export function SystemParamPage() {
  const m = useMessages(systemParamMessages);
  const schema = useMemo<CrudSchema<SystemParamRow>>(
    () => ({
      ref: 'systemParam',
      menuCode: 'param',
      title: m.title,
      dialogWidth: 880,
      exportName: m.title,
      listUrl: '/api/blade-system/systemparam/list',
      dateRange: { prop: 'createTime', label: m.createTime },
      columns: [
        { prop: 'paramName', label: m.paramName, width: 220, search: { ways: 0 }, form: { required: SYSTEM_PARAM_RULES.paramName, span: 24 } },
        { prop: 'paramKey', label: m.paramKey, width: 220, search: { ways: 0 }, form: { required: SYSTEM_PARAM_RULES.paramKey, span: 24, disabled: (mode, row) => mode === 'edit' && row?.own === false } },
        { prop: 'paramValue', label: m.paramValue, width: 320, search: { ways: 0 }, form: { input: 'textarea', required: SYSTEM_PARAM_RULES.paramValue, span: 24 } },
        { prop: 'tenantId', label: m.owner, width: 90, render: (row) => (row.own ? m.ownTenant : m.platform) },
        { prop: 'remark', label: m.remark, hideInTable: true, form: { input: 'textarea', span: 24 } },
      ],
    }),
    [m],
  );
  return (
    <Card size="small">
      <CrudPage<SystemParamRow> schema={schema} source={source} canDelete={(row) => row.own} />
    </Card>
  );
}
