import { Checkbox } from 'antd';
import { useDictionary } from '../dictionaries/use-dictionary';
import type { DictWidgetProps } from './widget-types';

/** Field type 7: several codes as a checkbox group; kept in dictionary order whatever the click order. */
export function DictCheckbox({ value, onChange, options, dictionary, disabled, id, ...rest }: DictWidgetProps<string[]>) {
  const list = useDictionary(dictionary, options);
  return (
    <div id={id} role="group" aria-label={rest['aria-label']}>
      <Checkbox.Group<string>
        value={value ?? []}
        disabled={disabled}
        options={list}
        onChange={(checked) => {
          const set = new Set(checked.map(String));
          const ordered = list.map((o) => o.value).filter((v) => set.has(v));
          onChange?.(ordered.length ? ordered : null);
        }}
      />
    </div>
  );
}
