import { Input } from 'antd';
import { TEXT_AREA_MAX_LENGTH, TEXT_INPUT_MAX_LENGTH } from '../../shared/policies/value-limits';

interface TextProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  /**
   * Shown in place of the value by a read-only box whose value is an id the user cannot read (a
   * dialog's 注销人 holds the user's id and shows the name); the value is still what is validated and sent.
   */
  text?: string;
}

/**
 * Field type 3. An emptied box is null, as the engine counts empty. It takes no more characters
 * than the server stores (value-limits.ts).
 */
export function TextInput({ value, onChange, text, ...rest }: TextProps) {
  if (text !== undefined && rest.disabled) return <Input {...rest} value={value ? text : ''} title={text} />;
  return (
    <Input
      maxLength={TEXT_INPUT_MAX_LENGTH}
      {...rest}
      value={value ?? ''}
      allowClear
      onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)}
    />
  );
}

/** A type 3 field holding a secret: masked as typed (with the eye to show it), never autofilled as a login. */
export function PasswordInput({ value, onChange, text: _text, ...rest }: TextProps & { autoComplete?: string }) {
  return (
    <Input.Password
      autoComplete="new-password"
      {...rest}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)}
    />
  );
}

/**
 * Field type 6, at most TEXT_AREA_MAX_LENGTH characters unless the document states its own
 * `maxLength`; the count shows once the text is long. A box allowed more than the default holds
 * code-like text (a print recipe's JSON): it grows taller and is set in a monospace font.
 */
export function TextAreaInput({ value, onChange, maxLength = TEXT_AREA_MAX_LENGTH, ...rest }: TextProps & { maxLength?: number }) {
  const length = (value ?? '').length;
  const long = maxLength > TEXT_AREA_MAX_LENGTH;
  return (
    <Input.TextArea
      maxLength={maxLength}
      showCount={length > Math.min(maxLength, TEXT_AREA_MAX_LENGTH) / 2}
      {...rest}
      className={long ? 'text-area-code' : undefined}
      value={value ?? ''}
      autoSize={long ? { minRows: 8, maxRows: 24 } : { minRows: 2, maxRows: 6 }}
      onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)}
    />
  );
}
