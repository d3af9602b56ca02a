import { describe, expect, it } from 'vitest';
import { bundledForm } from '../../form-runtime';
import { historyItems, importChecked, lastRecordFor } from './history-items';

const doc = bundledForm('hypertensionfollowup')!;
const last = {
  visitDate: '2026-08-20',
  birthDate: '1956-04-18',
  visitMethod: '1',
  symptoms: ['1', '3'],
  sbp: 150,
  dbp: 95,
  bpLevel: '3',
  height: 170,
  weight: 80,
  bmi: 27.68,
  saltIntake: '2',
  drugCompliance: '',
  nextVisitDate: '2026-11-20',
  doctorSign: '张伟',
};

describe('history panel items (the last record’s fields)', () => {
  it('lists filled fields in form order with dictionary labels and units', () => {
    const items = historyItems(doc, last);
    const props = items.map((i) => i.prop);
    expect(props).toEqual(['visitMethod', 'symptoms', 'sbp', 'dbp', 'height', 'weight', 'saltIntake']);
    const byProp = Object.fromEntries(items.map((i) => [i.prop, i.text]));
    expect(byProp.visitMethod).toBe('门诊');
    expect(byProp.sbp).toMatch(/^150 mmHg$/);
  });

  it('never offers computed fields (BMI, BP grade), visit-only facts (dates, signature) or the archive’s birth date', () => {
    const props = historyItems(doc, last).map((i) => i.prop);
    for (const p of ['bmi', 'bpLevel', 'visitDate', 'nextVisitDate', 'doctorSign', 'birthDate', 'drugCompliance'])
      expect(props).not.toContain(p);
  });

  it('import copies only the checked values over the current ones, arrays copied', () => {
    const items = historyItems(doc, last);
    const current = { visitDate: '2026-11-23', sbp: 132, weight: 78 };
    const next = importChecked(current, items, new Set(['symptoms', 'weight']));
    expect(next).toEqual({ visitDate: '2026-11-23', sbp: 132, weight: 80, symptoms: ['1', '3'] });
    (next.symptoms as string[]).push('9');
    expect(last.symptoms).toEqual(['1', '3']);
  });

  it('the last record is the newest for a new form, the previous one for an opened record', () => {
    const records = [{ id: 'c' }, { id: 'b' }, { id: 'a' }];
    expect(lastRecordFor(records, undefined)?.id).toBe('c');
    expect(lastRecordFor(records, 'c')?.id).toBe('b');
    expect(lastRecordFor(records, 'a')).toBeUndefined();
  });
});
