import crypto from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { claimLoginAttempt, clearLoginFailures, findLiveLock, type User } from '../repositories/users';
import { lockedMessage, lockedMinutesLeft, lockoutRules, MAX_FAILURES } from './lockout';
import { hashDigest, isMd5Hex, md5Hex, verifyDigest } from './passwords';
import { decryptPkcs1v15 } from './rsa';

/** What a password check under the lockout found. */
export type PasswordVerdict =
  | { kind: 'match' }
  /** Wrong; `lockedMessage` is set when this failure was the last one allowed and locked the account. */
  | { kind: 'wrong'; lockedMessage: string | null }
  /** Locked before the check: the password was not compared. */
  | { kind: 'locked'; message: string };

/** The sent password's md5 digest: md5 hex as is, else RSA-decrypted and hashed; null when it does not decrypt. */
export function sentDigest(deps: AppDeps, sent: string): string | null {
  if (isMd5Hex(sent)) return sent;
  const plain = decryptPkcs1v15(deps.rsa.privateKey, sent);
  return plain === null ? null : md5Hex(plain);
}

/**
 * Checks a password of a known user under the lockout (login and the old password of a change):
 * the attempt is counted in the database first (claimLoginAttempt), so parallel guesses on any
 * process compare at most MAX_FAILURES passwords; a match forgets the count.
 */
export async function checkPasswordUnderLockout(deps: AppDeps, user: User, sent: string): Promise<PasswordVerdict> {
  const now = deps.now();
  const claim = await claimLoginAttempt(deps.db, user, lockoutRules(now));
  if (!claim) return { kind: 'locked', message: lockedMessage(Math.max(1, lockedMinutesLeft(await findLiveLock(deps.db, user), now))) };
  const digest = sentDigest(deps, sent);
  // An undecryptable password still costs one scrypt, so its answer time says nothing either.
  const matches = await verifyDigest(digest ?? md5Hex(crypto.randomUUID()), user.password_hash).then((ok) => ok && digest !== null);
  if (matches) {
    await clearLoginFailures(deps.db, user);
    return { kind: 'match' };
  }
  const lockedNow =
    claim.failedCount >= MAX_FAILURES && claim.lockedUntil
      ? lockedMessage(lockedMinutesLeft({ locked_until: claim.lockedUntil }, now))
      : null;
  return { kind: 'wrong', lockedMessage: lockedNow };
}

let dummyHash: Promise<string> | undefined;

/**
 * An unknown account costs the same scrypt as a known one with a wrong password, against a hash
 * of a random secret made once per process, so neither the answer nor its time tells which
 * accounts exist.
 */
export async function burnPasswordCheck(deps: AppDeps, sent: string): Promise<void> {
  dummyHash ??= hashDigest(md5Hex(crypto.randomUUID()));
  await verifyDigest(sentDigest(deps, sent) ?? md5Hex(''), await dummyHash);
}
