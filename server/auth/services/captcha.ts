import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { PNG } from 'pngjs';
import type { Database } from '../../db/schema';
import { storeCaptcha, takeCaptcha } from '../repositories/captchas';

/** 5×7 bitmap digits; the captcha is drawn by hand so no native canvas is needed. */
const GLYPHS: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};

const WIDTH = 100;
const HEIGHT = 40;
const SCALE = 3;
const TTL_MS = 3 * 60 * 1000;

function setPixel(png: PNG, x: number, y: number, rgb: [number, number, number]): void {
  if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
  const i = (y * WIDTH + x) * 4;
  png.data[i] = rgb[0];
  png.data[i + 1] = rgb[1];
  png.data[i + 2] = rgb[2];
  png.data[i + 3] = 255;
}

export function renderCaptcha(code: string): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) setPixel(png, x, y, [245, 247, 250]);
  for (let n = 0; n < 120; n++) {
    setPixel(png, crypto.randomInt(WIDTH), crypto.randomInt(HEIGHT), [
      crypto.randomInt(150, 230),
      crypto.randomInt(150, 230),
      crypto.randomInt(150, 230),
    ]);
  }
  [...code].forEach((char, index) => {
    const glyph = GLYPHS[char] ?? [];
    const left = 10 + index * 22 + crypto.randomInt(-2, 3);
    const top = 8 + crypto.randomInt(-3, 4);
    const colour: [number, number, number] = [crypto.randomInt(20, 90), crypto.randomInt(40, 110), crypto.randomInt(120, 200)];
    glyph.forEach((row, gy) =>
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < SCALE; dy++)
          for (let dx = 0; dx < SCALE; dx++) setPixel(png, left + gx * SCALE + dx, top + gy * SCALE + dy, colour);
      }),
    );
  });
  for (let line = 0; line < 3; line++) {
    const y0 = crypto.randomInt(HEIGHT);
    const y1 = crypto.randomInt(HEIGHT);
    for (let x = 0; x < WIDTH; x++) setPixel(png, x, Math.round(y0 + ((y1 - y0) * x) / WIDTH), [160, 170, 190]);
  }
  return PNG.sync.write(png);
}

/**
 * Captchas handed out and not yet answered: single use, three minutes. Kept in the database
 * (auth/repositories/captchas.ts), not in this process's memory, so behind a load balancer the process
 * that checks an answer need not be the one that drew the picture.
 */
export class CaptchaStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  async issue(): Promise<{ key: string; code: string; image: string }> {
    const key = crypto.randomUUID();
    const code = Array.from({ length: 4 }, () => String(crypto.randomInt(10))).join('');
    await storeCaptcha(this.db, key, code, new Date(this.now() + TTL_MS), new Date(this.now()));
    return { key, code, image: `data:image/png;base64,${renderCaptcha(code).toString('base64')}` };
  }

  /** True when the code matches; the captcha is spent either way. */
  async verify(key: string, code: string): Promise<boolean> {
    const entry = await takeCaptcha(this.db, key);
    return !!entry && entry.expiresAt.getTime() >= this.now() && entry.code === code.trim();
  }
}
