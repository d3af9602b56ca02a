import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * request_idempotency.payload_hash: the SHA-256 of what was submitted under a client request id,
 * so the same id sent again with other content is refused (422) instead of answered with the
 * record of the first (issue 22 §5). The id itself is stored scoped to the user and the route
 * (followups/services/idempotency-key.ts); rows from before this migration have no hash and keep answering
 * their retries as they did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE request_idempotency ADD COLUMN payload_hash text;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE request_idempotency DROP COLUMN payload_hash;
  `,
  );
}
