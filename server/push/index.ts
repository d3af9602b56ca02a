// What other domains may use of push/ (lint: a domain imports another only through its index.ts):
// the spec's gwStatus of an outbox state, for a screen that shows a record's push status.
export { gwStatusOf } from './services/push-status';
export { PUSH_STATE, PUSH_STATE_TEXT, outboxOfSources } from './repositories/outbox';
