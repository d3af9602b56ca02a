// The CJK font every printed PDF embeds (docs/decisions/0030): a TrueType face found on the machine
// (scripts/ensure-cjk-font.sh installs Debian's fonts-wqy-zenhei when none is there), read once,
// then cut per document to the characters that document draws (harfbuzz's subsetter, subset-font),
// so a one-page record carries some ten kilobytes of font instead of eleven megabytes.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import subsetFont from 'subset-font';

/** Where the font is looked for, first found wins; PRINT_FONT_PATH names another (a .ttf, or a .ttc's first face). */
export const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/wqy-zenhei/wqy-zenhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
];

export class FontMissing extends Error {}

/** The first face of a TrueType collection as a font file of its own (a plain font is answered as it is). */
export function firstFace(file: Buffer): Buffer {
  if (file.toString('latin1', 0, 4) !== 'ttcf') return file;
  const at = file.readUInt32BE(12);
  const count = file.readUInt16BE(at + 4);
  const tables = Array.from({ length: count }, (_, i) => {
    const r = at + 12 + 16 * i;
    return { record: r, offset: file.readUInt32BE(r + 8), length: file.readUInt32BE(r + 12) };
  });
  const headLength = 12 + 16 * count;
  const size = tables.reduce((n, t) => n + ((t.length + 3) & ~3), headLength);
  const out = Buffer.alloc(size);
  file.copy(out, 0, at, at + 12);
  let pos = headLength;
  tables.forEach((t, i) => {
    const r = 12 + 16 * i;
    file.copy(out, r, t.record, t.record + 8); // tag and checksum
    out.writeUInt32BE(pos, r + 8);
    out.writeUInt32BE(t.length, r + 12);
    file.copy(out, pos, t.offset, t.offset + t.length);
    pos += (t.length + 3) & ~3;
  });
  return out;
}

export function fontPath(env: NodeJS.ProcessEnv = process.env): string {
  const named = env['PRINT_FONT_PATH'];
  if (named) {
    if (!existsSync(named)) throw new FontMissing(`打印字体不存在：${named}`);
    return named;
  }
  const found = FONT_CANDIDATES.find((p) => existsSync(p));
  if (!found) throw new FontMissing('未找到中文打印字体，请运行 scripts/ensure-cjk-font.sh');
  return found;
}

let loaded: { path: string; face: Buffer; common?: Promise<Buffer> } | undefined;

/** The whole face, read once per process. */
export function cjkFace(): Buffer {
  const path = fontPath();
  if (loaded?.path !== path) loaded = { path, face: firstFace(readFileSync(path)) };
  return loaded.face;
}

/** GB 2312's characters (its two levels of hanzi, punctuation, full-width forms) and printable ASCII. */
export const COMMON_CHARS: ReadonlySet<string> = (() => {
  const gb = new TextDecoder('gb18030');
  const out = new Set<string>();
  for (let c = 0x20; c < 0x7f; c++) out.add(String.fromCharCode(c));
  for (let hi = 0xa1; hi <= 0xf7; hi++)
    for (let lo = 0xa1; lo <= 0xfe; lo++) {
      const ch = gb.decode(new Uint8Array([hi, lo]));
      if (ch.length === 1 && ch !== '\ufffd') out.add(ch);
    }
  return out;
})();

/**
 * The face cut once to COMMON_CHARS (about 2 MB instead of 11): harfbuzz copies the font it cuts into
 * its memory on every call, so a document's subset is cut from this one when all its characters are
 * common, from the whole face when one is not (a rare character in a name).
 */
function commonFace(): Promise<Buffer> {
  const face = cjkFace();
  loaded!.common ??= subsetFont(face, [...COMMON_CHARS].join(''), { targetFormat: 'sfnt' });
  return loaded!.common;
}

export interface SubsetFont {
  bytes: Uint8Array;
  /** The PDF font name: a tag made from the characters (same text, same name) and the face's name. */
  name: string;
}

/** The face cut to `text`'s characters (each once, sorted, so the same characters give the same bytes). */
export async function subsetCjkFont(text: string): Promise<SubsetFont> {
  const chars = [...new Set([...text].filter((c) => c >= ' '))].sort().join('');
  const common = [...chars].every((c) => COMMON_CHARS.has(c));
  const bytes = await subsetFont(common ? await commonFace() : cjkFace(), chars, { targetFormat: 'sfnt' });
  const digest = createHash('sha256').update(chars).digest();
  const tag = Array.from(digest.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
  return { bytes: new Uint8Array(bytes), name: `${tag}+CJK` };
}
