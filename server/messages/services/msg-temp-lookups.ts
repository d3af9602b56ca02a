// The message templates' lookups (spec 001 §7 msgtemp/list-msg-temp, list-msg-temp-dis).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { resourceView, type ResourceDocument, type ResourceView } from '../../resource-documents/index';
import { findEnabledTemplates } from '../repositories/msg-temps';

/** How many templates a lookup answers at most. */
export const TEMPLATE_LOOKUP_LIMIT = 200;

export interface TemplateQuery {
  category?: string;
  title?: string;
}

/** list-msg-temp: the tenant's enabled templates (of a category, whose title contains the text), as the CRUD list's rows. */
export async function enabledTemplates(
  db: Kysely<Database>,
  document: ResourceDocument,
  tenantId: string,
  q: TemplateQuery,
): Promise<ResourceView[]> {
  const rows = await findEnabledTemplates(
    db,
    tenantId,
    q.category?.trim() || undefined,
    q.title?.trim() || undefined,
    TEMPLATE_LOOKUP_LIMIT,
  );
  return rows.map((r) => resourceView(document.block, r));
}

/** list-msg-temp-dis: the same templates as dictionary items {label: title, value: id} with their category and content. */
export async function templateChoices(db: Kysely<Database>, document: ResourceDocument, tenantId: string, q: TemplateQuery) {
  return (await enabledTemplates(db, document, tenantId, q)).map((t) => ({
    label: String(t.title),
    value: t.id,
    category: String(t.category),
    content: String(t.content),
  }));
}
