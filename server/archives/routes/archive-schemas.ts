/** Schemas of the archive routes, from the contract (fastify validates with them and serialises the answers). */
import {
  ArchiveCancelBody,
  ArchiveCancelManyBody,
  ArchiveIdQuery,
  ArchiveListQuery,
  ArchiveRestoreBody,
  ArchiveRestoreManyBody,
  ArchiveSaveBody,
  archiveAnswers as answers,
  IdCardQuery,
} from '../../../src/shared/contract/archives';

export const listSchema = { querystring: ArchiveListQuery, response: { 200: answers.archivePage } };

export const detailSchema = { querystring: ArchiveIdQuery, response: { 200: answers.archive } };

export const historySchema = { querystring: ArchiveIdQuery, response: { 200: answers.history } };

export const idCardSchema = { querystring: IdCardQuery, response: { 200: answers.archiveOrNull } };

export const saveSchema = { body: ArchiveSaveBody, response: { 200: answers.archive } };

export const cancelSchema = { body: ArchiveCancelBody, response: { 200: answers.changedIds } };

export const cancelManySchema = { body: ArchiveCancelManyBody, response: { 200: answers.changedIds } };

export const restoreSchema = { body: ArchiveRestoreBody, response: { 200: answers.changedIds } };

export const restoreManySchema = { body: ArchiveRestoreManyBody, response: { 200: answers.changedIds } };
