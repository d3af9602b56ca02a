// What other domains may use of catalogue/ (lint: a domain imports another only through its index.ts).
export { findDrugsByText, type DrugRow } from './repositories/drugs';
export { findPacks, findPacksByIds, findProjectsOfPacks, type ServicePackRow, type ServiceProjectRow } from './repositories/service-packs';
