import type { DictAdminRow } from '../../api/dict-admin';
import type { CrudSchema } from '../../form-runtime';
import type { dictMessages } from './dict-messages';

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
    // The dialog's fields and rules (required messages, the code's characters, the sort): schemas/dictparent.json, which the server runs too.
    formCode: 'dictparent',
    exportName: m.parentTitle,
    listUrl: '/api/blade-system/dict-biz/parent-list',
    dateRange: { prop: 'createTime', label: m.createTime },
    columns: [
      { prop: 'code', label: m.code, width: 150, search: { ways: 0 }, form: { disabled: (mode) => mode === 'edit' } },
      { prop: 'dictValue', label: m.dictValue, width: 150, search: { ways: 0 }, form: {} },
      { prop: 'sort', label: m.sort, width: 70, form: { input: 'number', placeholder: m.autoSort } },
      { prop: 'isSealed', label: m.isSealed, width: 70, options: yesNo(m), form: { input: 'radio', initial: 0 } },
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
        form: { input: 'select' },
      },
      { ...ownerColumn(m), hideInTable: false, options: tenants, form: { input: 'select', initial: tenants[0]?.value } },
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
    formCode: 'dictchild',
    columns: [
      { prop: 'code', label: m.code, width: 130, form: { disabled: () => true } },
      { prop: 'dictKey', label: m.dictKey, width: 90, search: { ways: 0 }, form: {} },
      { prop: 'dictValue', label: m.dictValue, width: 150, search: { ways: 0 }, form: {} },
      { prop: 'pdfKey', label: m.pdfKey, width: 120, form: {} },
      { prop: 'sort', label: m.sort, width: 70, form: { input: 'number', placeholder: m.autoSort } },
      { prop: 'isSealed', label: m.isSealed, width: 70, options: yesNo(m), form: { input: 'radio', initial: 0 } },
      { ...ownerColumn(m), hideInTable: false },
      { prop: 'remark', label: m.remark, hideInTable: true, form: { input: 'textarea', span: 24 } },
    ],
  };
}
