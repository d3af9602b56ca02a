// The resource documents of this server: every schemas/crud/*.crud.json with a `resource` block (under
// FORMS_DIR when set, as the forms), read once when the routes are made. A block that does not hold
// together stops the start with its problems named — its names reach SQL, so none is trusted unchecked.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resourceBlockProblems, type ResourceBlock } from '../../../src/shared/resource/resource-block';
import type { FilterColumn } from '../../platform/repositories/crud-filters';

export interface ResourceDocument {
  /** The CRUD document's name (schemas/crud/<name>.crud.json). */
  name: string;
  block: ResourceBlock;
}

/** Read once per forms root: the generic routes and every family's named handlers ask for the same documents at start. */
const readByRoot = new Map<string, ResourceDocument[]>();

/** The documents with a resource block in `<root>/schemas/crud`, in name order; throws naming every problem. */
export function readResourceDocuments(root: string): ResourceDocument[] {
  const known = readByRoot.get(root);
  if (known) return known;
  const read = readDocuments(root);
  readByRoot.set(root, read);
  return read;
}

function readDocuments(root: string): ResourceDocument[] {
  const dir = path.join(root, 'schemas', 'crud');
  if (!existsSync(dir)) return [];
  const out: ResourceDocument[] = [];
  const problems: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.crud.json'))
    .sort()) {
    const doc = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { name?: string; resource?: ResourceBlock };
    if (!doc.resource) continue;
    const name = doc.name ?? file.replace(/\.crud\.json$/, '');
    problems.push(...resourceBlockProblems(`schemas/crud/${file}`, doc.resource));
    out.push({ name, block: doc.resource });
  }
  const paths = out.map((d) => d.block.path);
  const twice = paths.find((p, i) => paths.indexOf(p) !== i);
  if (twice) problems.push(`资源路径 ${twice} 被两个文档使用`);
  if (problems.length) throw new Error(`资源文档有误:\n${problems.join('\n')}`);
  return out;
}

const FILTER_KIND = { text: 'text', id: 'text', integer: 'number', number: 'number', date: 'date' } as const;

/** The list's search columns: the properties the document lets it filter on, with their columns. */
export function filterColumns(block: ResourceBlock): Record<string, FilterColumn> {
  const out: Record<string, FilterColumn> = {};
  for (const [prop, c] of Object.entries(block.columns)) if (c.filter) out[prop] = { column: c.column, kind: FILTER_KIND[c.type] };
  return out;
}
