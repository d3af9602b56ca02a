import type { DictOption } from '../../engine';

/** Where a dictionary widget's options come from when none are passed in. */
export interface DictionarySource {
  bizCode?: string;
  fieldUrl?: string;
}

/** What every dictionary widget accepts: options given, or a source to load them from. */
export interface DictWidgetProps<V> {
  value?: V | null;
  onChange?: (value: V | null) => void;
  options?: DictOption[];
  dictionary?: DictionarySource;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
}
