import { Input, Typography } from 'antd';
import { checkIdCard, ageYears, formatDate, fromClock } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { formRuntimeMessages } from '../form-runtime-messages';

/** What a valid identity number fills in: birth date, sex code ('1' male, '2' female) and age. */
export interface IdCardFill {
  id18: string;
  birthDate: string;
  gender: '1' | '2';
  age: number | null;
}

export interface IdCardInputProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Called once a complete number passes every check (the engine's id-card helper). */
  onFill?: (fill: IdCardFill) => void;
  /** The clock for the age; the page passes it so tests and stories are stable. */
  now?: Date;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** Complete length: the checks only speak once a whole number has been typed. */
const isComplete = (s: string): boolean => s.length === 15 || s.length === 18;

export function IdCardInput({ value, onChange, onFill, now, disabled, id, ...rest }: IdCardInputProps) {
  const m = useMessages(formRuntimeMessages);
  const text = value ?? '';
  const clock = now ?? new Date();
  const check = isComplete(text) ? checkIdCard(text, clock) : null;
  const age = check?.ok && check.birthDate ? ageYears(check.birthDate, formatDate(fromClock(clock))) : null;
  return (
    <div>
      <Input
        id={id}
        aria-label={rest['aria-label']}
        value={text}
        maxLength={18}
        disabled={disabled}
        status={check && !check.ok ? 'error' : undefined}
        onChange={(e) => {
          const next = e.target.value.replace(/[^\dXx]/g, '').toUpperCase();
          onChange?.(next === '' ? null : next);
          if (!isComplete(next)) return;
          const r = checkIdCard(next, clock);
          if (r.ok && r.id18 && r.birthDate && r.gender) {
            onFill?.({ id18: r.id18, birthDate: r.birthDate, gender: r.gender, age: ageYears(r.birthDate, formatDate(fromClock(clock))) });
          }
        }}
      />
      {check && !check.ok && (
        <Typography.Text type="danger" role="alert">
          {check.message}
        </Typography.Text>
      )}
      {check?.ok && check.birthDate && (
        <Typography.Text type="secondary">
          {m.idCardFilled(check.birthDate, check.gender === '1' ? m.male : m.female, age === null ? '-' : String(age))}
        </Typography.Text>
      )}
    </div>
  );
}
