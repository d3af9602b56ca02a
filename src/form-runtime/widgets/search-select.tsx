import type { Field } from '@formily/core';
import { observer, useField } from '@formily/react';
import { Select } from 'antd';
import { useRef, useState } from 'react';
import type { DictOption } from '../../engine';

export interface SearchSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The host's search: the options for what was typed (e.g. residents by name). The latest answer wins. */
  search: (text: string) => Promise<DictOption[]>;
  /**
   * Called with the chosen value; the values it returns are entered into the form as if typed
   * (the resident's birth date and sex fill the filing), so the engine sees them like any input.
   */
  onPick?: (value: string | null) => Record<string, unknown> | void;
  /** Shown while nothing was searched, and while a search runs. */
  emptyText?: string;
  searchingText?: string;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A type 3 field whose value is an id picked by searching the server as the user types (a
 * resident by name): the form document keeps the id, the widget shows the found option's label.
 * The search is the host's (widgetProps), so the runtime knows nothing of the records searched.
 */
export const SearchSelect = observer(function SearchSelect({
  value,
  onChange,
  search,
  onPick,
  emptyText,
  searchingText,
  disabled,
  placeholder,
  id,
  ...rest
}: SearchSelectProps) {
  const field = useField<Field>();
  const [options, setOptions] = useState<DictOption[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const find = (typed: string) => {
    const text = typed.trim();
    if (!text) return;
    const ticket = ++latest.current;
    setLoading(true);
    search(text)
      .then((found) => ticket === latest.current && setOptions(found))
      .catch(() => ticket === latest.current && setOptions([]))
      .finally(() => ticket === latest.current && setLoading(false));
  };
  return (
    <Select
      id={id}
      {...rest}
      showSearch
      allowClear
      value={value ?? undefined}
      placeholder={placeholder}
      disabled={disabled}
      filterOption={false}
      loading={loading}
      onSearch={find}
      notFoundContent={loading ? searchingText : emptyText}
      options={options}
      style={{ width: '100%' }}
      onChange={(v?: string) => {
        onChange?.(v ?? null);
        const fill = onPick?.(v ?? null);
        // setValuesIn goes through onFieldValueChange, so the engine sees these like typed values.
        if (fill) for (const [prop, filled] of Object.entries(fill)) field.form.setValuesIn(prop, filled);
      }}
    />
  );
});
