import { DatePicker } from 'antd';
import dayjs from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';

export interface DateInputProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
}

/** Field type 5: a date as yyyy-MM-dd text, the form the engine and the server keep. */
export function DateInput({ value, onChange, ...rest }: DateInputProps) {
  const parsed = value ? dayjs(value, DATE_FORMAT, true) : null;
  return (
    <DatePicker
      {...rest}
      format={DATE_FORMAT}
      value={parsed && parsed.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? d.format(DATE_FORMAT) : null)}
      style={{ width: '100%' }}
    />
  );
}
