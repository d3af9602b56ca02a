import { QuestionCircleOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { useState } from 'react';
import type { FieldValue, RuleRef } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { formRuntimeMessages } from '../form-runtime-messages';

const show = (v: FieldValue, empty: string): string =>
  v === null || v === '' ? empty : Array.isArray(v) ? v.join(',') || empty : String(v);

/**
 * "Why?": the rule behind a value or a message and the input values it saw (the engine's
 * explanation). The popover is mounted on the first click only: a form shows dozens of these, and
 * an antd Popover per row would cost every render and every keystroke that touches them.
 */
export function WhyPopover({
  because,
  label,
  subject,
}: {
  because: RuleRef | (() => RuleRef | undefined);
  label: (prop: string) => string;
  subject: string;
}) {
  const m = useMessages(formRuntimeMessages);
  const [open, setOpen] = useState(false);
  const button = (
    <button type="button" className="fr-why-button" aria-label={`${m.why} ${subject}`} onClick={() => setOpen(true)}>
      <QuestionCircleOutlined />
    </button>
  );
  if (!open) return button;
  const ref = typeof because === 'function' ? because() : because;
  if (!ref) return button;
  const inputs = Object.entries(ref.inputs);
  const content = (
    <div className="fr-why" data-testid="why-content">
      <div>
        {m.rule}: <code>{ref.ruleId}</code>
      </div>
      <div>{m.inputs}:</div>
      {inputs.length === 0 ? (
        <div>{m.noInputs}</div>
      ) : (
        <ul>
          {inputs.map(([prop, v]) => (
            <li key={prop}>
              {label(prop)} = {show(v, m.emptyValue)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <Popover content={content} title={subject} trigger="click" open={open} onOpenChange={setOpen}>
      {button}
    </Popover>
  );
}
