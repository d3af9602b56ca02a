// The resident's signature as the pad sends it: a PNG (a data URL or bare base64). The bytes must be
// a PNG (the signature, not the name, says so) and carry ink — a fully transparent or white image, or
// a few stray pixels, is not a signature. Checked on the server whatever the browser did.
import { PNG } from 'pngjs';
import { Refusal } from '../../domain/errors';

export const SIGNATURE_MESSAGES = {
  missing: '请先完成电子签名',
  notPng: '签名图片格式不正确，请上传PNG图片',
  tooLarge: '签名图片过大',
  blank: '签名为空，请在签名板上签名后再确认',
} as const;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The largest signature image accepted (bytes of the PNG) and its largest side (pixels). */
export const MAX_SIGNATURE_BYTES = 180 * 1024;
const MAX_SIDE = 2000;
/** Fewer pixels of ink than this is a slip of the pen, not a signature (a short stroke is several hundred). */
export const MIN_INK_PIXELS = 120;

/** The PNG bytes of a data URL (`data:image/png;base64,…`) or of bare base64. */
export function signatureBytes(autograph: string): Buffer {
  const text = autograph.trim();
  if (text === '') throw new Refusal(SIGNATURE_MESSAGES.missing);
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(text);
  if (match && (match[1] !== 'image/png' || !match[2])) throw new Refusal(SIGNATURE_MESSAGES.notPng);
  const base64 = (match ? match[3]! : text).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new Refusal(SIGNATURE_MESSAGES.notPng);
  if ((base64.length * 3) / 4 > MAX_SIGNATURE_BYTES + 4) throw new Refusal(SIGNATURE_MESSAGES.tooLarge);
  return Buffer.from(base64, 'base64');
}

/** A pixel of ink: not (nearly) transparent and not (nearly) white. */
const isInk = (r: number, g: number, b: number, a: number) => a >= 48 && (r < 200 || g < 200 || b < 200);

/** How many pixels of ink the PNG has; refuses bytes that are not a PNG. */
export function inkPixels(bytes: Buffer): number {
  if (bytes.length < PNG_MAGIC.length || !bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
    throw new Refusal(SIGNATURE_MESSAGES.notPng);
  if (bytes.length > MAX_SIGNATURE_BYTES) throw new Refusal(SIGNATURE_MESSAGES.tooLarge);
  // The size from IHDR before decoding, so a small file cannot unpack into a huge image.
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Refusal(SIGNATURE_MESSAGES.notPng);
  if (bytes.readUInt32BE(16) > MAX_SIDE || bytes.readUInt32BE(20) > MAX_SIDE) throw new Refusal(SIGNATURE_MESSAGES.tooLarge);
  let image: PNG;
  try {
    image = PNG.sync.read(bytes);
  } catch {
    throw new Refusal(SIGNATURE_MESSAGES.notPng);
  }
  const data = image.data;
  let ink = 0;
  for (let i = 0; i + 3 < data.length; i += 4) if (isInk(data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!)) ink++;
  return ink;
}

/** The signature's PNG bytes when it is a PNG with ink enough; a clear refusal otherwise. */
export function checkedSignature(autograph: string): Buffer {
  const bytes = signatureBytes(autograph);
  if (inkPixels(bytes) < MIN_INK_PIXELS) throw new Refusal(SIGNATURE_MESSAGES.blank);
  return bytes;
}
