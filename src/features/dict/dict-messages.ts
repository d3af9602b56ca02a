import { defineMessages } from '../../shared/i18n/define-messages';

/**
 * Dictionary management. Validation messages are the spec's (002 §5) and stay Chinese in both
 * languages; labels and hints follow the language.
 */
export const dictMessages = defineMessages(
  {
    parentTitle: '字典列表',
    childTitle: (name: string) => (name ? `字典项：${name}` : '字典项'),
    code: '字典编号',
    dictValue: '字典名称',
    dictKey: '字典键值',
    pdfKey: '报表选项值',
    sort: '字典排序',
    isSealed: '封存',
    isAdmin: '编辑',
    tenantId: '租户',
    remark: '字典备注',
    createTime: '创建时间',
    owner: '归属',
    platform: '平台',
    ownTenant: '本机构',
    yes: '是',
    no: '否',
    adminPublic: '公共（租户不可编辑）',
    adminAddable: '可新增（租户可增删改）',
    adminEditable: '可编辑（租户仅可改选项值）',
    autoSort: '留空自动排序',
    pickParent: '请先在左侧选择字典',
    pickParentAbove: '请先在上方选择字典',
  },
  {
    parentTitle: 'Dictionaries',
    childTitle: (name: string) => (name ? `Items of ${name}` : 'Items'),
    code: 'Code',
    dictValue: 'Name',
    dictKey: 'Key',
    pdfKey: 'Report value',
    sort: 'Order',
    isSealed: 'Sealed',
    isAdmin: 'Editing',
    tenantId: 'Tenant',
    remark: 'Remark',
    createTime: 'Created',
    owner: 'Owner',
    platform: 'Platform',
    ownTenant: 'This institution',
    yes: 'Yes',
    no: 'No',
    adminPublic: 'Public (tenants cannot edit)',
    adminAddable: 'Addable (tenants add, edit, delete)',
    adminEditable: 'Editable (tenants change values only)',
    autoSort: 'Blank for automatic order',
    pickParent: 'Choose a dictionary on the left first',
    pickParentAbove: 'Choose a dictionary above first',
  },
);

