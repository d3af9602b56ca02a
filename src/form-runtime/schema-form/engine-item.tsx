import { QuestionCircleOutlined } from '@ant-design/icons';
import type { Field } from '@formily/core';
import { observer, useField } from '@formily/react';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useMessages } from '../../shared/i18n/i18n-context';
import { formRuntimeMessages } from '../form-runtime-messages';
import type { EngineFieldData } from './engine-runtime';
import { useRuntime } from './runtime-context';
import { PendingWidget } from './pending-widget';
import { WhyPopover } from './why-popover';
import { useWidgetMount } from './widget-mount';

interface EngineItemProps {
  children?: ReactNode;
  gridSpan?: number;
  unit?: string;
  /** The field's help text (the specification's explanation of an item): a ? beside the label shows it. */
  help?: string;
  /** Edited by another field's widget (the diastolic half of a blood-pressure widget): not shown. */
  absorbed?: boolean;
}

/**
 * The field row: label, asterisk (the engine's required), the widget, and the engine's messages
 * under it — field validation and error rules as red blocks, anomalies (check rules) as amber
 * ones, each rule message with its "why". A calculated value carries a "why" beside it.
 * `fr-field` rows never split across printed pages (form-runtime.css).
 * Our own markup rather than Formily's FormItem: that one measures every label's width in an
 * animation frame after mounting (to offer a tooltip for a cut-off label, which our wrapping
 * labels never need), a forced layout per row that cost ~200 ms before a 300-field form's first
 * frame and a few ms per keystroke that shows rows.
 */
export const EngineItem = observer(function EngineItem({ children, gridSpan, absorbed, help }: EngineItemProps) {
  const field = useField<Field>();
  const runtime = useRuntime();
  const m = useMessages(formRuntimeMessages);
  const widget = useWidgetMount();
  const data = (field.data ?? { required: false, messages: [] }) as EngineFieldData;
  const prop = field.path.toString();
  const label = (p: string) => runtime?.label(p) ?? p;
  const errors = data.messages.filter((x) => x.kind === 'error');
  const checks = data.messages.filter((x) => x.kind === 'check');
  const hasError = data.fieldError !== undefined || errors.length > 0;
  const readOnly = field.pattern === 'readPretty';
  const feedback =
    hasError || checks.length > 0 ? (
      <div className="fr-messages">
        {data.fieldError !== undefined && (
          <div className="fr-msg fr-msg-error" role="alert">
            {data.fieldError}
          </div>
        )}
        {[...errors, ...checks].map((msg) => (
          <div key={msg.ruleId} className={`fr-msg ${msg.kind === 'error' ? 'fr-msg-error' : 'fr-msg-warning'}`} data-rule={msg.ruleId}>
            <span>{msg.message}</span>
            {!readOnly && <WhyPopover because={msg} label={label} subject={msg.message} />}
          </div>
        ))}
      </div>
    ) : undefined;
  if (absorbed) return null;
  // Read the value only for calculated fields, so typing elsewhere does not re-render this row.
  const hasValue = data.computedBy !== undefined && field.value !== undefined && field.value !== null && field.value !== '';
  const why =
    data.computedBy && hasValue && !readOnly && runtime ? (
      <WhyPopover because={() => runtime.explanation(prop)} label={label} subject={`${m.computedBy}: ${label(prop)}`} />
    ) : undefined;
  const span = gridSpan && gridSpan > 1 ? gridSpan : 1;
  const status = hasError ? ' fr-field-error' : checks.length > 0 ? ' fr-field-warning' : '';
  return (
    <div
      className={`fr-field fr-item${status}`}
      data-field={prop}
      style={span > 1 ? { gridColumn: `span ${span}`, ['--fr-span' as string]: span } : undefined}
    >
      <div className="fr-item-label">
        <label>
          {data.required && !readOnly && (
            <span className="fr-item-asterisk" aria-hidden="true">
              *
            </span>
          )}
          {field.title}
          {help && (
            <Tooltip title={help}>
              <QuestionCircleOutlined className="fr-item-help" aria-label={help} tabIndex={0} />
            </Tooltip>
          )}
        </label>
      </div>
      <div className="fr-item-control">
        <div className="fr-item-content">
          <div className="fr-item-widget">
            {widget.mounted ? children : <PendingWidget placeholderRef={widget.placeholderRef} onActivate={widget.mountAndFocus} />}
          </div>
          {why && <div className="fr-item-addon">{why}</div>}
        </div>
        {feedback}
      </div>
    </div>
  );
});
