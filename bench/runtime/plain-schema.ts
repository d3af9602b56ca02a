// The same 300 fields as a plain Formily ISchema, without the engine: each rule becomes a
// function x-reaction (functions, not '{{ }}' strings, so no eval here either), as a hand-written
// Formily form would do it.
import type { Field } from '@formily/core';
import type { ISchema } from '@formily/react';
import type { FieldDef, FormDocument } from '../../src/engine';
import { codemapOptions } from '../../src/form-runtime';

const COMPONENT: Record<number, string> = {
  1: 'Select',
  2: 'Radio.Group',
  3: 'Input',
  4: 'Input',
  5: 'DatePicker',
  6: 'Input.TextArea',
  7: 'Checkbox.Group',
  8: 'Select',
};

const hubValue = (field: Field): number => Number(field.query('hub').value() ?? NaN);

function reactionOf(f: FieldDef): ISchema['x-reactions'] {
  const r = f.reckons?.[0];
  if (!r) return undefined;
  if (r.kind === 'calc') {
    const k = Number(/\* (\d+)/.exec(r.tcontent ?? '')?.[1]);
    return (field: Field) => {
      const hub = hubValue(field);
      field.value = Number.isFinite(hub) ? hub * k : undefined;
    };
  }
  const over = Number(/> (\d+)/.exec(r.kind === 'display' ? (r.scontent ?? '') : (r.tcontent ?? ''))?.[1]);
  if (r.kind === 'display') return (field: Field) => void (field.display = hubValue(field) > over ? 'visible' : 'hidden');
  return (field: Field) => void (field.selfWarnings = hubValue(field) > over ? [r.errMsg ?? ''] : []);
}

/** How another subject differs: its own reactions, and the rows its display rules hide at first. */
export interface PlainOptions {
  reactionOf?: (f: FieldDef) => ISchema['x-reactions'];
  shown?: ReadonlySet<string>;
}

export function plainSchema(doc: FormDocument, options: PlainOptions = {}): ISchema {
  const reactions = options.reactionOf ?? reactionOf;
  const sections: Record<string, ISchema> = {};
  for (const s of doc.sections ?? [])
    sections[s.id] = {
      type: 'void',
      'x-component': 'FormGrid',
      'x-component-props': { maxColumns: s.columns ?? 1, minColumns: s.columns ?? 1 },
      properties: {},
    };
  doc.fields.forEach((f, i) => {
    const props: Record<string, unknown> = { 'aria-label': f.fieldLabel };
    if (f.fieldType === 8) props.mode = 'multiple';
    const schema: ISchema = {
      type: f.fieldType === 7 || f.fieldType === 8 ? 'array' : 'string',
      title: f.fieldLabel,
      'x-index': i,
      'x-decorator': 'FormItem',
      'x-decorator-props': { 'data-field': f.fieldProp },
      'x-component': COMPONENT[f.fieldType],
      'x-component-props': props,
      'x-disabled': f.disabled === true || f.reckons?.[0]?.kind === 'calc',
      'x-reactions': reactions(f),
    };
    if (options.shown && !options.shown.has(f.fieldProp)) schema['x-display'] = 'hidden';
    if (f.bizCode) schema.enum = codemapOptions(f.bizCode);
    (sections[f.section ?? ''] as { properties: Record<string, ISchema> }).properties[f.fieldProp] = schema;
  });
  return { type: 'object', properties: sections };
}
