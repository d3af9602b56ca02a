// The form document as a Formily ISchema: layout only. Titles and props are plain data — no
// '{{ }}' expressions and no x-reactions — because every rule runs in the engine (engine-runtime.ts).
import type { ISchema } from '@formily/react';
import { fieldPrompt, formOptionList, usesFormOptions, type FieldDef, type FormDocument } from '../../engine';
import { widgetNameFor, type WidgetName } from '../widgets/registry';

export interface BuildOptions {
  widgets?: Record<string, WidgetName>;
  widgetProps?: Record<string, Record<string, unknown>>;
}

const DEFAULT_SECTION = '__form';

function valueType(f: FieldDef): ISchema['type'] {
  if (f.fieldType === 4) return 'number';
  if (f.fieldType === 7 || f.fieldType === 8) return 'array';
  return 'string';
}

/** Fields another widget edits (the diastolic field of a blood-pressure widget): kept, not shown. */
function absorbedFields(options: BuildOptions): Set<string> {
  const out = new Set<string>();
  for (const [prop, name] of Object.entries(options.widgets ?? {})) {
    const d = options.widgetProps?.[prop]?.diastolicField;
    if (name === 'blood-pressure' && typeof d === 'string') out.add(d);
  }
  return out;
}

function fieldSchema(doc: FormDocument, f: FieldDef, index: number, options: BuildOptions, absorbed: Set<string>): ISchema {
  const props: Record<string, unknown> = { placeholder: fieldPrompt(f), 'aria-label': f.fieldLabel };
  if (f.unit !== undefined) props.unit = f.unit;
  // A box the document gives a longer limit than its widget's default (a JSON recipe).
  if (f.maxLength !== undefined) props.maxLength = f.maxLength;
  // A list the form carries itself is the widget's options from the start: nothing to load.
  if (usesFormOptions(doc, f)) props.options = formOptionList(doc, f.bizCode);
  else if (f.bizCode !== undefined || f.fieldUrl !== undefined) props.dictionary = { bizCode: f.bizCode, fieldUrl: f.fieldUrl };
  return {
    type: valueType(f),
    title: f.fieldLabel,
    'x-index': index,
    'x-decorator': 'EngineItem',
    'x-decorator-props': {
      gridSpan: f.span ?? 1,
      unit: f.unit,
      absorbed: absorbed.has(f.fieldProp),
      ...(f.help !== undefined && { help: f.help }),
    },
    'x-component': widgetNameFor(f, options.widgets),
    'x-component-props': { ...props, ...(options.widgetProps?.[f.fieldProp] ?? {}) },
  };
}

export function buildSchema(doc: FormDocument, options: BuildOptions = {}): ISchema {
  const absorbed = absorbedFields(options);
  const sections = new Map<
    string,
    { title?: string; columns: number; groups: Map<string, string>; properties: Record<string, ISchema>; index: number }
  >();
  (doc.sections ?? []).forEach((s, i) => {
    sections.set(s.id, {
      title: s.title,
      columns: s.columns ?? 1,
      groups: new Map((s.groups ?? []).map((g) => [g.id, g.title])),
      properties: {},
      index: i,
    });
  });
  doc.fields.forEach((f, i) => {
    const sectionId = f.section ?? DEFAULT_SECTION;
    let section = sections.get(sectionId);
    if (!section) {
      section = { columns: 1, groups: new Map(), properties: {}, index: sections.size };
      sections.set(sectionId, section);
    }
    const schema = fieldSchema(doc, f, i, options, absorbed);
    if (f.group === undefined) {
      section.properties[f.fieldProp] = schema;
      return;
    }
    // A group sits where its first field is, across the section's full width, with its own grid.
    const key = `${sectionId}__${f.group}`;
    const group = (section.properties[key] ??= {
      type: 'void',
      'x-index': i,
      'x-component': 'FormGroup',
      'x-component-props': { title: section.groups.get(f.group) ?? f.group, columns: section.columns, id: f.group },
      properties: {},
    });
    (group.properties as Record<string, ISchema>)[f.fieldProp] = schema;
  });
  const properties: Record<string, ISchema> = {};
  for (const [id, s] of sections) {
    if (Object.keys(s.properties).length === 0) continue;
    properties[id] = {
      type: 'void',
      'x-index': s.index,
      'x-component': 'FormSection',
      'x-component-props': { title: s.title, columns: s.columns, id },
      properties: s.properties,
    };
  }
  return { type: 'object', properties };
}
