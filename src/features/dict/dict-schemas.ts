import type { DictAdminRow } from '../../api/dict-admin';
import type { CrudSchema } from '../../form-runtime/crud';
import { DICT_RULES, type dictMessages } from './dict-messages';

type Messages = (typeof dictMessages)['zh'];

/** Spec 002 §3 dictionary: the dialog is 880 wide (§2); the tenant variant's sort may be blank. */
export const DICT_DIALOG_WIDTH = 880;

const yesNo = (m: Messages) => [
  { value: 0, label: m.no },
  { value: 1, label: m.yes },
];

const ownerColumn = (m: Messages) => ({
  prop: 'tenantId' as const,
  label: m.owner,
  width: 90,
  render: (row: DictAdminRow) => (row.own ? m.ownTenant : m.platform),
});

/** The parent dictionary table and its dialog. */
export function parentSchema(m: Messages, tenants: { value: string; label: string }[], menuCode: string): CrudSchema<DictAdminRow> {
  return {
    ref: 'dictParent',
    menuCode,
    title: m.parentTitle,
    dialogWidth: DICT_DIALOG_WIDTH,
    exportName: m.parentTitle,
    listUrl: '/api/blade-system/dict-biz/parent-list',
    dateRange: { prop: 'createTime', label: m.createTime },
    columns: [
      { prop: 'code', label: m.code, width: 150, search: { ways: 0 }, form: { required: DICT_RULES.code, disabled: (mode) => mode === 'edit' } },
      { prop: 'dictValue', label: m.dictValue, width: 150, search: { ways: 0 }, form: { required: DICT_RULES.dictValue } },
      { prop: 'sort', label: m.sort, width: 70, form: { input: 'number', placeholder: m.autoSort } },
      { prop: 'isSealed', label: m.isSealed, width: 70, options: yesNo(m), form: { input: 'radio', required: DICT_RULES.isSealed, initial: 0 } },
      {
        prop: 'isAdmin',
        label: m.isAdmin,
        width: 150,
        options: [
          { value: 0, label: m.adminPublic },
          { value: 1, label: m.adminAddable },
          { value: 2, label: m.adminEditable },
        ],
        search: { ways: 3, order: 1001 },
        form: { input: 'select', required: DICT_RULES.isAdmin },
      },
      { ...ownerColumn(m), hideInTable: false, options: tenants, form: { input: 'select', required: DICT_RULES.tenantId, initial: tenants[0]?.value } },
      { prop: 'remark', label: m.remark, hideInTable: true, form: { input: 'textarea', span: 24 } },
    ],
  };
}

/** The child (item) table of the chosen parent and its dialog. */
export function childSchema(m: Messages, parentName: string, menuCode: string): CrudSchema<DictAdminRow> {
  return {
    ref: 'dictChild',
    menuCode,
    title: m.childTitle(parentName),
    dialogWidth: DICT_DIALOG_WIDTH,
    columns: [
      { prop: 'code', label: m.code, width: 130, form: { required: DICT_RULES.code, disabled: () => true } },
      { prop: 'dictKey', label: m.dictKey, width: 90, search: { ways: 0 }, form: { required: DICT_RULES.dictKey } },
      { prop: 'dictValue', label: m.dictValue, width: 150, search: { ways: 0 }, form: { required: DICT_RULES.dictValue } },
      { prop: 'pdfKey', label: m.pdfKey, width: 120, form: { required: DICT_RULES.pdfKey } },
      { prop: 'sort', label: m.sort, width: 70, form: { input: 'number', placeholder: m.autoSort } },
      { prop: 'isSealed', label: m.isSealed, width: 70, options: yesNo(m), form: { input: 'radio', required: DICT_RULES.isSealed, initial: 0 } },
      { ...ownerColumn(m), hideInTable: false },
      { prop: 'remark', label: m.remark, hideInTable: true, form: { input: 'textarea', span: 24 } },
    ],
  };
}
