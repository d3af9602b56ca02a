import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findClientByClientId } from '../repositories/clients';

/**
 * The OAuth client of a token request (Basic authorisation), checked against the rows of 应用管理
 * (blade_client, migration 018: its first rows are OAUTH_CLIENTS of that time, by default the web
 * app's BladeX client "saber"). What it may do rides along: its grant types and token lifetimes.
 */
export interface OAuthClient {
  clientId: string;
  grantTypes: ReadonlySet<string>;
  /** Seconds; undefined: the server's ACCESS_TOKEN_TTL / REFRESH_TOKEN_TTL. */
  accessTtl?: number;
  refreshTtl?: number;
}

function basicCredentials(authorization: string): { id: string; secret: string } | null {
  const match = /^basic\s+(.+)$/i.exec(authorization);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const split = decoded.indexOf(':');
  if (split <= 0) return null;
  return { id: decoded.slice(0, split), secret: decoded.slice(split + 1) };
}

/**
 * The stored form of a client secret: `sha256$salt$hex` (migration 018 seeds the first rows with the
 * same). A fast hash on purpose: the secrets the server makes are 24 random bytes (nothing to guess),
 * and the web app's own secret is in its JavaScript for anyone to read, as in every BladeX
 * deployment — a slow hash would protect nothing and cost every login and refresh.
 */
export function hashClientSecret(secret: string, salt: string = crypto.randomBytes(12).toString('hex')): string {
  return `sha256$${salt}$${crypto.createHash('sha256').update(`${salt}:${secret}`, 'utf8').digest('hex')}`;
}

function secretMatches(secret: string, stored: string): boolean {
  const [, salt = ''] = stored.split('$');
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashClientSecret(secret, salt));
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** The enabled client the credentials name, or null (unknown, wrong secret, disabled: one answer). */
export async function authenticateClient(db: Kysely<Database>, authorization: string): Promise<OAuthClient | null> {
  const credentials = basicCredentials(authorization);
  if (!credentials || credentials.id.length > 64 || credentials.secret.length > 256) return null;
  const row = await findClientByClientId(db, credentials.id);
  if (!row || row.status !== 1 || !secretMatches(credentials.secret, row.client_secret_hash)) return null;
  const positive = (n: number | null) => (n !== null && n > 0 ? n : undefined);
  return {
    clientId: row.client_id,
    grantTypes: new Set(row.authorized_grant_types.split(',').map((t) => t.trim())),
    accessTtl: positive(row.access_token_validity),
    refreshTtl: positive(row.refresh_token_validity),
  };
}
