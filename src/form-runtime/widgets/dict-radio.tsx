import { Radio } from 'antd';
import { useDictionary } from '../dictionaries/use-dictionary';
import type { DictWidgetProps } from './widget-types';

export interface DictRadioProps extends DictWidgetProps<string> {
  /**
   * The field is required now (in a form: the engine's required state, which rules may change).
   * A required choice is never cleared by a click: once chosen it can only be changed.
   */
  required?: boolean;
}

/**
 * Field type 2. Clicking the chosen option again clears an optional choice (002 §5: radio buttons
 * can be un-selected by clicking again): antd's group only reports changes, so each radio's click is
 * watched for a click on the current value. A required choice does not clear: unticking the
 * preselected 继续随访 used to hide the required 下次随访日期 and leave a form that could not be saved.
 */
export function DictRadio({ value, onChange, options, dictionary, disabled, required, id, ...rest }: DictRadioProps) {
  const list = useDictionary(dictionary, options);
  return (
    <Radio.Group
      id={id}
      aria-label={rest['aria-label']}
      aria-required={required || undefined}
      value={value ?? null}
      disabled={disabled}
      onChange={(e) => onChange?.(String(e.target.value))}
    >
      {list.map((o) => (
        <Radio
          key={o.value}
          value={o.value}
          onClick={() => {
            if (!disabled && !required && value === o.value) onChange?.(null);
          }}
        >
          {o.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}
