// What the storage and SMS configurations share (blade-resource oss / sms, spec 002 §7): a
// tenant's rows, each with a code unique among its live rows; the dialog's own form checked before
// anything is written; keys sent back masked or empty keep the stored ones; "one enabled" switched
// in one transaction. resource/services/oss-configs.ts and sms-configs.ts give their table, categories,
// dialog and fields; what differs between them is only that.
import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import type { Stamp } from '../../platform/repositories/resource-rows';
import { checkDialog, dialogValues, type DialogFormCode } from '../../forms/index';
import { idsOf, keptSecret, requiredVersion, ROW_ID, staleRow, stampOf, trimmed } from './oss-admin-common';

type Db = Kysely<Database>;

/** The parts of a stored configuration this module reads. */
export interface ProviderConfigRow {
  id: string;
  category: number;
  access_key: string;
  secret_key: string;
  row_version: number;
  update_user_name: string;
  update_time: Date | null;
}

/** What a submit may send besides the kind's own fields. */
export interface ProviderConfigBody {
  id?: string;
  rowVersion?: number;
  category?: number;
  accessKey?: string;
  secretKey?: string;
}

/** The kind's table statements (resource/repositories/oss-configs.ts, sms-configs.ts), each narrowed by the tenant. */
export interface ProviderConfigStatements<Row, Write> {
  find: (db: Db, tenantId: string, id: string) => Promise<Row | undefined>;
  findByCode: (db: Db, tenantId: string, code: string) => Promise<Row | undefined>;
  insert: (db: Db, tenantId: string, input: Write, stamp: Stamp) => Promise<string>;
  /** The new version, or undefined when the row moved on from `rowVersion`. */
  update: (db: Db, tenantId: string, id: string, rowVersion: number, input: Write, stamp: Stamp) => Promise<number | undefined>;
  softDelete: (db: Db, tenantId: string, ids: string[], stamp: Stamp) => Promise<string[]>;
  switchOn: (db: Db, tenantId: string, id: string, stamp: Stamp) => Promise<void>;
}

export interface ProviderConfigKind<Row extends ProviderConfigRow, Write, Body extends ProviderConfigBody> {
  statements: ProviderConfigStatements<Row, Write>;
  categories: Readonly<Record<number, string>>;
  /** The category this server really has (the embedded storage, the console sender): it needs no keys. */
  embedded: number;
  /** The dialog's form (schemas/<code>.json + rules): its required fields and messages are the submit's. */
  dialog: DialogFormCode;
  /** The body's fields that form checks; `id` (a new row has none) is added here. */
  dialogFields: readonly (keyof Body & string)[];
  messages: {
    notFound: string;
    codeTaken: string;
    category: string;
    accessKey: string;
    secretKey: string;
    /** The answer of enable for a category this server only keeps as configuration. */
    configOnly: (categoryName: string) => string;
  };
  /** The row to store: the body's text trimmed, with the category and the keys already settled. */
  write: (body: Body, settled: { category: number; accessKey: string; secretKey: string }) => Write;
  codeOf: (input: Write) => string;
}

export function providerConfigs<Row extends ProviderConfigRow, Write, Body extends ProviderConfigBody>(
  kind: ProviderConfigKind<Row, Write, Body>,
) {
  const { statements: rows, messages } = kind;

  async function detail(db: Db, auth: AccessClaims, id: string): Promise<Row> {
    const row = await rows.find(db, auth.tenant_id, id);
    if (!row) throw new NotFound(messages.notFound);
    return row;
  }

  /** Creates (no id) or changes (id + the rowVersion read) a configuration; a new one starts off. */
  async function submit(db: Db, auth: AccessClaims, body: Body, now: Date) {
    const tenantId = auth.tenant_id;
    const id = trimmed(body.id);
    const current = id ? await rows.find(db, tenantId, id) : undefined;
    if (id && !current) throw new NotFound(messages.notFound);
    // The dialog's own rules, with its messages: what is required for the category, the keys only
    // for a new row (an edit that sends them back masked or empty keeps the stored ones).
    await checkDialog({ db, tenantId, now }, kind.dialog, dialogValues(body, ['id', ...kind.dialogFields]));
    const category = Number(body.category);
    if (!kind.categories[category]) throw new Refusal(messages.category);
    const accessKey = keptSecret(body.accessKey, current?.access_key ?? '');
    const secretKey = keptSecret(body.secretKey, current?.secret_key ?? '');
    // An edit into a provider's category keeps keys only if there were any: none is the same refusal.
    if (category !== kind.embedded && !accessKey) throw new Refusal(messages.accessKey);
    if (category !== kind.embedded && !secretKey) throw new Refusal(messages.secretKey);
    const input = kind.write(body, { category, accessKey, secretKey });
    const clash = await rows.findByCode(db, tenantId, kind.codeOf(input));
    if (clash && clash.id !== id) throw new Refusal(messages.codeTaken);
    if (!current) return { id: await rows.insert(db, tenantId, input, stampOf(auth, now)), created: true };
    const next = await rows.update(db, tenantId, current.id, requiredVersion(body.rowVersion), input, stampOf(auth, now));
    if (next === undefined) throw staleRow((await rows.find(db, tenantId, current.id)) ?? current);
    return { id: current.id, created: false, rowVersion: next };
  }

  /** All or nothing: an id that is not a live configuration of the tenant is 404 and nothing is removed. */
  async function remove(db: Db, auth: AccessClaims, rawIds: string, now: Date): Promise<void> {
    const ids = idsOf(rawIds, ROW_ID);
    await inTransaction(db, async (trx) => {
      const removed = await rows.softDelete(trx, auth.tenant_id, ids, stampOf(auth, now));
      if (removed.length !== ids.length) throw new NotFound(messages.notFound);
    });
  }

  /** Turns this configuration on and every other of the tenant off; answers the message to show. */
  async function enable(db: Db, auth: AccessClaims, id: string, now: Date): Promise<string> {
    const row = await detail(db, auth, id);
    await inTransaction(db, (trx) => rows.switchOn(trx, auth.tenant_id, row.id, stampOf(auth, now)));
    return row.category === kind.embedded ? '操作成功' : messages.configOnly(kind.categories[row.category] ?? '');
  }

  return { detail, submit, remove, enable };
}
