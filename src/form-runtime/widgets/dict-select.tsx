import { Select } from 'antd';
import { useDictionary } from '../dictionaries/use-dictionary';
import type { DictWidgetProps } from './widget-types';

/** Field type 1: one code from a dictionary. */
export function DictSelect({ value, onChange, options, dictionary, disabled, placeholder, id, ...rest }: DictWidgetProps<string>) {
  const list = useDictionary(dictionary, options);
  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      options={list}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: '100%' }}
    />
  );
}

/** Field type 8: several codes from a dictionary. */
export function DictMultiSelect({ value, onChange, options, dictionary, disabled, placeholder, id, ...rest }: DictWidgetProps<string[]>) {
  const list = useDictionary(dictionary, options);
  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      mode="multiple"
      value={value ?? []}
      onChange={(v: string[]) => onChange?.(v.length ? v : null)}
      options={list}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      optionFilterProp="label"
      style={{ width: '100%' }}
    />
  );
}
