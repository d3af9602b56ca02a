import { describe, expect, it } from 'vitest';
import { labHistoryWindow, normaliseHbsag, normaliseLabResult, normaliseLabUnit, normalisePlusNotation } from './lab';

describe('lab normalisation (001 §9)', () => {
  it.each([
    ['阴性', '1'],
    ['阳性', '2'],
    ['-', '1'],
    ['+', '2'],
    ['0.02', '0.02'],
  ])('HBsAg %s → %s', (r, out) => {
    expect(normaliseHbsag(r)).toBe(out);
  });
  it.each([
    ['阳性', '+'],
    ['阴性', '-'],
    ['弱阳性', '+-'],
    ['2+', '++'],
    ['3+', '+++'],
    ['++', '++'],
    ['5.1', '5.1'],
  ])('100002 %s → %s', (r, out) => {
    expect(normalisePlusNotation(r)).toBe(out);
  });
  it('applies the project and indicator rules', () => {
    expect(normaliseLabResult('100002', 'PRO', '阳性')).toBe('+');
    expect(normaliseLabResult('100001', 'HBSAG', '阴性')).toBe('1');
    expect(normaliseLabResult('100001', 'PRO', '阳性')).toBe('阳性');
  });
  it.each([
    ['10^9/L', '×10^9/L'],
    ['10^12/L', '×10^12/L'],
    ['10⁹/L', '×10⁹/L'],
    ['10¹²/L', '×10¹²/L'],
    ['mmol/L', 'mmol/L'],
    [null, ''],
  ])('unit %s → %s', (u, out) => {
    expect(normaliseLabUnit(u)).toBe(out);
  });
});

describe('labHistoryWindow', () => {
  it('keeps records within ±30 days, the latest per project code', () => {
    const rows = [
      { jyrq: '2024-05-01', jyxmDm_projCode: 'A', id: 1 },
      { jyrq: '2024-05-20', jyxmDm_projCode: 'A', id: 2 },
      { jyrq: '2024-06-30', jyxmDm_projCode: 'B', id: 3 },
      { jyrq: '2024-07-01', jyxmDm_projCode: 'B', id: 4 },
      { jyrq: '2024-04-30', jyxmDm_projCode: 'C', id: 5 },
      { jyrq: 'bad', jyxmDm_projCode: 'D', id: 6 },
    ];
    expect(labHistoryWindow(rows, '2024-05-31').map((r) => r.id)).toEqual([3, 2]);
  });
});
