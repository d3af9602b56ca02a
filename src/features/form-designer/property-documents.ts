// The designer's own dialogs and property panels are form documents (docs/architecture.md §2 "one form
// system"), rendered by <SchemaForm> in edit mode: their labels, lists, display and required
// rules and live error rules are reckons, run by the engine like any form's. Each builder takes
// the messages (labels follow the language) and, for the panels, the document being designed
// (its sections, groups and date fields are the panels' option lists). The `from…` functions turn
// a panel's values back into the designed document's properties.
import { CROWD_LABEL_DICTIONARY } from '../../engine';
import type {
  FieldDef,
  FieldType,
  FieldValue,
  FormDocument,
  FormKind,
  FormOptionList,
  FormPlacement,
  FormValues,
  SectionDef,
} from '../../engine';
import { FIELD_TYPES, FORM_KINDS, withoutKey } from './document-utils';
import type { DesignerMessages } from './designer-messages';

const DICTIONARY_TYPES = 'fieldType in codes("1,2,7,8")';
const IDENT = '^[A-Za-z_][A-Za-z0-9_]*$';
const FORM_CODE = '^[A-Za-z][A-Za-z0-9_]*$';

const yesNo = (m: DesignerMessages): FormOptionList => ({
  name: m.required,
  items: [
    { value: '1', label: m.yes },
    { value: '0', label: m.no },
  ],
});

// ---- dialogs ------------------------------------------------------------------------------------

/** 新建: code and name of a new form (the server's code pattern). */
export const newFormDocument = (m: DesignerMessages): FormDocument => ({
  formCode: 'designerNewForm',
  formName: m.newTitle,
  version: 1,
  fields: [
    {
      fieldProp: 'formCode',
      fieldLabel: m.formCode,
      fieldType: 3,
      required: 1,
      regExp: FORM_CODE,
      invalidMessage: '表单编号须以字母开头, 只含字母、数字和下划线',
      placeholder: 'e.g. elderlyfollowup',
    },
    { fieldProp: 'formName', fieldLabel: m.formName, fieldType: 3, required: 1 },
  ],
});

/** 发布: the change note is required. */
export const publishNoteDocument = (m: DesignerMessages): FormDocument => ({
  formCode: 'designerPublishNote',
  formName: m.publishTitle,
  version: 1,
  fields: [{ fieldProp: 'note', fieldLabel: m.publishNote, fieldType: 6, required: 1 }],
});

/** 回滚: a note for the history. */
export const rollbackNoteDocument = (m: DesignerMessages): FormDocument => ({
  formCode: 'designerRollbackNote',
  formName: m.rollback,
  version: 1,
  fields: [{ fieldProp: 'note', fieldLabel: m.rollbackNote, fieldType: 6, required: 1 }],
});

// ---- value helpers ------------------------------------------------------------------------------

const text = (v: FieldValue | undefined): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : undefined;
const num = (v: FieldValue | undefined): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
const flag = (v: FieldValue | undefined): boolean | undefined => (v === '1' ? true : v === '0' ? false : undefined);

/** Sets or removes a key, keeping the object's other keys (and their order) as they were. */
function put<T extends object>(obj: T, key: keyof T, value: unknown): T {
  if (value === undefined) return key in obj ? withoutKey(obj, key) : obj;
  return { ...obj, [key]: value };
}

const sameValues = (a: FormValues, b: FormValues) => JSON.stringify(a) === JSON.stringify(b);
export { sameValues as samePanelValues };

// ---- the field panel ----------------------------------------------------------------------------

/**
 * The field panel. `dictionaries` are the choices of the bizCode picker (the form's lists, the
 * carried and the tenant's dictionaries: tenant-world.ts `dictionaryChoices`); absent or empty, bizCode is typed.
 */
export function fieldPanelDocument(m: DesignerMessages, doc: FormDocument, dictionaries?: FormOptionList['items']): FormDocument {
  const sections = doc.sections ?? [];
  const groups = sections.flatMap((s) => (s.groups ?? []).map((g) => ({ value: g.id, label: `${s.title || s.id} · ${g.title || g.id}` })));
  const options: Record<string, FormOptionList> = {
    fieldTypes: { name: m.fieldType, items: FIELD_TYPES.map((t) => ({ value: String(t), label: `${t} ${m.typeNames(t)}` })) },
    yesNo: yesNo(m),
  };
  if (sections.length) options.sections = { name: m.section, items: sections.map((s) => ({ value: s.id, label: s.title.trim() || s.id })) };
  if (groups.length) options.groups = { name: m.group, items: groups };
  const picker = dictionaries !== undefined && dictionaries.length > 0;
  if (picker) options.dictionaries = { name: m.bizCode, items: dictionaries };
  const codes = Object.keys(doc.options ?? {}).join(', ');
  const fields: FieldDef[] = [
    {
      fieldProp: 'fieldProp',
      fieldLabel: m.fieldProp,
      fieldType: 3,
      required: 1,
      regExp: IDENT,
      invalidMessage: '字段名须以字母或下划线开头, 只含字母、数字和下划线',
      section: 'basic',
    },
    { fieldProp: 'fieldLabel', fieldLabel: m.fieldLabel, fieldType: 3, required: 1, section: 'basic' },
    { fieldProp: 'fieldType', fieldLabel: m.fieldType, fieldType: 1, required: 1, bizCode: 'fieldTypes', section: 'basic' },
    { fieldProp: 'required', fieldLabel: m.required, fieldType: 2, bizCode: 'yesNo', section: 'basic' },
    {
      fieldProp: 'bizCode',
      fieldLabel: m.bizCode,
      ...(picker
        ? { fieldType: 1 as FieldType, bizCode: 'dictionaries', help: m.bizCodePickHelp }
        : { fieldType: 3 as FieldType, help: m.bizCodeHelp(codes) }),
      section: 'basic',
      reckons: [
        { id: 'bizCode.show', kind: 'display', scontent: DICTIONARY_TYPES },
        { id: 'bizCode.req', kind: 'required', scontent: `${DICTIONARY_TYPES} and isEmpty(fieldUrl)`, errMsg: m.bizCodeNeeded },
        {
          id: 'bizCode.missing',
          kind: 'error',
          tcontent: `${DICTIONARY_TYPES} and isEmpty(bizCode) and isEmpty(fieldUrl)`,
          errMsg: m.bizCodeNeeded,
        },
      ],
    },
    {
      fieldProp: 'fieldUrl',
      fieldLabel: m.fieldUrl,
      fieldType: 3,
      section: 'basic',
      reckons: [{ id: 'fieldUrl.show', kind: 'display', scontent: DICTIONARY_TYPES }],
    },
    {
      fieldProp: 'regExp',
      fieldLabel: m.regExp,
      fieldType: 3,
      section: 'check',
      reckons: [{ id: 'regExp.show', kind: 'display', scontent: 'fieldType in codes("3,4")' }],
    },
    {
      fieldProp: 'unit',
      fieldLabel: m.unit,
      fieldType: 3,
      section: 'check',
      reckons: [{ id: 'unit.show', kind: 'display', scontent: 'fieldType == "4"' }],
    },
    {
      fieldProp: 'minValue',
      fieldLabel: m.min,
      fieldType: 4,
      section: 'check',
      reckons: [{ id: 'min.show', kind: 'display', scontent: 'fieldType == "4"' }],
    },
    {
      fieldProp: 'maxValue',
      fieldLabel: m.max,
      fieldType: 4,
      section: 'check',
      reckons: [
        { id: 'max.show', kind: 'display', scontent: 'fieldType == "4"' },
        {
          id: 'max.order',
          kind: 'error',
          scontent: 'hasValue(minValue) and hasValue(maxValue)',
          tcontent: 'minValue > maxValue',
          errMsg: m.minMax,
        },
      ],
    },
    {
      fieldProp: 'precision',
      fieldLabel: m.precision,
      fieldType: 4,
      precision: 0,
      max: 6,
      section: 'check',
      reckons: [{ id: 'precision.show', kind: 'display', scontent: 'fieldType == "4"' }],
    },
    { fieldProp: 'invalidMessage', fieldLabel: m.invalidMessage, fieldType: 3, section: 'check' },
    ...(sections.length
      ? [{ fieldProp: 'section', fieldLabel: m.section, fieldType: 1 as FieldType, bizCode: 'sections', section: 'layout' }]
      : []),
    ...(groups.length
      ? [{ fieldProp: 'group', fieldLabel: m.group, fieldType: 1 as FieldType, bizCode: 'groups', section: 'layout' }]
      : []),
    { fieldProp: 'span', fieldLabel: m.span, fieldType: 4, precision: 0, min: 1, max: 24, section: 'layout' },
    { fieldProp: 'defaultValue', fieldLabel: m.defaultValue, fieldType: 3, help: m.defaultHelp, section: 'layout' },
    { fieldProp: 'placeholder', fieldLabel: m.placeholder, fieldType: 3, section: 'layout' },
    { fieldProp: 'help', fieldLabel: m.help, fieldType: 6, section: 'layout' },
    { fieldProp: 'printLabel', fieldLabel: m.printLabel, fieldType: 3, section: 'layout' },
    { fieldProp: 'hidden', fieldLabel: m.hidden, fieldType: 2, bizCode: 'yesNo', section: 'layout' },
    { fieldProp: 'disabled', fieldLabel: m.disabled, fieldType: 2, bizCode: 'yesNo', section: 'layout' },
  ];
  return {
    formCode: 'designerFieldProperties',
    formName: m.propsField,
    version: 1,
    options,
    sections: [
      { id: 'basic', title: m.propsField, columns: 1 },
      { id: 'check', title: m.sectionCheck, columns: 1 },
      { id: 'layout', title: m.sectionLayout, columns: 1 },
    ],
    fields,
  };
}

const str = (v: unknown) => (v === undefined || v === null ? undefined : Array.isArray(v) ? v.join(',') : String(v));

export function fieldPanelValues(f: FieldDef): FormValues {
  const v: FormValues = {
    fieldProp: f.fieldProp,
    fieldLabel: f.fieldLabel,
    fieldType: String(f.fieldType),
    required: f.required === undefined ? undefined : String(f.required),
    bizCode: f.bizCode,
    fieldUrl: f.fieldUrl,
    regExp: f.regExp,
    unit: f.unit,
    minValue: f.min,
    maxValue: f.max,
    precision: f.precision,
    invalidMessage: f.invalidMessage,
    section: f.section,
    group: f.group,
    span: f.span,
    defaultValue: str(f.default),
    placeholder: f.placeholder,
    help: f.help,
    printLabel: f.printLabel,
    hidden: f.hidden === undefined ? undefined : f.hidden ? '1' : '0',
    disabled: f.disabled === undefined ? undefined : f.disabled ? '1' : '0',
  };
  for (const k of Object.keys(v)) if (v[k] === undefined) delete v[k];
  return v;
}

/** A default in the designed field's own type: a number, a code list, or text. */
function defaultFor(type: FieldType, raw: string | undefined): FieldDef['default'] {
  if (raw === undefined) return undefined;
  if (type === 4) return num(raw) ?? raw;
  if (type === 7 || type === 8)
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return raw;
}

/**
 * The panel's values applied to the designed field. A property whose panel row is hidden (a unit
 * once the type is no longer a number) is dropped; reckons and anything the panel does not show
 * are kept.
 */
export function fromFieldPanel(values: FormValues, original: FieldDef, visible: (prop: string) => boolean): FieldDef {
  const shown = (prop: string) => visible(prop);
  const get = (prop: string) => (shown(prop) ? values[prop] : undefined);
  const type = (num(values.fieldType) as FieldType | undefined) ?? original.fieldType;
  let f: FieldDef = {
    ...original,
    fieldProp: typeof values.fieldProp === 'string' ? values.fieldProp : '',
    fieldLabel: typeof values.fieldLabel === 'string' ? values.fieldLabel : '',
    fieldType: type,
  };
  const req = get('required');
  f = put(f, 'required', req === '1' ? 1 : req === '0' ? 0 : undefined);
  f = put(f, 'bizCode', text(get('bizCode')));
  f = put(f, 'fieldUrl', text(get('fieldUrl')));
  f = put(f, 'regExp', text(get('regExp')));
  f = put(f, 'unit', text(get('unit')));
  f = put(f, 'min', num(get('minValue')));
  f = put(f, 'max', num(get('maxValue')));
  f = put(f, 'precision', num(get('precision')));
  f = put(f, 'invalidMessage', text(get('invalidMessage')));
  // Section and group are rows only when the form has sections / groups to choose from.
  f = put(f, 'section', shown('section') ? text(values.section) : original.section);
  f = put(f, 'group', shown('group') ? text(values.group) : original.group);
  f = put(f, 'span', num(get('span')));
  f = put(f, 'default', defaultFor(type, text(get('defaultValue'))));
  f = put(f, 'placeholder', text(get('placeholder')));
  f = put(f, 'help', text(get('help')));
  f = put(f, 'printLabel', text(get('printLabel')));
  f = put(f, 'hidden', flag(get('hidden')));
  f = put(f, 'disabled', flag(get('disabled')));
  return f;
}

// ---- the section panel --------------------------------------------------------------------------

export const sectionPanelDocument = (m: DesignerMessages): FormDocument => ({
  formCode: 'designerSectionProperties',
  formName: m.propsSection,
  version: 1,
  sections: [{ id: 'basic', title: m.propsSection, columns: 1 }],
  fields: [
    { fieldProp: 'sectionId', fieldLabel: m.sectionId, fieldType: 3, required: 1, section: 'basic' },
    { fieldProp: 'title', fieldLabel: m.sectionTitle, fieldType: 3, section: 'basic' },
    { fieldProp: 'columns', fieldLabel: m.columns, fieldType: 4, precision: 0, min: 1, max: 24, section: 'basic' },
  ],
});

export const sectionPanelValues = (s: SectionDef): FormValues => ({
  sectionId: s.id,
  title: s.title,
  ...(s.columns !== undefined && { columns: s.columns }),
});

export function fromSectionPanel(values: FormValues, original: SectionDef): SectionDef {
  const s: SectionDef = {
    ...original,
    id: typeof values.sectionId === 'string' ? values.sectionId : '',
    title: typeof values.title === 'string' ? values.title : '',
  };
  return put(s, 'columns', num(values.columns));
}

// ---- the form panel (name, description, source, placement) --------------------------------------

/**
 * The form panel. `crowdLabels` are the choices of the crowd-label select (crowd_label's items with
 * the carried ones, and the chosen labels nobody has: tenant-world.ts `crowdLabelChoices`); absent
 * or empty, the select asks the bundled code map of crowd_label.
 */
export function formPanelDocument(m: DesignerMessages, doc: FormDocument, crowdLabels?: FormOptionList['items']): FormDocument {
  const dateFields = doc.fields.filter((f) => f.fieldType === 5 && f.fieldLabel.trim() !== '');
  const options: Record<string, FormOptionList> = {
    kinds: { name: m.placementKind, items: FORM_KINDS.map((k) => ({ value: k, label: m.kindNames(k) })) },
    sexes: {
      name: m.sex,
      items: [
        { value: '1', label: m.male },
        { value: '2', label: m.female },
      ],
    },
    periods: {
      name: m.duePeriod,
      items: [
        { value: 'month', label: m.month },
        { value: 'quarter', label: m.quarter },
        { value: 'year', label: m.year },
      ],
    },
  };
  if (crowdLabels?.length) options[CROWD_LABEL_DICTIONARY] = { name: m.crowdLabels, items: crowdLabels };
  if (dateFields.length)
    options.dateFields = {
      name: m.dueField,
      items: dateFields.map((f) => ({ value: f.fieldProp, label: `${f.fieldLabel} (${f.fieldProp})` })),
    };
  const placed = 'hasValue(kind)';
  const dateField = (fieldProp: string, fieldLabel: string): FieldDef =>
    dateFields.length
      ? {
          fieldProp,
          fieldLabel,
          fieldType: 1,
          bizCode: 'dateFields',
          section: 'placement',
          reckons: [{ id: `${fieldProp}.show`, kind: 'display', scontent: placed }],
        }
      : {
          fieldProp,
          fieldLabel,
          fieldType: 3,
          section: 'placement',
          reckons: [{ id: `${fieldProp}.show`, kind: 'display', scontent: placed }],
        };
  return {
    formCode: 'designerFormProperties',
    formName: m.propsForm,
    version: 1,
    options,
    sections: [
      { id: 'basic', title: m.propsForm, columns: 1 },
      { id: 'placement', title: m.placement, columns: 1 },
    ],
    fields: [
      { fieldProp: 'formName', fieldLabel: m.formName, fieldType: 3, required: 1, section: 'basic' },
      { fieldProp: 'description', fieldLabel: m.description, fieldType: 6, section: 'basic' },
      { fieldProp: 'source', fieldLabel: m.source, fieldType: 3, section: 'basic' },
      { fieldProp: 'kind', fieldLabel: m.placementKind, fieldType: 1, bizCode: 'kinds', help: m.placementHelp, section: 'placement' },
      {
        fieldProp: 'crowdLabels',
        fieldLabel: m.crowdLabels,
        fieldType: 8,
        bizCode: CROWD_LABEL_DICTIONARY,
        help: m.crowdLabelsPickHelp,
        section: 'placement',
        reckons: [{ id: 'crowd.show', kind: 'display', scontent: placed }],
      },
      {
        fieldProp: 'sex',
        fieldLabel: m.sex,
        fieldType: 2,
        bizCode: 'sexes',
        section: 'placement',
        reckons: [{ id: 'sex.show', kind: 'display', scontent: placed }],
      },
      {
        fieldProp: 'minAge',
        fieldLabel: m.minAge,
        fieldType: 4,
        precision: 0,
        max: 150,
        section: 'placement',
        reckons: [{ id: 'minAge.show', kind: 'display', scontent: placed }],
      },
      {
        fieldProp: 'maxAge',
        fieldLabel: m.maxAge,
        fieldType: 4,
        precision: 0,
        max: 150,
        section: 'placement',
        reckons: [
          { id: 'maxAge.show', kind: 'display', scontent: placed },
          {
            id: 'age.order',
            kind: 'error',
            scontent: 'hasValue(minAge) and hasValue(maxAge)',
            tcontent: 'minAge > maxAge',
            errMsg: m.ageOrder,
          },
        ],
      },
      {
        fieldProp: 'menuTitle',
        fieldLabel: m.menuTitle,
        fieldType: 3,
        section: 'placement',
        reckons: [{ id: 'menuTitle.show', kind: 'display', scontent: placed }],
      },
      {
        fieldProp: 'menuOrder',
        fieldLabel: m.menuOrder,
        fieldType: 4,
        precision: 0,
        max: 9999,
        section: 'placement',
        reckons: [{ id: 'menuOrder.show', kind: 'display', scontent: `${placed} and hasValue(menuTitle)` }],
      },
      dateField('dueVisitField', m.dueVisitField),
      dateField('dueField', m.dueField),
      {
        fieldProp: 'dueInterval',
        fieldLabel: m.dueInterval,
        fieldType: 4,
        precision: 0,
        min: 1,
        max: 3660,
        section: 'placement',
        reckons: [{ id: 'dueInterval.show', kind: 'display', scontent: placed }],
      },
      {
        fieldProp: 'duePeriod',
        fieldLabel: m.duePeriod,
        fieldType: 1,
        bizCode: 'periods',
        section: 'placement',
        reckons: [{ id: 'duePeriod.show', kind: 'display', scontent: placed }],
      },
      {
        fieldProp: 'dueGestationWeeks',
        fieldLabel: m.dueGestationWeeks,
        fieldType: 3,
        regExp: GESTATION_WEEKS_TEXT.source,
        invalidMessage: m.dueGestationWeeksPattern,
        placeholder: '16-20, 21-24, 28-36, 37-40',
        section: 'placement',
        reckons: [{ id: 'dueGestationWeeks.show', kind: 'display', scontent: 'kind == "maternal"' }],
      },
    ],
  };
}

/** 按孕周到期 as the panel's text: windows of completed weeks "16-20, 21-24" (comma or 、 between). */
const GESTATION_WEEKS_TEXT = /^\s*\d{1,2}\s*-\s*\d{1,2}(\s*[,，、]\s*\d{1,2}\s*-\s*\d{1,2})*\s*$/;

const gestationWeeksText = (weeks: readonly [number, number][] | undefined): string | undefined =>
  weeks?.length ? weeks.map(([a, b]) => `${a}-${b}`).join(', ') : undefined;

function gestationWeeksOf(value: FieldValue | undefined): [number, number][] | undefined {
  const raw = text(value);
  if (!raw || !GESTATION_WEEKS_TEXT.test(raw)) return undefined;
  return raw.split(/[,，、]/).map((pair) => pair.split('-').map((n) => Number(n.trim())) as [number, number]);
}

export function formPanelValues(doc: FormDocument): FormValues {
  const p = doc.placement;
  const v: FormValues = {
    formName: doc.formName,
    description: doc.description,
    source: doc.source,
    kind: p?.kind,
    crowdLabels: p?.appliesTo?.crowdLabels?.length ? [...p.appliesTo.crowdLabels] : undefined,
    sex: p?.appliesTo?.sex,
    minAge: p?.appliesTo?.minAge,
    maxAge: p?.appliesTo?.maxAge,
    menuTitle: p?.menu?.title,
    menuOrder: p?.menu?.order,
    dueVisitField: p?.due?.visitField,
    dueField: p?.due?.field,
    dueInterval: p?.due?.intervalDays,
    duePeriod: p?.due?.period,
    dueGestationWeeks: gestationWeeksText(p?.due?.gestationWeeks),
  };
  for (const k of Object.keys(v)) if (v[k] === undefined) delete v[k];
  return v;
}

const compact = <T extends object>(obj: T): T | undefined => {
  const out = Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
  return Object.keys(out).length ? out : undefined;
};

export function fromFormPanel(values: FormValues, doc: FormDocument): FormDocument {
  let next: FormDocument = { ...doc, formName: typeof values.formName === 'string' ? values.formName : '' };
  next = put(next, 'description', text(values.description));
  next = put(next, 'source', text(values.source));
  const kind = text(values.kind) as FormKind | undefined;
  if (!kind) return put(next, 'placement', undefined);
  // A code list from the select; a text (comma separated) from older callers.
  const crowd = (Array.isArray(values.crowdLabels) ? values.crowdLabels : (text(values.crowdLabels)?.split(/[,，\s]+/) ?? []))
    .map((s) => String(s).trim())
    .filter((s) => s !== '');
  const sex = text(values.sex);
  const placement: FormPlacement = { ...(doc.placement ?? {}), kind };
  const appliesTo = compact({
    crowdLabels: crowd && crowd.length ? crowd : undefined,
    sex: sex === '1' || sex === '2' ? sex : undefined,
    minAge: num(values.minAge),
    maxAge: num(values.maxAge),
  });
  const menuTitle = text(values.menuTitle);
  const period = text(values.duePeriod);
  const due = compact({
    visitField: text(values.dueVisitField),
    field: text(values.dueField),
    intervalDays: num(values.dueInterval),
    period: period === 'month' || period === 'quarter' || period === 'year' ? period : undefined,
    gestationWeeks: kind === 'maternal' ? gestationWeeksOf(values.dueGestationWeeks) : undefined,
  });
  let p = put(placement, 'appliesTo', appliesTo);
  p = put(p, 'menu', menuTitle ? compact({ title: menuTitle, order: num(values.menuOrder) }) : undefined);
  p = put(p, 'due', due);
  return { ...next, placement: p };
}

// ---- the dictionary dialog (a dictionary carried with the form) -----------------------------------

const DICTIONARY_CODE = '^[A-Za-z][A-Za-z0-9_]{0,99}$';

/**
 * 新建字典 / 添加字典项: the dictionary's code (prefilled; fixed when the dictionary exists) and name,
 * both required; its items are the dialog's row editor, checked by the meta-schema and the compiler
 * as a form's own list (duplicate codes, empty labels).
 */
export const dictionaryDocument = (m: DesignerMessages, fixedCode: boolean): FormDocument => ({
  formCode: 'designerDictionary',
  formName: m.dictionaryTitle,
  version: 1,
  fields: [
    {
      fieldProp: 'code',
      fieldLabel: m.dictionaryCode,
      fieldType: 3,
      required: 1,
      regExp: DICTIONARY_CODE,
      invalidMessage: m.dictionaryCodePattern,
      ...(fixedCode && { disabled: true }),
    },
    { fieldProp: 'name', fieldLabel: m.dictionaryName, fieldType: 3, required: 1 },
  ],
});
