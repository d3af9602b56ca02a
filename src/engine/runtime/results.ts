import type { DictOption, FieldValue } from '../types';

/** Why something is as it is: the rule (null for the field's own definition or the user's input) and its inputs. */
export interface RuleRef {
  ruleId: string | null;
  inputs: Record<string, FieldValue>;
}

export interface ValueEffect extends RuleRef {
  field: string;
  value: FieldValue;
}

export interface FieldState {
  visible: boolean;
  required: boolean;
  disabled: boolean;
  /** Codes an options rule allows (undefined: the whole dictionary). */
  allowedCodes?: string[];
  /** The dictionary, filtered, when the context can look it up. */
  options?: DictOption[];
  /** Message for an empty required value set by a required rule's errMsg. */
  requiredMessage?: string;
  because: { visible?: RuleRef; required?: RuleRef; disabled?: RuleRef; options?: RuleRef };
}

export interface RuleMessage extends RuleRef {
  ruleId: string;
  /** check: an anomaly (save after 有异常是否保存?); error: blocks saving. */
  kind: 'check' | 'error';
  field: string;
  message: string;
}

export interface Evaluation {
  values: Record<string, FieldValue>;
  /** Where each value came from. */
  explain: Record<string, ValueEffect>;
  fields: Record<string, FieldState>;
  /** Messages of fired check and error rules on visible fields, in rule order. */
  messages: RuleMessage[];
  /** Filled visible required fields / visible required fields, percent (100 when none). */
  progress: number;
}

export interface ChangeSet {
  values: ValueEffect[];
  /** Fields whose visibility, required flag or message, disabled flag or allowed codes changed. */
  states: { field: string; state: FieldState }[];
  messagesAdded: RuleMessage[];
  messagesRemoved: RuleMessage[];
  /** Rule ids run for this change, in order (each once). */
  rulesRun: string[];
}

export const DEFAULT_MESSAGE = '验证不通过';
