import type { ReactNode } from 'react';
import type { FieldValue, FormValues } from '../../engine';
import { SchemaForm } from '../schema-form/schema-form';
import type { WidgetName } from '../widgets/registry';
import './form-dialog.css';

export interface DocumentFormProps {
  /** A bundled dialog form (schemas/<formCode>.json, placement kind dialog): the server checks the same file. */
  formCode: string;
  /** What the form opens with; read when it mounts. */
  values?: FormValues;
  /** Change it to start the form again from `values` (after a save that clears it, a reset). */
  generation?: number;
  submitText: string;
  /** Resolve when saved; reject to keep the input (the host said why). */
  onSubmit: (values: Record<string, FieldValue>) => Promise<void>;
  widgets?: Record<string, WidgetName>;
  widgetProps?: Record<string, Record<string, unknown>>;
  now?: () => Date;
  /** Shown above the form (a part the form does not own, e.g. the avatar upload). */
  children?: ReactNode;
  /** Shown under it (another action, e.g. 重置). */
  footer?: ReactNode;
}

/**
 * A screen's own short form (the profile tabs) as a form document: <SchemaForm> with its submit
 * button, its messages and its rules, without drafts or the progress bar a record form shows.
 */
export function DocumentForm({
  formCode,
  values,
  generation = 0,
  submitText,
  onSubmit,
  widgets,
  widgetProps,
  now,
  children,
  footer,
}: DocumentFormProps) {
  return (
    <div className="fr-dialog">
      {children}
      <SchemaForm
        key={generation}
        formCode={formCode}
        source="bundled"
        values={values}
        mode="edit"
        draft={false}
        submitText={submitText}
        widgets={widgets}
        widgetProps={widgetProps}
        now={now}
        onSubmit={(v) => onSubmit(v)}
      />
      {footer}
    </div>
  );
}
