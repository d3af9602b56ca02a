import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export function md5Hex(text: string): string {
  return crypto.createHash('md5').update(text, 'utf8').digest('hex');
}

export const isMd5Hex = (value: string) => /^[0-9a-f]{32}$/i.test(value);

/**
 * Stored form: scrypt over the md5 hex of the password, with a random salt.
 * Why md5 first: a client without the RSA key sends md5(password) (spec 000 §7), while an RSA
 * client sends the password itself; hashing the md5 digest lets one stored hash verify both.
 * md5 here is only the wire format's normalisation — the stored secret is the slow salted scrypt.
 */
export async function hashPassword(plain: string): Promise<string> {
  return hashDigest(md5Hex(plain));
}

export async function hashDigest(md5Digest: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(md5Digest.toLowerCase(), salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyDigest(md5Digest: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(md5Digest.toLowerCase(), Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return crypto.timingSafeEqual(expected, actual);
}
