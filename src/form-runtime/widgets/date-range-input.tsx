import { DatePicker, Space } from 'antd';
import dayjs from 'dayjs';
import { normaliseDateRange } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { formRuntimeMessages } from '../form-runtime-messages';
import { DATE_FORMAT } from './date-input';

export interface DateRangeInputProps {
  /** 'start,end' (002 §5); with `withTime`, 'yyyy-MM-dd 00:00:00,yyyy-MM-dd 23:59:59'. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  withTime?: boolean;
  disabled?: boolean;
  id?: string;
}

const datePart = (s: string | undefined): string | undefined => s?.trim().slice(0, 10) || undefined;

/**
 * Two pickers rather than antd's RangePicker: the spec moves the end to the start when the start
 * is chosen later, which the range picker would instead refuse or swap.
 */
export function DateRangeInput({ value, onChange, withTime = false, disabled, id }: DateRangeInputProps) {
  const m = useMessages(formRuntimeMessages);
  const [startText, endText] = (value ?? '').split(',');
  const start = datePart(startText);
  const end = datePart(endText);
  const emit = (s: string | undefined, e: string | undefined) => {
    if (!s && !e) return onChange?.(null);
    // One side only: keep it, padded the same way, so the other can be chosen next.
    if (!s || !e) {
      const one = (x: string | undefined, t: string) => (x ? x + (withTime ? t : '') : '');
      return onChange?.(`${one(s, ' 00:00:00')},${one(e, ' 23:59:59')}`);
    }
    onChange?.(normaliseDateRange(s, e, withTime)?.joined ?? null);
  };
  const pick = (s: string | undefined) => (s ? dayjs(s, DATE_FORMAT) : null);
  return (
    <Space.Compact id={id} style={{ width: '100%' }}>
      <DatePicker
        aria-label={m.startDate}
        placeholder={m.startDate}
        format={DATE_FORMAT}
        disabled={disabled}
        value={pick(start)}
        onChange={(d) => emit(d ? d.format(DATE_FORMAT) : undefined, end)}
        style={{ width: '50%' }}
      />
      <DatePicker
        aria-label={m.endDate}
        placeholder={m.endDate}
        format={DATE_FORMAT}
        disabled={disabled}
        value={pick(end)}
        onChange={(d) => emit(start, d ? d.format(DATE_FORMAT) : undefined)}
        style={{ width: '50%' }}
      />
    </Space.Compact>
  );
}
