// The preview's one call the runtime does not make elsewhere: a form's working copy (form/detail's
// document), found by code among the tenant's forms (form/newList). The document type is the
// engine's, which src/api may not import, so the call lives here.
import { getData } from '../../api/envelope';
import type { FormDocument } from '../../engine';

const BASE = '/api/blade-iph-business/form';

/** The working copy of the form with this code; null when the tenant has no such form. */
export async function getWorkingDocument(formCode: string): Promise<FormDocument | null> {
  const forms = await getData<{ id: string; formCode: string }[]>(`${BASE}/newList`, { meta: { silent: true, noLoading: true } });
  const form = forms.find((f) => f.formCode === formCode);
  if (!form) return null;
  const detail = await getData<{ document?: FormDocument | null }>(`${BASE}/detail`, {
    params: { id: form.id },
    meta: { silent: true, noLoading: true },
  });
  const doc = detail.document;
  return doc && Array.isArray(doc.fields) && doc.fields.length > 0 ? doc : null;
}
