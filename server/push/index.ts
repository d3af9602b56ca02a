// What other domains may use of push/ (lint: a domain imports another only through its index.ts):
// the spec's gwStatus of an outbox state, for a screen that shows a record's push status; pushTo, a
// record's push (again) through the outbox (健康教育's push-promotion).
export { gwStatusOf, pushTo } from './services/push-status';
export { PUSH_STATE, PUSH_STATE_TEXT, outboxOfSources } from './repositories/outbox';
