// Writing the next version of a form (publish and rollback): a version is its document, its cases
// and the dictionaries it carries, so a change of any writes one (issue 30: a cases-only change
// published nothing). content_hash keeps meaning the document's hash (the designer's working status
// and diff, the bundled import's "same files" test), and the cases and dictionaries are compared
// beside it. The carried dictionaries the tenant lacks are created in the same transaction.
import type { Kysely } from 'kysely';
import { canonicalJson, type FormDocument } from '../../../src/engine';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { Conflict } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { insertVersion, latestVersion, type FormVersionDb } from '../repositories/form-versions';
import { carriedOf, createCarriedDictionaries, type CarriedDictionaries } from './carried-dictionaries';
import { contentHash } from './form-canonical';

export interface PublishOutcome {
  version: FormVersionDb;
  /** False when the working copy equals the latest version (nothing new was written). */
  created: boolean;
  /** The tenant's business dictionaries were added to (its dictionary caches must be cleared). */
  dictionariesWritten: boolean;
}

/** Two stored JSON values (cases, dictionaries) the same, null and absent alike. */
export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** A version with the same document, cases and dictionaries as these. */
export const sameVersionContent = (
  version: Pick<FormVersionDb, 'content_hash' | 'cases' | 'dictionaries'>,
  hash: string,
  cases: unknown,
  dictionaries: unknown,
): boolean =>
  version.content_hash === hash && sameJson(version.cases, cases) && sameJson(carriedOf(version.dictionaries), carriedOf(dictionaries));

/**
 * Writes the next version unless the latest one has the same content; creates the carried
 * dictionaries the tenant lacks (either way: the tenant may have removed some since); `after` runs
 * in the same transaction with the version now current (new or not).
 */
export async function writeVersion(
  db: Kysely<Database>,
  tenantId: string,
  doc: FormDocument,
  meta: { source: 'publish' | 'rollback'; note: string | null; cases: unknown; dictionaries: CarriedDictionaries | undefined },
  actor: Actor,
  now: Date,
  after: (trx: Kysely<Database>, version: FormVersionDb, created: boolean) => Promise<void>,
): Promise<PublishOutcome> {
  const hash = contentHash(doc);
  try {
    return await inTransaction(db, async (trx) => {
      const latest = await latestVersion(trx, tenantId, doc.formCode);
      const unchanged = latest && sameVersionContent(latest, hash, meta.cases, meta.dictionaries) ? latest : undefined;
      const dictionariesWritten = await createCarriedDictionaries(trx, tenantId, meta.dictionaries, actor.userId, now);
      const version =
        unchanged ??
        (await insertVersion(
          trx,
          tenantId,
          doc,
          { contentHash: hash, source: meta.source, bundleHash: null, note: meta.note, cases: meta.cases, dictionaries: meta.dictionaries },
          actor,
          now,
        ));
      await after(trx, version, !unchanged);
      return { version, created: !unchanged, dictionariesWritten };
    });
  } catch (e) {
    // Another publish of the same form took the number first (unique key): say so instead of a 500.
    if (e instanceof Error && /unique|duplicate/i.test(e.message)) throw new Conflict('该表单正在被他人发布，请稍后重试');
    throw e;
  }
}
