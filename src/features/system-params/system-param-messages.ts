import { defineMessages } from '../../shared/i18n/define-messages';

export const systemParamMessages = defineMessages(
  {
    title: '系统参数',
    paramName: '参数名称',
    paramKey: '参数键名',
    paramValue: '参数键值',
    remark: '备注',
    createTime: '创建时间',
    owner: '归属',
    platform: '平台',
    ownTenant: '本机构',
  },
  {
    title: 'System parameters',
    paramName: 'Name',
    paramKey: 'Key',
    paramValue: 'Value',
    remark: 'Remark',
    createTime: 'Created',
    owner: 'Owner',
    platform: 'Platform',
    ownTenant: 'This institution',
  },
);
