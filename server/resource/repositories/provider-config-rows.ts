// The storage and SMS configuration tables (blade_oss, blade_sms; spec 002 §7) have one shape: a
// tenant's rows, every statement narrowed by the caller's tenant id, a code unique among the live
// ones, an update over the version read, soft removal with who and when, at most one row on. The
// statements are written once here over the table named; resource/repositories/oss-configs.ts and
// sms-configs.ts give the table, its code column, its search filters and the columns of a write.
import { sql, type Insertable, type Kysely, type Selectable, type UpdateObject } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import type { FilterColumn } from '../../platform/repositories/crud-filters';
import {
  CONFIG_OFF,
  CONFIG_ON,
  createdBy,
  pageOfRows,
  softDeleteStamped,
  switchConfigOn,
  updateAtVersion,
  updatedBy,
  type ListQuery,
  type Stamp,
  type SwitchedTable,
} from '../../platform/repositories/resource-rows';

type Db = Kysely<Database>;

export interface ProviderConfigTable<T extends SwitchedTable, Write> {
  table: T;
  /** The column of the code a tenant's live rows do not share (oss_code, sms_code). */
  codeColumn: keyof Database[T] & string;
  /** The list call's search conditions (crud-filters.ts). */
  filters: Record<string, FilterColumn>;
  /** A write's values as the table's columns. */
  columns: (input: Write) => UpdateObject<Database, T>;
}

export function providerConfigRows<T extends SwitchedTable, Write>(spec: ProviderConfigTable<T, Write>) {
  type Row = Selectable<Database[T]>;
  // kysely types a statement over the union of the two tables; every statement here reads or writes
  // `spec.table` alone, so its rows are that table's.
  const table: SwitchedTable = spec.table;
  const live = (db: Db, tenantId: string) => db.selectFrom(table).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  const oneWhere = async (db: Db, tenantId: string, column: string, value: string | number) =>
    (await live(db, tenantId).selectAll().where(sql.ref(column), '=', value).executeTakeFirst()) as Row | undefined;

  return {
    /** The tenant's live configurations, a page of them. */
    list: async (db: Db, tenantId: string, query: ListQuery) => {
      const page = await pageOfRows(live(db, tenantId), query, spec.filters, (q) =>
        q.selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc'),
      );
      return { ...page, rows: page.rows as Row[] };
    },
    find: (db: Db, tenantId: string, id: string) => oneWhere(db, tenantId, 'id', id),
    findByCode: (db: Db, tenantId: string, code: string) => oneWhere(db, tenantId, spec.codeColumn, code),
    /** The tenant's enabled configuration, if any. */
    enabled: (db: Db, tenantId: string) => oneWhere(db, tenantId, 'status', CONFIG_ON),
    /** A new configuration, off; answers its id. */
    insert: async (db: Db, tenantId: string, input: Write, stamp: Stamp): Promise<string> => {
      const id = newId(stamp.time.getTime());
      const values = { id, tenant_id: tenantId, ...spec.columns(input), status: CONFIG_OFF, ...createdBy(stamp) };
      await db
        .insertInto(table)
        .values(values as Insertable<Database[SwitchedTable]>)
        .execute();
      return id;
    },
    /** Changes the row only if it is still at `rowVersion`; answers the new version, or undefined when it moved on. */
    update: (db: Db, tenantId: string, id: string, rowVersion: number, input: Write, stamp: Stamp): Promise<number | undefined> =>
      updateAtVersion(db, spec.table, tenantId, id, rowVersion, { ...spec.columns(input), ...updatedBy(stamp) }),
    /** Soft-deletes the tenant's live rows among `ids`; answers the ids removed. */
    softDelete: (db: Db, tenantId: string, ids: string[], stamp: Stamp): Promise<string[]> =>
      softDeleteStamped(db, table, tenantId, ids, stamp),
    /** Turns every other configuration of the tenant off and this one on (run in one transaction). */
    switchOn: (db: Db, tenantId: string, id: string, stamp: Stamp): Promise<void> => switchConfigOn(db, table, tenantId, id, stamp),
  };
}
