// Wire shapes of the administration screens (spec 002 §3, §7) that the server answers and the web
// app reads: one definition, so the two cannot drift apart.

// The dictionary and parameter rows are TypeBox schemas of the dicts contract, which the server's
// routes serialise with; their names stay importable from here.
export type { DictRowWire, SystemParamWire } from './contract/dicts';

/** One exported column of the export request (spec 002 §3). */
export interface ExportColumnWire {
  label: string;
  prop: string;
  colspan?: number;
  rowspan?: number;
  type?: string;
  multiple?: boolean;
  format?: string;
  dicData?: { label: string; value: string | number }[];
}
