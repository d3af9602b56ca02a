import { describe, expect, it } from 'vitest';
import { idCardCheckDigit } from '../../engine';
import { fillFromIdCard, looksComplete } from './id-card-fill';

const withCheck = (first17: string) => first17 + idCardCheckDigit(first17);
const NOW = new Date(2026, 10, 23);

describe('typing an ID number in the add-archive dialog', () => {
  it('fills birth date, sex and age from a valid number', () => {
    const id = withCheck('44162219580315001'); // 17th digit 1: male
    expect(fillFromIdCard(id, NOW)).toEqual({ ok: true, idCard: id, birthday: '1958-03-15', sex: '1', age: 68 });
  });

  it('counts age in completed years and reads an even 17th digit as female', () => {
    const id = withCheck('44162219901124002');
    expect(fillFromIdCard(id, NOW)).toMatchObject({ ok: true, sex: '2', birthday: '1990-11-24', age: 35 });
  });

  it('upgrades a 15-digit number to 18 digits', () => {
    const fill = fillFromIdCard('441622580315001', NOW);
    expect(fill).toMatchObject({ ok: true, birthday: '1958-03-15', sex: '1' });
    expect(fill.ok && fill.idCard).toBe(withCheck('44162219580315001'));
  });

  it('answers the engine’s exact message for a wrong check digit or region', () => {
    const id = withCheck('44162219580315001');
    const wrong = id.slice(0, 17) + (id[17] === '0' ? '1' : '0');
    expect(fillFromIdCard(wrong, NOW)).toEqual({ ok: false, message: '你输入的身份证号非法' });
    expect(fillFromIdCard(withCheck('99162219580315001'), NOW)).toEqual({ ok: false, message: '你的身份证地区非法' });
  });

  it('does not judge a half-typed number', () => {
    expect(looksComplete('4416221958')).toBe(false);
    expect(looksComplete('44162219580315001x')).toBe(true);
  });
});
