import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';
import { MAX_FAILURES } from './lockout';
import { md5Hex } from './passwords';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRONG = '用户名或密码不正确';

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('login lockout under parallel guessing (issue 22 §1)', () => {
  it('compares at most the allowed number of 30 parallel wrong guesses and then holds the lock', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postToken(t.app, { username: 'nurse', password: md5Hex(`Guess@${i}`) })),
    );
    const answers = guesses.map((res) => res.json().error_description as string);
    // Only the attempts that were compared may say "wrong password"; the rest were refused as locked.
    expect(answers.filter((a) => a === WRONG).length).toBeLessThanOrEqual(MAX_FAILURES - 1);
    expect(answers.filter((a) => /账号已被锁定/.test(a)).length).toBeGreaterThanOrEqual(30 - (MAX_FAILURES - 1));
    const right = await postToken(t.app, { username: 'nurse', password: md5Hex(SEED_PASSWORD) });
    expect(right.statusCode).toBe(400);
    expect(right.json().error_description).toMatch(/账号已被锁定/);
    t.advance(15 * 60 * 1000 + 1000);
    const later = await postToken(t.app, { username: 'nurse', password: md5Hex(SEED_PASSWORD) });
    expect(later.statusCode).toBe(200);
  });

  it('answers an unknown account like a known one with a wrong password, after a password check of the same cost', async () => {
    const unknown = await postToken(t.app, { username: 'nobody-here', password: md5Hex('Guess@1') });
    const known = await postToken(t.app, { username: 'doctor', password: md5Hex('Guess@1') });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());

    // Loose on purpose: scrypt (N=16384) costs tens of milliseconds, a skipped check a few; the
    // known account's clock is moved on between rounds so it never locks.
    const unknownTimes: number[] = [];
    const knownTimes: number[] = [];
    for (let round = 0; round < 5; round++) {
      unknownTimes.push(await timed(() => postToken(t.app, { username: `nobody-${round}`, password: md5Hex('Guess@2') })));
      knownTimes.push(await timed(() => postToken(t.app, { username: 'doctor', password: md5Hex('Guess@2') })));
      t.advance(16 * 60 * 1000);
    }
    expect(median(unknownTimes)).toBeGreaterThan(median(knownTimes) * 0.4);
  });
});
