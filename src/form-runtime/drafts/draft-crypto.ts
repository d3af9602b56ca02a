// Drafts are encrypted with AES-GCM under a key that lives only in this tab's sessionStorage
// (saber-draft-key). A logout the user chooses removes every saber- key (clearSession), so the
// ciphertext can no longer be read by anyone — the next user of a shared PC sees nothing. A
// reload keeps sessionStorage, and a session that timed out (idle logout, expired token) keeps
// the drafts and their key on purpose, so the form offers them back after the next login in this
// tab; a new tab does not read them.
import { getStore, setStore, STORE_KEYS } from '../../api/session';

const KEY_NAME = STORE_KEYS.draftKey;

const toBase64 = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => {
  const bin = atob(text);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('Web Crypto is not available (drafts need a secure context)');
  return s;
}

/**
 * The key being made for this tab, shared by every write that finds none: two drafts written at
 * once (the first keystrokes of a slow machine) would otherwise each make a key, the later one
 * would replace the earlier in sessionStorage, and the draft sealed with the earlier could never be
 * read back — lost without a word.
 */
let creating: Promise<CryptoKey> | undefined;

async function createKey(): Promise<CryptoKey> {
  const key = await subtle().generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  setStore(KEY_NAME, toBase64(new Uint8Array(await subtle().exportKey('raw', key))), 'session');
  return key;
}

async function sessionKey(create: boolean): Promise<CryptoKey | undefined> {
  const stored = getStore<string>(KEY_NAME, 'session');
  if (stored) return subtle().importKey('raw', fromBase64(stored), 'AES-GCM', false, ['encrypt', 'decrypt']);
  if (!create) return undefined;
  // Forgotten once stored: a logout removes the stored key, and the next write must make a new one.
  creating ??= createKey().finally(() => {
    creating = undefined;
  });
  return creating;
}

export interface Sealed {
  iv: string;
  data: string;
}

export async function seal(value: unknown): Promise<Sealed> {
  const key = (await sessionKey(true)) as CryptoKey;
  const iv = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(12)));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const data = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, plain));
  return { iv: toBase64(iv), data: toBase64(data) };
}

/** undefined when the session key is gone (logged out) or the text was tampered with. */
export async function unseal<T>(sealed: Sealed): Promise<T | undefined> {
  const key = await sessionKey(false);
  if (!key) return undefined;
  try {
    const plain = await subtle().decrypt({ name: 'AES-GCM', iv: fromBase64(sealed.iv) }, key, fromBase64(sealed.data));
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  } catch {
    return undefined;
  }
}
