import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

/** A `date` column: read as its text 'yyyy-MM-dd' (db/open.ts), written as the same. */
type Day = ColumnType<string | null, string | null | undefined, string | null>;

/**
 * Table of migration 056-archives-other: a resident's maternal (one pregnancy) or child case, its id
 * the otherId of the programme's form records. status '1' 在管, '2' 结案, '3' 已注销.
 */
export interface ArchivesOtherTable {
  id: string;
  tenant_id: string;
  arch_id: string;
  kind: 'maternal' | 'child';
  archive_no: Generated<string>;
  barcode: Generated<string>;
  rest_region: Generated<string>;
  status: Generated<'1' | '2' | '3'>;
  close_date: Day;
  close_reason: Generated<string>;
  cancel_reason: Generated<string>;
  cancel_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  doctor_id: string | null;
  doctor_name: Generated<string>;
  unit_name: Generated<string>;
  lmp: Day;
  due_date: Day;
  gravidity: number | null;
  parity: number | null;
  risk_color: Generated<'' | 'green' | 'yellow' | 'orange' | 'red' | 'purple'>;
  /** 1 when the newest grading ticked a purple (infectious) factor: shown beside the colour (migration 060). */
  risk_infectious: Generated<number>;
  delivery_date: Day;
  birth_date: Day;
  /** numeric(4,2): pg reads it as text; written as a number or its text. */
  birth_weight: ColumnType<string | number | null, number | string | null | undefined, number | string | null>;
  child_sex: Generated<string>;
  mother_arch_id: string | null;
  high_risk: Generated<number>;
  is_deleted: Generated<number>;
  row_version: Generated<number>;
  create_user: string | null;
  create_time: Generated<Timestamp>;
  update_user: string | null;
  update_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ArchivesOtherTables {
  iph_user_archives_other: ArchivesOtherTable;
}
