// What other domains may use of families/ (lint: a domain imports another only through its index.ts).
export { takeOutOfFamilies } from './services/family-members';
