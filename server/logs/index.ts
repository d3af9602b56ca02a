// What other domains may use of logs/ (lint: a domain imports another only through its index.ts).
export { hideLogRows } from './repositories/log-removals';
