// What other domains may use of measurements/ (lint: a domain imports another only through its index.ts):
// a report as its printout needs it (print-templates' origin measure, decision 0046).
export { measureForPrint, type MeasureForPrint, type IndicatorRange } from './services/measure-print-data';
