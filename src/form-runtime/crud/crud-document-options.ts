// Option lists of a CRUD document: a column's cell text and dialog choices, and a form-post
// action's choices. Loaded together, once per screen and language (SWR), and never fatal: a list
// the server cannot answer leaves the raw values showing.
import useSWR from 'swr';
import { getDictionary } from '../../api/dict';
import { getData } from '../../api/envelope';
import type { Lang } from '../../shared/i18n/define-messages';
import { codemapOptions } from '../bundled/bundled-codemaps';
import type { CrudDocument, CrudOptionSource } from './crud-document-types';
import { textOf } from './crud-document-text';
import type { CrudOption } from './crud-types';

type Row = Record<string, unknown>;

/** The rows of a list answer: an array (a tree) or a page's records, flattened with their children. */
export function flattenRows(answer: unknown): Row[] {
  const top = Array.isArray(answer)
    ? answer
    : Array.isArray((answer as { records?: unknown })?.records)
      ? (answer as { records: unknown[] }).records
      : [];
  const out: Row[] = [];
  const walk = (rows: unknown[]) => {
    for (const r of rows) {
      if (!r || typeof r !== 'object') continue;
      out.push(r as Row);
      const kids = (r as { children?: unknown }).children;
      if (Array.isArray(kids)) walk(kids);
    }
  };
  walk(top);
  return out;
}

export async function loadOptions(source: CrudOptionSource, lang: Lang): Promise<CrudOption[]> {
  if ('items' in source) return source.items.map((i) => ({ value: i.value, label: textOf(i.label, lang) }));
  if ('dict' in source) {
    const local = () => (codemapOptions(source.dict) ?? []).map((o) => ({ value: o.value, label: o.label }));
    try {
      const entries = await getDictionary(source.dict);
      return entries.length > 0 ? entries.map((e) => ({ value: String(e.dictKey), label: e.dictValue })) : local();
    } catch {
      return local();
    }
  }
  try {
    const valueProp = source.valueProp ?? 'id';
    const labelProp = source.labelProp ?? 'title';
    return flattenRows(await getData<unknown>(source.url, { meta: { silent: true } }))
      .filter((r) => r[valueProp] !== undefined && r[valueProp] !== null)
      .map((r) => ({ value: String(r[valueProp]), label: String(r[labelProp] ?? r[valueProp]) }));
  } catch {
    return [];
  }
}

/** Keys of the loaded lists: `col:<prop>` for a column, `act:<code>:<field>` for an action's field. */
export type DocumentOptions = Record<string, CrudOption[]>;

export function useDocumentOptions(doc: CrudDocument, lang: Lang): DocumentOptions {
  const sources: [string, CrudOptionSource][] = [
    ...doc.columns.flatMap((c): [string, CrudOptionSource][] => (c.options ? [[`col:${c.prop}`, c.options]] : [])),
    ...(doc.rowActions ?? []).flatMap((a): [string, CrudOptionSource][] =>
      a.kind === 'form-post'
        ? Object.entries(a.options ?? {}).map(([field, s]): [string, CrudOptionSource] => [`act:${a.code}:${field}`, s])
        : [],
    ),
  ];
  const { data } = useSWR(
    sources.length ? ['crud-options', doc.name, lang] : null,
    async () => Object.fromEntries(await Promise.all(sources.map(async ([key, s]) => [key, await loadOptions(s, lang)] as const))),
    { revalidateOnFocus: false },
  );
  return data ?? {};
}
