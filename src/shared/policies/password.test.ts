import { describe, expect, it } from 'vitest';
import { checkNewPassword, PASSWORD_MESSAGE } from './password';

describe('checkNewPassword', () => {
  it.each([
    ['', true],
    ['Abcdef1!', true],
    ['Abcdefg_9', true],
    ['abcdef1!', false],
    ['ABCDEF1!', false],
    ['Abcdefg!', false],
    ['Abcdefg1', false],
    ['Ab1!', false],
    ['Abcdef1 !', false],
  ])('%s → %s', (pw, ok) => {
    expect(checkNewPassword(pw)).toEqual(ok ? { ok: true } : { ok: false, message: PASSWORD_MESSAGE });
  });
});
