/**
 * The columns every resource-document table declares besides its id, its tenant and its own columns
 * — the ones the generic resource routes write themselves (server/resource-documents; STANDARD_COLUMNS
 * in src/shared/resource/resource-block.ts): soft removal, the row version and who changed it when.
 * Migrations put it at the end of their CREATE TABLE. Frozen: a migration that ran must keep making
 * the same table, so a later change of these columns is a new migration, never an edit here.
 */
export const RESOURCE_ROW_COLUMNS = `is_deleted integer NOT NULL DEFAULT 0,
      row_version integer NOT NULL DEFAULT 1,
      create_user text,
      create_time timestamptz NOT NULL DEFAULT now(),
      update_user text,
      update_time timestamptz`;
