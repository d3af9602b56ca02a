import { JSEncrypt } from 'jsencrypt';

/**
 * RSA-encrypts the login password with the server's public key (PKCS#1 v1.5, what jsencrypt does
 * and what the blade server expects). Throws rather than sending the password in clear text.
 */
export function encryptPassword(publicKeyPem: string, password: string): string {
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const encrypted = rsa.encrypt(password);
  if (typeof encrypted !== 'string' || encrypted === '') throw new Error('密码加密失败');
  return encrypted;
}
