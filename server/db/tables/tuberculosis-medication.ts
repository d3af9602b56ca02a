import type { ColumnType } from 'kysely';

/** One dose day of the medication card: taken, or missed. */
export interface MedicationDose {
  date: string;
  taken: boolean;
}

/** Table of migration 010-tuberculosis-medication: one medication card per archive. */
export interface TuberculosisMedicationTable {
  id: string;
  tenant_id: string;
  arch_id: string;
  regimen: string;
  /** A date column: PGlite and pg read it as a Date (or a string); written as yyyy-MM-dd. */
  start_date: ColumnType<Date | string | null, string | null, string | null>;
  supervisor: string;
  doses: ColumnType<MedicationDose[] | string, unknown, unknown>;
  row_version: number;
  create_user: string;
  create_time: ColumnType<Date, Date, Date>;
  update_user: string;
  update_user_name: string;
  update_time: ColumnType<Date, Date, Date>;
}

export interface TuberculosisTables {
  tuberculosis_medication: TuberculosisMedicationTable;
}
