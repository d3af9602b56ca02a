// A template's recipe made into print blocks (pure): `{{name}}` placeholders filled from the printed
// data (an unknown one prints empty, as an empty row of a paper form), and the record blocks
// replaced by the records' own paper forms (server/printing's record print), each on its own page.
// Also what a recipe needs before it is drawn: which record blocks it has, which sensitive values.
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { PrintBlock, PrintDocument } from '../../printing/index';
import { ParamSchema, Recipe, type ParamSpec, type RecipeBlock } from '../../../src/shared/contract/print-templates';
import { Refusal } from '../../domain/errors';

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/g;

export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
}

export interface RecipeData {
  values: Readonly<Record<string, string>>;
  /** The record a `record` block prints (origin followup). */
  record?: PrintDocument;
  /** The records a `records` block prints, each filtered by the block's form codes. */
  records: readonly { formCode: string; doc: PrintDocument }[];
  /** The measurement report a `measure` block prints (origin measure). */
  measure?: readonly PrintBlock[];
}

function blockOf(b: RecipeBlock, v: Readonly<Record<string, string>>): PrintBlock {
  switch (b.kind) {
    case 'title':
      return { kind: 'title', text: fill(b.text, v), ...(b.size !== undefined && { size: b.size }) };
    case 'line':
      return {
        kind: 'line',
        text: fill(b.text, v),
        ...(b.right !== undefined && { right: fill(b.right, v) }),
        ...(b.size !== undefined && { size: b.size }),
      };
    case 'paragraph':
      return { kind: 'paragraph', text: fill(b.text, v), ...(b.size !== undefined && { size: b.size }) };
    case 'space':
      return { kind: 'space', height: b.height };
    case 'pageBreak':
      return { kind: 'pageBreak' };
    case 'table':
      return {
        kind: 'table',
        pairs: b.pairs,
        ...(b.headingWidth !== undefined && { headingWidth: b.headingWidth }),
        ...(b.labelWidth !== undefined && { labelWidth: b.labelWidth }),
        sections: b.sections.map((s) => ({
          ...(s.heading !== undefined && { heading: fill(s.heading, v) }),
          rows: s.rows.map((row) =>
            row.map((c) => ({ label: fill(c.label, v), value: fill(c.value, v), ...(c.span !== undefined && { span: c.span }) })),
          ),
        })),
      };
    default:
      throw new Error(`not a drawing block: ${b.kind}`);
  }
}

/** The recipe's blocks for one archive or record. */
export function recipeBlocks(recipe: Recipe, data: RecipeData): PrintBlock[] {
  const out: PrintBlock[] = [];
  for (const b of recipe.blocks) {
    if (b.kind === 'measure') {
      if (data.measure) out.push(...data.measure);
    } else if (b.kind === 'record') {
      if (data.record) out.push({ kind: 'pageBreak' }, ...data.record.blocks);
    } else if (b.kind === 'records') {
      const chosen = data.records.filter((r) => !b.formCodes?.length || b.formCodes.includes(r.formCode));
      if (chosen.length === 0)
        out.push({ kind: 'space', height: 8 }, { kind: 'line', text: `${data.values['printYear'] ?? ''}年度无服务记录` });
      for (const r of chosen) out.push({ kind: 'pageBreak' }, ...r.doc.blocks);
    } else out.push(blockOf(b, data.values));
  }
  return out;
}

/** The record blocks of a recipe: whether it prints one record, the year's records, and filled rows only. */
export function recordNeeds(recipe: Recipe): { record: boolean; records: boolean; filledOnly: boolean } {
  const record = recipe.blocks.some((b) => b.kind === 'record');
  const records = recipe.blocks.some((b) => b.kind === 'records');
  const filledOnly = recipe.blocks.some((b) => (b.kind === 'record' || b.kind === 'records') && b.filledOnly === true);
  return { record, records, filledOnly };
}

/** Every placeholder a recipe names (the fields it prints: its unmasked sensitive ones are audited). */
export function placeholdersOf(recipe: Recipe): Set<string> {
  const names = new Set<string>();
  const scan = (...texts: (string | undefined)[]) => {
    for (const s of texts) for (const m of (s ?? '').matchAll(PLACEHOLDER)) names.add(m[1]!);
  };
  for (const b of recipe.blocks) {
    if (b.kind === 'title' || b.kind === 'paragraph') scan(b.text);
    else if (b.kind === 'line') scan(b.text, b.right);
    else if (b.kind === 'table')
      for (const s of b.sections) {
        scan(s.heading);
        for (const c of s.rows.flat()) scan(c.label, c.value);
      }
  }
  return names;
}

/** The first problem of a value against a schema, as a path and ajv-style message. */
function firstError(schema: TSchema, value: unknown): string {
  const [e] = [...Value.Errors(schema, value)];
  return e ? `${e.instancePath || '/'} ${e.message}` : '';
}

/** JSON text or a value: parsed, else the refusal named. */
function parsed(value: unknown, what: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new Refusal(`${what}不是有效的 JSON`);
  }
}

/** A template's content checked as a recipe (JSON text or an object), else a clear 400. */
export function checkedRecipe(value: unknown): Recipe {
  const v = parsed(value, '模板内容');
  if (!Value.Check(Recipe, v)) throw new Refusal(`模板内容格式不正确：${firstError(Recipe, v)}`);
  return v;
}

/** A template's param schema checked (JSON text or a list), else a clear 400; names unique. */
export function checkedParamSchema(value: unknown): ParamSpec[] {
  const v = parsed(value, '参数配置');
  if (!Value.Check(ParamSchema, v)) throw new Refusal(`参数配置格式不正确：${firstError(ParamSchema, v)}`);
  const names = v.map((p) => p.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Refusal(`参数配置中参数重复：${twice}`);
  return v;
}
