import useSWR from 'swr';
import { getFormVersion } from '../../api/forms';
import type { FormDocument } from '../../engine';
import { bundledForm } from '../bundled/bundled-forms';

/** server: the registry only; bundled: the files shipped with the app; auto: server, then bundled. */
export type FormSource = 'auto' | 'server' | 'bundled';

export interface LoadedDocument {
  doc?: FormDocument;
  origin?: 'server' | 'bundled' | 'given';
  loading: boolean;
  /** 'missing' when neither place has the form (or that version of it). */
  error?: 'missing';
}

async function fetchFromServer(formCode: string, version: number | undefined): Promise<FormDocument | null> {
  try {
    const doc = await getFormVersion<FormDocument>(formCode, version);
    return doc && Array.isArray(doc.fields) && doc.fields.length > 0 ? doc : null;
  } catch {
    // No registry, no such form or a network failure: the caller decides whether bundled may stand in.
    return null;
  }
}

/**
 * The document of a form through SWR. A saved record passes its version, so it opens with the
 * rules it was filled with; the bundled file stands in only when it is that same version.
 */
export function useFormDocument(formCode: string, version: number | undefined, source: FormSource, given?: FormDocument): LoadedDocument {
  const askServer = !given && source !== 'bundled';
  const { data, isLoading } = useSWR(
    askServer ? ['form-document', formCode, version ?? 'latest'] : null,
    () => fetchFromServer(formCode, version),
    {
      revalidateOnFocus: false,
      revalidateIfStale: false,
    },
  );
  if (given) return { doc: given, origin: 'given', loading: false };
  if (askServer && isLoading) return { loading: true };
  if (data) return { doc: data, origin: 'server', loading: false };
  if (source === 'server') return { loading: false, error: 'missing' };
  const bundled = bundledForm(formCode, version);
  return bundled ? { doc: bundled, origin: 'bundled', loading: false } : { loading: false, error: 'missing' };
}
