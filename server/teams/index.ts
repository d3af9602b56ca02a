// What other domains may use of teams/ (lint: a domain imports another only through its index.ts).
export { membersOf, type MemberRow } from './repositories/teams';
