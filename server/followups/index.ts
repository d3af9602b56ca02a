// What other domains may use of followups/ (lint: a domain imports another only through its index.ts).
export type { FormPath } from './services/form-path';
