// What other domains may use of contracts/ (lint: a domain imports another only through its index.ts).
// The agreement's content is what the printed agreement (generate-pdf/protocol-service) fills in.
export { agreementContent, AGREEMENT_TITLE, type AgreementContent } from './services/agreement';
export { contractOf } from './services/contracts';
export { CONTRACT_STATE } from './repositories/contracts';
