import { Radio } from 'antd';
import { useDictionary } from '../dictionaries/use-dictionary';
import type { DictWidgetProps } from './widget-types';

/**
 * Field type 2. Clicking the chosen option again clears the choice (002 §5): antd's group only
 * reports changes, so each radio's click is watched for a click on the current value.
 */
export function DictRadio({ value, onChange, options, dictionary, disabled, id, ...rest }: DictWidgetProps<string>) {
  const list = useDictionary(dictionary, options);
  return (
    <Radio.Group id={id} aria-label={rest['aria-label']} value={value ?? null} disabled={disabled} onChange={(e) => onChange?.(String(e.target.value))}>
      {list.map((o) => (
        <Radio
          key={o.value}
          value={o.value}
          onClick={() => {
            if (!disabled && value === o.value) onChange?.(null);
          }}
        >
          {o.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}
