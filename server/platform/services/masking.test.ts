import { describe, expect, it } from 'vitest';
import { maskMiddle, maskSensitive } from './masking';

describe('masking', () => {
  it('keeps the first 3 and last 4 of an 18-digit ID number and of a mobile', () => {
    expect(maskMiddle('110101199003071234')).toBe('110***********1234');
    expect(maskMiddle('44160219900101123X')).toBe('441***********123X');
    expect(maskMiddle('13812345678')).toBe('138****5678');
    expect(maskMiddle('441602900101123')).toBe('441********1123');
  });

  it('never shows a short value whole', () => {
    expect(maskMiddle('E1234567')).toBe('E12*4567');
    expect(maskMiddle('1234567')).toBe('1*****7');
    expect(maskMiddle('12')).toBe('**');
    expect(maskMiddle('')).toBe('');
    expect(maskMiddle(null)).toBe('');
  });

  it('masks only the sensitive fields of a record', () => {
    expect(maskSensitive({ idCard: '110101199003071234', phone: '13812345678', contactPhone: '', personName: '张三' })).toEqual({
      idCard: '110***********1234',
      phone: '138****5678',
      contactPhone: '',
      personName: '张三',
    });
  });
});
