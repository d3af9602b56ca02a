import { FormProvider, Schema, createSchemaField } from '@formily/react';
import { Alert, App, Button, Progress, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Acknowledgement, CompiledForm, FieldValue, FormDocument, FormValues, SubmitResult } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { DictionaryModeContext } from '../dictionaries/use-dictionary';
import { offlineLookup, useFormDictionaries } from '../dictionaries/use-form-dictionaries';
import { clearDraft, type DraftScope } from '../drafts/draft-store';
import { useDraft } from '../drafts/use-draft';
import type { UnsavedGuard } from '../drafts/use-unsaved-guard';
import { formRuntimeMessages } from '../form-runtime-messages';
import '../form-runtime.css';
import { WIDGET_COMPONENTS, type WidgetName } from '../widgets/registry';
import { buildSchema } from './build-schema';
import { compileOnce } from './compile-cache';
import { EngineItem } from './engine-item';
import { FormRuntime } from './engine-runtime';
import { FormGroup, FormSection } from './form-section';
import { RuntimeContext } from './runtime-context';
import { confirmAnomalies, focusField } from './submit-flow';
import { useFormDocument, type FormSource } from './use-form-document';
import { WidgetMountContext, WidgetMountScheduler } from './widget-mount';

// Formily compiles '{{ … }}' strings with new Function, which the CSP forbids. Our schemas carry
// none; should a label ever look like one, it is shown as written instead of being run.
Schema.registerCompiler((expression: string) => `{{${expression}}}`);

const SchemaField = createSchemaField({ components: { ...WIDGET_COMPONENTS, EngineItem, FormSection, FormGroup } });

export type SchemaFormMode = 'edit' | 'view' | 'print';

export interface SchemaFormProps {
  formCode: string;
  /** The version a saved record was filled with; absent: the newest. */
  version?: number;
  /** A document in hand (designer preview, tests): no loading. */
  document?: FormDocument;
  /** Default 'auto': the server's registry, then the bundled files. */
  source?: FormSource;
  /** A saved record's values (defaults are not applied); absent: a new record. */
  values?: FormValues;
  mode?: SchemaFormMode;
  /**
   * Called after validation (and 是 to 有异常是否保存?) with the values to save. The form counts as
   * saved (clean, draft cleared) only when it resolves; reject (or throw) when the save failed or
   * was refused, and the inputs stay unsaved changes. The host shows its own message: the
   * rejection is not reported again.
   */
  onSubmit?: (
    values: Record<string, FieldValue>,
    acknowledgement: Acknowledgement | undefined,
    result: SubmitResult,
  ) => void | Promise<void>;
  /**
   * Called once a save has counted: the form is clean and its draft is gone. Tell the user here
   * (保存成功) and remount to show the record, not in onSubmit: a page reloaded the moment the
   * success message shows must find no draft to offer back.
   */
  onSaved?: () => void;
  /** Clinical widgets per field (e.g. { idCard: 'id-card' }) and their props. */
  widgets?: Record<string, WidgetName>;
  widgetProps?: Record<string, Record<string, unknown>>;
  /** The clock for date rules; tests and stories pin it. */
  now?: () => Date;
  /**
   * Drafts (encrypted, kept per user): the signed-in user, given by the host, and the archive and
   * record they belong to. Absent or false: no drafts. The form runtime does not read the session:
   * whose drafts these are is the host's knowledge, and a form without a user keeps none.
   */
  draft?: { userId: string; archiveId?: string; recordId?: string } | false;
  guard?: UnsavedGuard;
  submitText?: string;
  /** Called once the runtime exists (the benchmark and the host page use it). */
  onReady?: (runtime: FormRuntime) => void;
}

const defaultNow = () => new Date();

export function SchemaForm(props: SchemaFormProps) {
  const m = useMessages(formRuntimeMessages);
  const source = props.source ?? 'auto';
  const loaded = useFormDocument(props.formCode, props.version, source, props.document);
  const compiled = useMemo(
    () => (loaded.doc && loaded.origin ? compileOnce(loaded.doc, loaded.origin) : undefined),
    [loaded.doc, loaded.origin],
  );
  const [restored, setRestored] = useState<{ values: FormValues; generation: number } | undefined>();

  if (loaded.loading)
    return (
      <Spin tip={m.loading}>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  if (loaded.error || !loaded.doc) {
    return (
      <Alert
        type="error"
        showIcon
        message={props.version !== undefined ? m.versionMissing(props.formCode, props.version) : m.notFound(props.formCode)}
      />
    );
  }
  if (!compiled?.form) {
    return (
      <Alert
        type="error"
        showIcon
        message={m.compileFailed}
        description={compiled?.errors.map((e) => `${e.field ?? ''} ${e.message}`).join('; ')}
      />
    );
  }
  // Only the bundled files run offline (stories, tests, dialogs): a document in hand (the designer's
  // preview) asks the tenant's dictionaries like a published form, so a dictionary that exists only
  // on the server shows its options there too.
  const offline = source === 'bundled';
  return (
    <DictionaryModeContext.Provider value={{ offline }}>
      {loaded.origin === 'bundled' && source === 'auto' && (
        <Alert className="fr-no-print" type="info" showIcon message={m.bundledNotice} style={{ marginBottom: 8 }} />
      )}
      <FormBody
        key={`${compiled.form.formCode}@${compiled.form.version}#${restored?.generation ?? 0}`}
        {...props}
        compiled={compiled.form}
        offline={offline}
        initial={restored?.values ?? props.values}
        isRestored={restored !== undefined}
        onRestore={(values) => setRestored((r) => ({ values, generation: (r?.generation ?? 0) + 1 }))}
      />
    </DictionaryModeContext.Provider>
  );
}

interface BodyProps extends SchemaFormProps {
  compiled: CompiledForm;
  offline: boolean;
  initial?: FormValues;
  isRestored: boolean;
  onRestore: (values: FormValues) => void;
}

function FormBody({ compiled, offline, initial, isRestored, onRestore, ...props }: BodyProps) {
  const m = useMessages(formRuntimeMessages);
  const { message, modal } = App.useApp();
  const mode = props.mode ?? 'edit';
  const now = props.now ?? defaultNow;
  const [runtime] = useState(
    () =>
      new FormRuntime(compiled, initial ?? {}, {
        now,
        lookupDictionary: offlineLookup,
        applyDefaults: initial === undefined,
        readOnly: mode !== 'edit',
      }),
  );
  const schema = useMemo(
    () => buildSchema(compiled.document, { widgets: props.widgets, widgetProps: props.widgetProps }),
    [compiled, props.widgets, props.widgetProps],
  );
  const urlValues = useMemo(() => ({ subscribe: runtime.subscribe, value: (prop: string) => runtime.session.value(prop) }), [runtime]);
  const lookup = useFormDictionaries(compiled.document, offline, urlValues);
  const container = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  // Long forms mount their widgets near the viewport first (widget-mount.ts); view and print
  // modes show text only, which is cheap, and print needs every row.
  const [mounts] = useState(() => (mode === 'edit' ? new WidgetMountScheduler() : null));
  useEffect(() => {
    mounts?.revive();
    return () => mounts?.dispose();
  }, [mounts]);

  useEffect(() => {
    if (lookup !== offlineLookup) runtime.setDictionaryLookup(lookup);
  }, [lookup, runtime]);

  const { onReady, guard } = props;
  // Braces: whatever the callbacks return must not become the effect's cleanup.
  useEffect(() => {
    onReady?.(runtime);
  }, [onReady, runtime]);

  const draft = props.draft || undefined;
  const scope: DraftScope | undefined =
    mode === 'edit' && draft?.userId
      ? {
          userId: draft.userId,
          archiveId: draft.archiveId,
          recordId: draft.recordId,
          formCode: compiled.formCode,
          version: compiled.version,
        }
      : undefined;

  const submit = async () => {
    const result = runtime.validate();
    runtime.showFieldErrors(result);
    if (result.stage === 'fields' || result.stage === 'errors') {
      focusField(container.current, result.firstInvalidField ?? result.errors[0]?.field);
      void message.warning(result.message);
      return;
    }
    let final = result;
    if (result.stage === 'anomalies') {
      const yes = await confirmAnomalies(modal, result.anomalies, (p) => runtime.label(p), m.yes, m.no);
      if (!yes) return;
      final = runtime.validate(true);
    }
    // What is saved is what was submitted: an edit typed while the save is on its way stays a change.
    const submitted = runtime.session.inputs();
    setSaving(true);
    try {
      await props.onSubmit?.(final.values, final.acknowledgement, final);
    } catch {
      // A refused or failed save (the host has shown its own message): the inputs are still
      // unsaved, so the form stays dirty, the close guard keeps asking and the draft is kept.
      // Caught here so the rejection never surfaces as an unhandled promise error.
      return;
    } finally {
      setSaving(false);
    }
    runtime.markSaved(submitted);
    if (scope) clearDraft(scope);
    props.onSaved?.();
  };

  return (
    <RuntimeContext.Provider value={runtime}>
      <WidgetMountContext.Provider value={mounts}>
        <div ref={container} className={`fr-form fr-mode-${mode}`} data-form={compiled.formCode}>
          {mode === 'print' && <h2 className="fr-print-title">{compiled.document.formName}</h2>}
          {mode === 'edit' && <ProgressBar runtime={runtime} />}
          <StatusWatcher runtime={runtime} scope={scope} guard={guard} onRestore={onRestore} offerDraft={!isRestored} />
          <FormProvider form={runtime.form}>
            <SchemaField schema={schema} />
          </FormProvider>
          {mode === 'edit' && props.onSubmit && (
            <div className="fr-actions fr-no-print">
              <Button type="primary" loading={saving} onClick={() => void submit()}>
                {props.submitText ?? m.submit}
              </Button>
            </div>
          )}
        </div>
      </WidgetMountContext.Provider>
    </RuntimeContext.Provider>
  );
}

/**
 * The parts that follow every change (progress, dirty flag, drafts) subscribe on their own, so a
 * keystroke re-renders them and the changed fields only — never the whole form.
 */
function ProgressBar({ runtime }: { runtime: FormRuntime }) {
  const m = useMessages(formRuntimeMessages);
  const status = useSyncExternalStore(runtime.subscribe, runtime.getStatus);
  return (
    <div className="fr-progress fr-no-print">
      <span>{m.progress}</span>
      <Progress percent={status.progress} size="small" aria-label={m.progress} />
    </div>
  );
}

function StatusWatcher(props: {
  runtime: FormRuntime;
  scope?: DraftScope;
  guard?: UnsavedGuard;
  onRestore: (values: FormValues) => void;
  offerDraft: boolean;
}) {
  const { runtime, scope, guard } = props;
  const status = useSyncExternalStore(runtime.subscribe, runtime.getStatus);
  useEffect(() => {
    guard?.report(status.dirty);
  }, [guard, status.dirty]);
  useDraft(scope, status, () => (runtime.getStatus().dirty ? runtime.session.inputs() : undefined), props.onRestore, props.offerDraft);
  return null;
}
