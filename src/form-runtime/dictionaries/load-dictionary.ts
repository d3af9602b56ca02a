// Dictionary options for fields of types 1, 2, 7 and 8: the tenant's business dictionary
// (dict-biz dictionary?code=), a field's own fieldUrl, or the bundled code maps (spec 002 §9).
// The server wins when it has entries: tenants may edit option texts (isAdmin 2). The code maps
// stand in when the server has none, fails, or when the form runs offline (stories, tests,
// bundled previews). A list the form carries itself (the document's `options`) comes before all
// of them and is never asked of the server: build-schema.ts hands it to the widget as its options,
// and useFormDictionaries leaves it out of the requests.
import { getDictionary, getFieldUrlOptions } from '../../api/dict';
import { fieldUrlParams, type DictOption } from '../../engine';
import { codemapOptions } from '../bundled/bundled-codemaps';
import type { DictionarySource } from '../widgets/widget-types';

/** One cache key per source: a bizCode or a url. */
export function dictionaryKey(source: DictionarySource): string | undefined {
  if (source.bizCode) return `biz:${source.bizCode}`;
  if (source.fieldUrl) return `url:${source.fieldUrl}`;
  return undefined;
}

/** What can be shown before (or without) asking the server. */
export function offlineOptions(source: DictionarySource): DictOption[] | undefined {
  return source.bizCode ? codemapOptions(source.bizCode) : undefined;
}

export async function loadDictionary(source: DictionarySource, offline: boolean): Promise<DictOption[] | undefined> {
  const local = offlineOptions(source);
  if (offline) return local;
  try {
    if (source.bizCode) {
      const entries = await getDictionary(source.bizCode);
      return entries.length > 0 ? entries.map((e) => ({ value: String(e.dictKey), label: e.dictValue })) : local;
    }
    // A url naming other fields is asked resolved, by the form (useFormDictionaries), never as written.
    if (source.fieldUrl && fieldUrlParams(source.fieldUrl).length === 0) return await getFieldUrlOptions(source.fieldUrl);
  } catch {
    // The request layer already logged it; an absent dictionary must not stop the form.
  }
  return local;
}
