import { describe, expect, it } from 'vitest';
import { compileDocumentOrThrow } from '../compile/compile';
import { ctx } from '../test/fixtures';
import type { FieldDef, FormDocument } from '../types';
import { validateField } from './field';
import { validateForSubmit } from './submit';

const visit: FieldDef = { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, notFuture: true, notBeforeBirth: true };
const at = (birthDate?: string) => ({ ...ctx('2024-06-15T10:00:00'), ...(birthDate ? { birthDate } : {}) });

describe('notFuture / notBeforeBirth on a date field', () => {
  it.each<[string, string, string | undefined, string | null]>([
    ['today is allowed', '2024-06-15', '1960-01-01', null],
    ['tomorrow is refused', '2024-06-16', '1960-01-01', '随访日期不能晚于今天'],
    ['the birthday itself is allowed', '1960-01-01', '1960-01-01', null],
    ['the day before birth is refused', '1959-12-31', '1960-01-01', '随访日期不能早于出生日期'],
    ['no birth date known: only the future is refused', '1900-01-01', undefined, null],
    ['an impossible birth date refuses nothing', '1900-01-01', '1960-02-30', null],
  ])('%s', (_name, value, birthDate, expected) => {
    expect(validateField(visit, value, undefined, at(birthDate))).toBe(expected);
  });

  it('leaves dates without the flags, and invalid dates, to the other checks', () => {
    const plain: FieldDef = { fieldProp: 'nextVisitDate', fieldLabel: '下次随访日期', fieldType: 5 };
    expect(validateField(plain, '2030-01-01', undefined, at('1960-01-01'))).toBeNull();
    expect(validateField(visit, '2024-02-30', undefined, at('1960-01-01'))).toBe('随访日期数值异常');
  });

  it('reads the birth date from the form on submit (prefilled from the archive, as calcAge does)', () => {
    const doc: FormDocument = {
      formCode: 'datebounds',
      formName: '日期界限',
      version: 1,
      fields: [
        { fieldProp: 'birthDate', fieldLabel: '出生日期', fieldType: 5, disabled: true },
        { ...visit, required: 1 },
      ],
    };
    const form = compileDocumentOrThrow(doc);
    const refused = validateForSubmit(form, { birthDate: '1970-05-01', visitDate: '1969-01-01' }, ctx('2024-06-15T10:00:00'));
    expect(refused).toMatchObject({ ok: false, stage: 'fields', firstInvalidField: 'visitDate', message: '随访日期不能早于出生日期' });
    expect(validateForSubmit(form, { birthDate: '1970-05-01', visitDate: '2024-06-15' }, ctx('2024-06-15T10:00:00')).ok).toBe(true);
    // The caller's birth date (the archive's) wins over a stale value in the form.
    const fromArchive = validateForSubmit(
      form,
      { birthDate: '1970-05-01', visitDate: '1971-01-01' },
      { ...ctx('2024-06-15T10:00:00'), birthDate: '1975-01-01' },
    );
    expect(fromArchive.fieldErrors.visitDate).toBe('随访日期不能早于出生日期');
  });
});
