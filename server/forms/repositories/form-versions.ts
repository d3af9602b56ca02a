// Published versions: insert-only (a trigger refuses UPDATE and DELETE on form_version).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { FormDocument, FormPlacement } from '../../../src/engine';
import { newId } from '../../db/ids';
import type { Database, FormVersionTable } from '../../db/schema';
import { jsonb } from '../../platform/repositories/form-json';
import type { Actor } from '../../domain/actor';

export type FormVersionDb = Omit<Selectable<FormVersionTable>, 'document'> & { document: FormDocument };

export async function latestVersion(db: Kysely<Database>, tenantId: string, formCode: string): Promise<FormVersionDb | undefined> {
  return (await db
    .selectFrom('form_version')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('form_code', '=', formCode)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst()) as FormVersionDb | undefined;
}

/** The latest published version number of a form, without its document. */
export async function latestVersionNumber(db: Kysely<Database>, tenantId: string, formCode: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('form_version')
    .select((eb) => eb.fn.max<number>('version').as('v'))
    .where('tenant_id', '=', tenantId)
    .where('form_code', '=', formCode)
    .executeTakeFirst();
  return row?.v == null ? undefined : Number(row.v);
}

export async function findVersion(
  db: Kysely<Database>,
  tenantId: string,
  formCode: string,
  version: number,
): Promise<FormVersionDb | undefined> {
  return (await db
    .selectFrom('form_version')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('form_code', '=', formCode)
    .where('version', '=', version)
    .executeTakeFirst()) as FormVersionDb | undefined;
}

export async function listVersions(db: Kysely<Database>, tenantId: string, formCode: string) {
  return db
    .selectFrom('form_version')
    .select(['version', 'source', 'content_hash', 'published_by', 'published_by_name', 'published_at', 'note'])
    .where('tenant_id', '=', tenantId)
    .where('form_code', '=', formCode)
    .orderBy('version', 'desc')
    .execute();
}

/** The latest version number of every published form of the tenant. */
export async function latestVersionNumbers(db: Kysely<Database>, tenantId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('form_version')
    .select(['form_code', (eb) => eb.fn.max<number>('version').as('v')])
    .where('tenant_id', '=', tenantId)
    .groupBy('form_code')
    .execute();
  return new Map(rows.map((r) => [r.form_code, Number(r.v)]));
}

export async function bundleImported(db: Kysely<Database>, tenantId: string, formCode: string, bundleHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('form_version')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('form_code', '=', formCode)
    .where('bundle_hash', '=', bundleHash)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

const hasEntries = (v: unknown): boolean => !!v && typeof v === 'object' && Object.keys(v).length > 0;

/**
 * Writes the next version. Two publishes racing for one number both try it; the unique key
 * (tenant, form, version) lets one win and the other fails rather than overwrite.
 */
export async function insertVersion(
  db: Kysely<Database>,
  tenantId: string,
  doc: FormDocument,
  meta: {
    contentHash: string;
    source: 'bundled' | 'publish' | 'rollback';
    bundleHash: string | null;
    note?: string | null;
    cases?: unknown;
    /** The dictionaries the form carries (a DictsFile's map); absent or empty: none. */
    dictionaries?: unknown;
  },
  actor: Actor,
  now: Date,
): Promise<FormVersionDb> {
  const latest = await latestVersion(db, tenantId, doc.formCode);
  const version = (latest?.version ?? 0) + 1;
  const stored: FormDocument = { ...doc, version };
  await db
    .insertInto('form_version')
    .values({
      id: newId(now.getTime()),
      tenant_id: tenantId,
      form_code: doc.formCode,
      version,
      document: jsonb(stored),
      content_hash: meta.contentHash,
      source: meta.source,
      bundle_hash: meta.bundleHash,
      published_by: actor.userId,
      published_by_name: actor.userName,
      published_at: now,
      note: meta.note ?? null,
      ...(meta.cases !== undefined && meta.cases !== null && { cases: jsonb(meta.cases) }),
      ...(hasEntries(meta.dictionaries) && { dictionaries: jsonb(meta.dictionaries) }),
    })
    .execute();
  return (await findVersion(db, tenantId, doc.formCode, version))!;
}

/** What the working status compares of a form's latest version: its document's hash, its cases and dictionaries. */
export type LatestContent = Pick<FormVersionDb, 'version' | 'content_hash' | 'cases' | 'dictionaries'>;

/** The latest published version of each form (by form code), without the documents: one statement. */
export async function latestContents(db: Kysely<Database>, tenantId: string, formCodes: string[]): Promise<Map<string, LatestContent>> {
  if (formCodes.length === 0) return new Map();
  const rows = await db
    .selectFrom('form_version')
    .distinctOn('form_code')
    .select(['form_code', 'version', 'content_hash', 'cases', 'dictionaries'])
    .where('tenant_id', '=', tenantId)
    .where('form_code', 'in', formCodes)
    .orderBy('form_code')
    .orderBy('version', 'desc')
    .execute();
  return new Map(rows.map(({ form_code, ...r }) => [form_code, r]));
}

/** The content hash of the latest version imported from the bundled files (schemas/ + rules/), if any. */
export async function lastBundledContentHash(db: Kysely<Database>, tenantId: string, formCode: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('form_version')
    .select('content_hash')
    .where('tenant_id', '=', tenantId)
    .where('form_code', '=', formCode)
    .where('source', '=', 'bundled')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.content_hash;
}

export interface LatestPlacementRow {
  formCode: string;
  formName: string;
  version: number;
  placement?: FormPlacement;
}

/**
 * The latest version of each of the tenant's published forms with its name and placement (the
 * documents stay in the database: only those two travel).
 */
export async function latestPlacements(db: Kysely<Database>, tenantId: string): Promise<LatestPlacementRow[]> {
  const rows = await sql<{ form_code: string; version: number; form_name: string | null; placement: FormPlacement | string | null }>`
    select distinct on (form_code) form_code, version, document->>'formName' as form_name, document->'placement' as placement
    from form_version where tenant_id = ${tenantId}
    order by form_code, version desc`.execute(db);
  return rows.rows.map((r) => {
    const placement = typeof r.placement === 'string' ? (JSON.parse(r.placement) as FormPlacement | null) : r.placement;
    return { formCode: r.form_code, formName: r.form_name ?? r.form_code, version: Number(r.version), ...(placement ? { placement } : {}) };
  });
}
