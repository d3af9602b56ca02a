// Passwords an administrator (or a registering guest) sets: they arrive RSA-encrypted with the
// server's public key, as the profile's password change does, because the policy (spec 000 §5) can
// only be checked on the clear text; a password left out of a new user is generated and answered once.
import crypto from 'node:crypto';
import { checkNewPassword } from '../../../src/shared/policies/password';
import { decryptPkcs1v15, type RsaKeys } from '../../auth/index';
import { Refusal } from '../../domain/errors';

export const ENCRYPT_FIRST = '密码需经公钥加密后提交';

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '@#$%&*';

/** A temporary password the policy accepts, 12 long, from crypto's random numbers, no look-alikes (0/O, 1/l/I). */
export function generatedPassword(): string {
  const pick = (alphabet: string) => alphabet[crypto.randomInt(alphabet.length)]!;
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL), ...Array.from({ length: 8 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** The policy of spec 000 §5 on a clear-text password that must be there. */
export function checkPasswordPolicy(plain: string, emptyMessage = '请输入密码'): void {
  if (plain === '') throw new Refusal(emptyMessage);
  const verdict = checkNewPassword(plain);
  if (!verdict.ok) throw new Refusal(verdict.message!);
}

/** The clear text of an RSA-encrypted password and its confirmation (when sent), checked against the policy. */
export function revealPassword(rsa: RsaKeys, encrypted: string, confirmation?: string, emptyMessage = '请输入密码'): string {
  if (encrypted === '') throw new Refusal(emptyMessage);
  const plain = decryptPkcs1v15(rsa.privateKey, encrypted);
  if (plain === null) throw new Refusal(ENCRYPT_FIRST);
  if (confirmation !== undefined && confirmation !== '') {
    const again = decryptPkcs1v15(rsa.privateKey, confirmation);
    if (again === null) throw new Refusal(ENCRYPT_FIRST);
    if (again !== plain) throw new Refusal('两次密码输入不一致');
  }
  checkPasswordPolicy(plain, emptyMessage);
  return plain;
}
