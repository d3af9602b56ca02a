// codemaps/ as the web app bundles it: every *.json of the folder (the meta-schema left out), found by
// Vite at build time, so a new file needs no code. The engine takes the files as data (it may not
// glob: the server runs it under tsx); the server reads the same folder with fs (server/forms/services/codemaps.ts).
import {
  dictionaryText,
  formDictionaryLookup,
  loadCodemaps,
  type Codemaps,
  type DictionaryLookup,
  type FieldDef,
  type FieldValue,
  type FormDocument,
} from '../../engine';

const files = import.meta.glob<unknown>(['../../../codemaps/*.json', '!../../../codemaps/*.schema.json'], {
  eager: true,
  import: 'default',
});

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Built once when the module loads; the files never change while the app runs. */
export const BUNDLED_CODEMAPS: Codemaps = loadCodemaps(
  Object.fromEntries(Object.entries(files).map(([path, content]) => [baseName(path), content])),
);

export const codemap = BUNDLED_CODEMAPS.codemap;
export const codeLabel = BUNDLED_CODEMAPS.codeLabel;
export const codeLabels = BUNDLED_CODEMAPS.codeLabels;
export const codemapOptions = BUNDLED_CODEMAPS.codemapOptions;
export const bandOf = BUNDLED_CODEMAPS.bandOf;

/** The code maps alone as a lookup: what a form has before (or without) the server's dictionaries. */
export const codemapLookup: DictionaryLookup = BUNDLED_CODEMAPS.withFallback();

/**
 * What a list, the history panel or print shows for a field's value: labels from the form's own
 * option lists, else the given dictionaries, else the code maps (document/option-lists.ts).
 */
export function fieldText(
  doc: Pick<FormDocument, 'options'> | undefined,
  field: FieldDef,
  value: FieldValue | undefined,
  dictionaries?: DictionaryLookup,
): string | undefined {
  return dictionaryText(field, value, formDictionaryLookup(doc, dictionaries, BUNDLED_CODEMAPS));
}
