import crypto from 'node:crypto';

export interface RsaKeys {
  publicKeyPem: string;
  privateKey: crypto.KeyObject;
}

export function generateRsaPem(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

export function rsaKeysFromPem(publicKeyPem: string, privateKeyPem: string): RsaKeys {
  return { publicKeyPem, privateKey: crypto.createPrivateKey(privateKeyPem) };
}

/**
 * Decrypts a base64 RSA PKCS#1 v1.5 block as jsencrypt produces it; null when it is not one.
 *
 * Node 20 refuses PKCS#1 v1.5 private decryption (a Marvin-attack mitigation), and the browser
 * side (jsencrypt) offers nothing else. We therefore do the raw RSA operation (RSA_NO_PADDING)
 * and remove the v1.5 padding ourselves. The attack needs an oracle that tells a padding failure
 * from a wrong password; the login answers both with the same message and status, counts both
 * as a failed attempt and locks the account after five, so no such oracle is exposed.
 */
export function decryptPkcs1v15(privateKey: crypto.KeyObject, base64: string): string | null {
  let block: Buffer;
  try {
    const cipher = Buffer.from(base64, 'base64');
    if (cipher.length === 0) return null;
    block = crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_NO_PADDING }, cipher);
  } catch {
    return null;
  }
  // EM = 0x00 || 0x02 || PS (≥ 8 non-zero bytes) || 0x00 || M
  if (block[0] !== 0x00 || block[1] !== 0x02) return null;
  const separator = block.indexOf(0x00, 2);
  if (separator < 10) return null;
  return block.subarray(separator + 1).toString('utf8');
}
