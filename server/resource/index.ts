// What other domains may use of resource/ (lint: a domain imports another only through its index.ts).
export { findAttachment, insertAttachment } from './repositories/attachments';
