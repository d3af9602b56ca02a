import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkIdCard, idCard15To18, idCardAge, idCardCheckDigit, ID_CARD_MESSAGES, ID_CARD_REGIONS } from './id-card';

describe('checkIdCard (001 §5)', () => {
  it.each([
    ['', ID_CARD_MESSAGES.empty],
    ['   ', ID_CARD_MESSAGES.empty],
    ['11010519491231002', ID_CARD_MESSAGES.format],
    ['1101051949123100211', ID_CARD_MESSAGES.format],
    ['11010519491231002A', ID_CARD_MESSAGES.format],
    ['99010519491231002X', ID_CARD_MESSAGES.region],
    ['10010519491231002X', ID_CARD_MESSAGES.region],
    ['110105194902300021', ID_CARD_MESSAGES.birth],
    ['110105194913010021', ID_CARD_MESSAGES.birth],
    ['110105490230002', ID_CARD_MESSAGES.birth],
    ['110105194912310022', ID_CARD_MESSAGES.checksum],
  ])('%s → %s', (id, message) => {
    expect(checkIdCard(id)).toEqual({ ok: false, message });
  });

  it('accepts the GB 11643 sample and reads birth, gender and region', () => {
    expect(checkIdCard('11010519491231002X')).toEqual({
      ok: true,
      id18: '11010519491231002X',
      region: '北京',
      birthDate: '1949-12-31',
      gender: '2',
    });
    expect(checkIdCard('11010519491231002x').id18).toBe('11010519491231002X');
    expect(checkIdCard('440524188001010014')).toMatchObject({ ok: true, gender: '1', birthDate: '1880-01-01', region: '广东' });
  });

  it('accepts Taiwan, Hong Kong, Macau and overseas prefixes', () => {
    for (const prefix of ['71', '81', '82', '91']) {
      const first17 = `${prefix}0000199001011234`.slice(0, 17);
      expect(checkIdCard(first17 + idCardCheckDigit(first17))).toMatchObject({ ok: true, region: ID_CARD_REGIONS[prefix] });
    }
  });

  it('computes the check digit with weights 7,9,10,5,8,4,2,1,6,3,7,9,10,5,8,4,2 modulo 11', () => {
    expect(idCardCheckDigit('11010519491231002')).toBe('X');
    expect(idCardCheckDigit('44052418800101001')).toBe('4');
  });

  it('upgrades 15 digits by inserting 19 and adding the check digit', () => {
    expect(idCard15To18('110105491231002')).toBe('11010519491231002X');
    expect(checkIdCard('110105491231002')).toMatchObject({ ok: true, id18: '11010519491231002X', birthDate: '1949-12-31', gender: '2' });
  });

  it('rejects a birth date after the clock when a clock is given', () => {
    const first17 = '11010520300101001';
    const id = first17 + idCardCheckDigit(first17);
    expect(checkIdCard(id).ok).toBe(true);
    expect(checkIdCard(id, new Date('2024-06-15T00:00:00'))).toEqual({ ok: false, message: ID_CARD_MESSAGES.birth });
  });

  it('computes the age at the clock', () => {
    expect(idCardAge('11010519491231002X', new Date('2024-12-30T12:00:00'))).toBe(74);
    expect(idCardAge('11010519491231002X', new Date('2024-12-31T12:00:00'))).toBe(75);
  });

  it('property: every 15-digit number with a real region and birth date converts to a valid 18-digit one', () => {
    const regions = Object.keys(ID_CARD_REGIONS);
    const arb = fc.record({
      region: fc.constantFrom(...regions),
      area: fc.integer({ min: 0, max: 9999 }),
      birth: fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('1999-12-31T00:00:00Z'), noInvalidDate: true }),
      seq: fc.integer({ min: 0, max: 999 }),
    });
    fc.assert(
      fc.property(arb, ({ region, area, birth, seq }) => {
        const yymmdd = birth.toISOString().slice(2, 10).replace(/-/g, '');
        const id15 = `${region}${String(area).padStart(4, '0')}${yymmdd}${String(seq).padStart(3, '0')}`;
        const r = checkIdCard(idCard15To18(id15));
        expect(r.ok).toBe(true);
        expect(r.birthDate).toBe(birth.toISOString().slice(0, 10));
        expect(r.gender).toBe(seq % 2 === 1 ? '1' : '2');
      }),
    );
  });

  it('property: every 15-digit string upgrades to 18 characters that pass the check digit, with the same verdict as the 15', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), (id15) => {
        const id18 = idCard15To18(id15);
        expect(id18).toMatch(/^\d{17}[\dX]$/);
        expect(id18.slice(0, 6) + id18.slice(8, 17)).toBe(id15);
        expect(id18.slice(6, 8)).toBe('19');
        expect(id18[17]).toBe(idCardCheckDigit(id18.slice(0, 17)));
        // Region and birth date may be impossible in a random string; the check digit never fails.
        const r18 = checkIdCard(id18);
        expect(r18.message).not.toBe(ID_CARD_MESSAGES.checksum);
        expect(r18).toEqual(checkIdCard(id15));
      }),
      { numRuns: 1000 },
    );
  });
});
