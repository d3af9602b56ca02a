// The widget registry: Formily components by name. Field types 1–8 map through the engine's
// widgetFor (1 select, 2 radio, 3 input, 4 number, 5 date, 6 textarea, 7 checkbox-group,
// 8 multi-select); the clinical widgets are chosen per field by SchemaForm's `widgets` prop,
// because the form document has no widget key of its own.
import type { Field } from '@formily/core';
import { connect, mapProps, mapReadPretty, observer, useField } from '@formily/react';
import type { ComponentType, JSXElementConstructor } from 'react';
import { widgetFor, type DictOption, type FieldDef, type WidgetKind } from '../../engine';
import { BloodPressureInput } from './blood-pressure-input';
import { DateInput } from './date-input';
import { DateRangeInput } from './date-range-input';
import { DictCheckbox } from './dict-checkbox';
import { DictRadio } from './dict-radio';
import { DictMultiSelect, DictSelect } from './dict-select';
import { IdCardInput, type IdCardFill } from './id-card-input';
import { NumberUnitInput } from './number-unit-input';
import { ReadValue } from './read-value';
import { SearchSelect } from './search-select';
import { PasswordInput, TextAreaInput, TextInput } from './text-inputs';

export type ClinicalWidget = 'id-card' | 'blood-pressure' | 'date-range' | 'password' | 'search-select';
export type WidgetName = WidgetKind | ClinicalWidget;

/** Dictionary widgets take the options the engine filtered (field.dataSource). */
const withOptions = mapProps({ dataSource: 'options' });
const readWithOptions = mapReadPretty(
  connect(ReadValue as ComponentType<{ value?: unknown; options?: DictOption[] }>, mapProps({ dataSource: 'options' })),
);
const read = mapReadPretty(ReadValue);
/**
 * A radio also takes the engine's required state (field.data, set by FormRuntime; rules may change
 * it): a required single choice is not cleared by clicking the chosen option (widgets/dict-radio.tsx).
 */
const withRequired = mapProps((props: object, field) => ({
  ...props,
  required: ((field as Field).data as { required?: boolean } | undefined)?.required === true,
}));

/** Where the ID-card widget writes what it read from the number (field names of this form). */
export interface IdCardTargets {
  birthDate?: string;
  gender?: string;
  age?: string;
}

/** The ID-card widget in a form: a valid number fills birth date, sex and age through the engine. */
const IdCardField = observer(function IdCardField(props: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  targets?: IdCardTargets;
  now?: Date;
}) {
  const field = useField<Field>();
  const { targets, ...rest } = props;
  const fill = (f: IdCardFill) => {
    // setValuesIn goes through onFieldValueChange, so the engine sees these like typed values.
    if (targets?.birthDate) field.form.setValuesIn(targets.birthDate, f.birthDate);
    if (targets?.gender) field.form.setValuesIn(targets.gender, f.gender);
    if (targets?.age) field.form.setValuesIn(targets.age, f.age ?? undefined);
  };
  return <IdCardInput {...rest} disabled={field.disabled} onFill={fill} />;
});

/**
 * The blood-pressure widget in a form: bound to the systolic field, it edits the paired diastolic
 * field too and shows the grade for the patient's age (read from `ageField`).
 */
const BloodPressureField = observer(function BloodPressureField(props: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  diastolicField: string;
  ageField?: string;
  diabetic?: boolean;
}) {
  const field = useField<Field>();
  const values = field.form.values as Record<string, unknown>;
  const dbp = values[props.diastolicField];
  const age = props.ageField ? values[props.ageField] : undefined;
  return (
    <BloodPressureInput
      value={{ sbp: props.value ?? null, dbp: typeof dbp === 'number' ? dbp : null }}
      age={typeof age === 'number' ? age : null}
      diabetic={props.diabetic ?? false}
      disabled={field.disabled}
      onChange={(bp) => {
        if (bp.sbp !== (props.value ?? null)) props.onChange?.(bp.sbp);
        if (bp.dbp !== (typeof dbp === 'number' ? dbp : null)) field.form.setValuesIn(props.diastolicField, bp.dbp ?? undefined);
      }}
    />
  );
});

const BloodPressureRead = observer(function BloodPressureRead(props: { value?: number | null; diastolicField: string }) {
  const field = useField<Field>();
  const dbp = (field.form.values as Record<string, unknown>)[props.diastolicField];
  return <ReadValue value={props.value == null ? null : `${props.value}/${typeof dbp === 'number' ? dbp : ''} mmHg`} />;
});

// Formily's registry is untyped by props (JSXElementConstructor<any>): each entry's props differ.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const WIDGET_COMPONENTS: Record<WidgetName, JSXElementConstructor<any>> = {
  select: connect(DictSelect, withOptions, readWithOptions),
  radio: connect(DictRadio, withOptions, withRequired, readWithOptions),
  input: connect(TextInput, read),
  number: connect(NumberUnitInput, read),
  date: connect(DateInput, read),
  textarea: connect(TextAreaInput, read),
  'checkbox-group': connect(DictCheckbox, withOptions, readWithOptions),
  'multi-select': connect(DictMultiSelect, withOptions, readWithOptions),
  'id-card': connect(IdCardField, read),
  'blood-pressure': connect(BloodPressureField, mapReadPretty(BloodPressureRead)),
  'date-range': connect(DateRangeInput, read),
  // A type 3 field whose text is a secret (the profile's passwords): masked as typed, never shown back.
  password: connect(PasswordInput),
  // A type 3 field holding an id found by the host's search as the user types (新生儿建档's residents).
  'search-select': connect(SearchSelect, read),
};

/** A field's widget: the one named for it, else its type's. */
export function widgetNameFor(field: FieldDef, overrides?: Record<string, WidgetName>): WidgetName {
  return overrides?.[field.fieldProp] ?? widgetFor(field.fieldType);
}
