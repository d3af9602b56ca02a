// What other domains may use of resource-documents/ (lint: a domain imports another only through its index.ts).
export { readResourceDocuments, type ResourceDocument } from './services/resource-documents';
export { resourceDetail, resourceView, submitResource, type ResourceView } from './services/resource-rows';
export { viewSchema } from './services/resource-schemas';
export { importSheetRows, readSheetRows, sheetRowBody, IMPORT_MESSAGES, type SheetRow } from './services/resource-import';
