import { App, Modal } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { FieldValue, FormDocument, FormValues } from '../../engine';
import type { FormRuntime, HostFormRuntime } from '../schema-form/engine-runtime';
import { SchemaForm } from '../schema-form/schema-form';
import type { WidgetName } from '../widgets/registry';
import './form-dialog.css';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  /** A bundled dialog form (schemas/<formCode>.json, placement kind dialog): the server checks the same file. */
  formCode: string;
  /** A document built by the host instead (a CRUD page's form part); `formCode` is then its code. */
  document?: FormDocument;
  /** What the form opens with (prefilled read-only values, the record being edited); read when the form mounts. */
  values?: FormValues;
  /** Change it to start the form again from `values` (a record reloaded after a conflict). */
  generation?: number;
  okText: string;
  cancelText: string;
  width?: number;
  /**
   * Called with the form's values once the engine accepts them. Resolve when done (the host closes
   * the dialog); reject to keep it open with the input (the host, or the request layer, said why).
   */
  onSubmit: (values: Record<string, FieldValue>) => Promise<void>;
  onClose: () => void;
  /** Per-field widgets and their props, as <SchemaForm> takes them. */
  widgets?: Record<string, WidgetName>;
  widgetProps?: Record<string, Record<string, unknown>>;
  now?: () => Date;
  /** Shown under the form (a notice the rules do not own, e.g. an existing archive for this ID). */
  children?: ReactNode;
  /** The form's runtime once it exists: a host that reacts to a value (looks an ID number up) subscribes to it. */
  onRuntime?: (runtime: HostFormRuntime) => void;
  /** Shown over the form (a host's action that fills it, e.g. 读卡 from the ID-card reader). */
  toolbar?: ReactNode;
}

/**
 * A dialog whose body is a form document rendered by <SchemaForm>: its required fields, messages
 * and rules are the document's, run by the engine as a follow-up's are. The dialog's own OK button
 * submits: the engine's field messages show on their fields and the first one as a warning, as the
 * follow-up page does; nothing is sent until the engine accepts. Destroyed on close, so each
 * opening starts from `values`.
 */
export function FormDialog({
  open,
  title,
  formCode,
  document,
  values,
  generation = 0,
  okText,
  cancelText,
  width = 720,
  onSubmit,
  onClose,
  widgets,
  widgetProps,
  now,
  children,
  onRuntime,
  toolbar,
}: FormDialogProps) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  // The form's runtime arrives in an effect after the first paint: until then OK is disabled, as a
  // click before it (a quick user, a loaded machine) would otherwise do nothing at all.
  const [runtime, setRuntime] = useState<FormRuntime>();
  const onReady = useCallback(
    (r: FormRuntime) => {
      setRuntime(r);
      onRuntime?.(r);
    },
    [onRuntime],
  );
  // A closed dialog forgets its form, so the next opening never submits the last one's.
  useEffect(() => {
    if (!open) setRuntime(undefined);
  }, [open]);

  const submit = async () => {
    if (!runtime || saving) return;
    const result = runtime.validate();
    runtime.showFieldErrors(result);
    // Dialog forms carry no check rules; a field message or an error rule stops the save.
    if (result.stage === 'fields' || result.stage === 'errors') {
      if (result.message) void message.warning(result.message);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(result.values);
      runtime.markSaved();
    } catch {
      // Refused or failed: the host showed why; the input stays for a correction.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText}
      cancelText={cancelText}
      confirmLoading={saving}
      okButtonProps={{ disabled: runtime === undefined }}
      maskClosable={false}
      destroyOnHidden
      onOk={() => void submit()}
      onCancel={onClose}
    >
      {open && (
        <div className="fr-dialog">
          {toolbar && <div className="fr-dialog-toolbar">{toolbar}</div>}
          <SchemaForm
            key={generation}
            formCode={formCode}
            document={document}
            source="bundled"
            values={values}
            mode="edit"
            draft={false}
            widgets={widgets}
            widgetProps={widgetProps}
            now={now}
            onReady={onReady}
          />
          {children}
        </div>
      )}
    </Modal>
  );
}
