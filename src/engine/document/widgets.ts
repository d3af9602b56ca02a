import type { FieldType } from '../types';

export type WidgetKind = 'select' | 'radio' | 'input' | 'number' | 'date' | 'textarea' | 'checkbox-group' | 'multi-select';

/** The widget for each spec field type (the form runtime maps these onto antd components). */
const WIDGETS: Readonly<Record<FieldType, WidgetKind>> = {
  1: 'select',
  2: 'radio',
  3: 'input',
  4: 'number',
  5: 'date',
  6: 'textarea',
  7: 'checkbox-group',
  8: 'multi-select',
};

export function widgetFor(type: FieldType): WidgetKind {
  return WIDGETS[type];
}
