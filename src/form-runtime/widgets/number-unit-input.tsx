import { Input } from 'antd';
import { useState } from 'react';
import { numberOfText, sanitiseNumberText } from './number-text';

export interface NumberUnitInputProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  unit?: string;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
}

/**
 * Field type 4: a text box, so "12." can be typed on the way to "12.5", that strips what is not a
 * number and hands a number (or null) to the form. The unit sits after the box.
 */
export function NumberUnitInput({ value, onChange, unit, ...rest }: NumberUnitInputProps) {
  const [text, setText] = useState(() => (typeof value === 'number' ? String(value) : ''));
  // A value set from outside (a calculation, a restored draft) replaces what is shown.
  const shown = numberOfText(text) === (typeof value === 'number' ? value : null) ? text : typeof value === 'number' ? String(value) : '';
  return (
    <Input
      {...rest}
      inputMode="decimal"
      value={shown}
      addonAfter={unit}
      onChange={(e) => {
        const next = sanitiseNumberText(e.target.value);
        setText(next);
        const n = numberOfText(next);
        if (n !== (value ?? null)) onChange?.(n);
      }}
    />
  );
}
