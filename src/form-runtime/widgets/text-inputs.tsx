import { Input } from 'antd';

interface TextProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
}

/** Field type 3. An emptied box is null, as the engine counts empty. */
export function TextInput({ value, onChange, ...rest }: TextProps) {
  return <Input {...rest} value={value ?? ''} allowClear onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)} />;
}

/** Field type 6. */
export function TextAreaInput({ value, onChange, ...rest }: TextProps) {
  return <Input.TextArea {...rest} value={value ?? ''} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)} />;
}
