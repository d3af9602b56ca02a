// What other domains may use of statistics/ (lint: a domain imports another only through its index.ts).
export { KEY_POPULATIONS, INDICATOR_DEFINITIONS, monthPeriod } from './services/statistics';
