import { useCallback, useEffect, useRef } from 'react';
import type { FieldValue, FormDocument, FormValues } from '../../engine';
import { SchemaForm, type FormRuntime } from '../../form-runtime';

export interface PanelFormProps {
  document: FormDocument;
  values: FormValues;
  /** Every change: the panel's inputs, and whether a row is shown (its display rules). */
  onChange: (values: Record<string, FieldValue>, visible: (prop: string) => boolean) => void;
}

/**
 * A property panel: a form document of the designer's own rendered by <SchemaForm> in edit mode
 * (no drafts, no submit button). Its rules run in the engine like any form's; each change is
 * handed back to be applied to the document being designed. Values are read at mount: the host
 * remounts (key) when the panel should show something else.
 */
export function PanelForm({ document, values, onChange }: PanelFormProps) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const unsubscribe = useRef<() => void>();

  const onReady = useCallback((runtime: FormRuntime) => {
    unsubscribe.current?.();
    let revision = runtime.getStatus().revision;
    unsubscribe.current = runtime.subscribe(() => {
      const status = runtime.getStatus();
      if (status.revision === revision) return;
      revision = status.revision;
      latest.current(runtime.session.inputs(), (prop) => runtime.session.state(prop)?.visible ?? false);
    });
  }, []);

  useEffect(() => () => unsubscribe.current?.(), []);

  return (
    <div className="fd-panel-form">
      <SchemaForm formCode={document.formCode} document={document} values={values} mode="edit" draft={false} onReady={onReady} />
    </div>
  );
}
