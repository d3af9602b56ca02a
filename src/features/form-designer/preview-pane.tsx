import { Alert, App, Collapse, Empty, Typography } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { FieldValue, FormDocument, FormValues } from '../../engine';
import { SchemaForm, type FormRuntime } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { designerMessages } from './designer-messages';

export interface PreviewPaneProps {
  /** The last document that compiles (what the preview can show). */
  doc: FormDocument | undefined;
  /** The current document is not that one (it has problems). */
  stale: boolean;
  onRuntime: (runtime: FormRuntime | undefined) => void;
}

/** How long the preview waits after the last change before it shows the new document. */
const PREVIEW_DELAY_MS = 300;

const showValue = (v: FieldValue | undefined) => (v === null || v === undefined ? '空' : Array.isArray(v) ? v.join(',') : String(v));

/**
 * The real <SchemaForm> on the working document (its "why" popovers included), remounted a moment
 * after each change with what was typed kept; under it, why each calculated value, hidden field and
 * message is as it is (the runtime's explanations). Submitting only validates.
 */
export function PreviewPane({ doc, stale, onRuntime }: PreviewPaneProps) {
  const m = useMessages(designerMessages);
  const { message } = App.useApp();
  const [shown, setShown] = useState<{ doc: FormDocument; generation: number }>();
  const inputs = useRef<FormValues | undefined>(undefined);
  const [runtime, setRuntime] = useState<FormRuntime>();

  useEffect(() => {
    if (!doc) return undefined;
    const t = setTimeout(
      () => setShown((s) => (s?.doc === doc ? s : { doc, generation: (s?.generation ?? 0) + 1 })),
      shown ? PREVIEW_DELAY_MS : 0,
    );
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new document schedules
  }, [doc]);

  const onReady = useCallback(
    (r: FormRuntime) => {
      setRuntime(r);
      onRuntime(r);
    },
    [onRuntime],
  );
  useEffect(() => () => onRuntime(undefined), [onRuntime]);

  // What was typed survives the remount, for the fields that are still there with the same type.
  useEffect(() => {
    if (!runtime) return undefined;
    return runtime.subscribe(() => {
      inputs.current = runtime.session.inputs();
    });
  }, [runtime]);

  // The form is built only when a new document is shown: a keystroke elsewhere in the designer
  // re-renders this pane (its `doc` changes, which only schedules the remount) but not the 300-field
  // form. `values` is read by <SchemaForm> when it mounts only.
  const form = useMemo(() => {
    if (!shown || shown.doc.fields.length === 0) return undefined;
    const kept: FormValues | undefined = inputs.current
      ? Object.fromEntries(
          Object.entries(inputs.current).filter(([k]) =>
            shown.doc.fields.some((f) => f.fieldProp === k && runtime?.compiled.fieldByProp.get(k)?.fieldType === f.fieldType),
          ),
        )
      : undefined;
    return (
      <SchemaForm
        key={shown.generation}
        formCode={shown.doc.formCode}
        document={shown.doc}
        values={kept}
        mode="edit"
        draft={false}
        onReady={onReady}
        onSubmit={() => {
          void message.success(m.previewSaved);
        }}
      />
    );
    // `runtime` is left out on purpose: it only matters for the values kept at a remount, read
    // when `shown` changes (as before); a new runtime must not rebuild the mounted form's element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, onReady, message, m]);

  if (!shown) return <Empty description={m.previewNoFields} />;

  return (
    <div className="fd-preview" data-testid="preview">
      {stale && <Alert type="warning" showIcon message={m.previewStale} style={{ marginBottom: 8 }} />}
      {form ?? <Empty description={m.previewNoFields} />}
      {runtime && <WhyList runtime={runtime} />}
    </div>
  );
}

const WhyList = memo(function WhyList({ runtime }: { runtime: FormRuntime }) {
  const m = useMessages(designerMessages);
  const status = useSyncExternalStore(runtime.subscribe, runtime.getStatus);
  const ev = runtime.session.snapshot();
  const label = (p: string) => runtime.label(p);
  const inputsText = (inputs: Record<string, FieldValue>) =>
    Object.entries(inputs)
      .map(([k, v]) => `${label(k)}=${showValue(v)}`)
      .join(', ');
  const lines: string[] = [];
  for (const e of Object.values(ev.explain))
    if (e.ruleId)
      lines.push(
        `${m.whyValue(label(e.field), showValue(e.value), e.ruleId)}${Object.keys(e.inputs).length ? ` (${m.inputs}: ${inputsText(e.inputs)})` : ''}`,
      );
  for (const [field, s] of Object.entries(ev.fields))
    if (!s.visible && s.because.visible?.ruleId) lines.push(m.whyHidden(label(field), s.because.visible.ruleId));
  for (const msg of ev.messages) lines.push(m.whyMessage(label(msg.field), msg.message, msg.ruleId));
  return (
    <Collapse
      size="small"
      style={{ marginTop: 8 }}
      defaultActiveKey={['why']}
      items={[
        {
          key: 'why',
          label: `${m.why} (${lines.length})`,
          children: (
            <div data-testid="why-list" data-revision={status.revision}>
              {lines.length === 0 ? (
                <Typography.Text type="secondary">{m.whyEmpty}</Typography.Text>
              ) : (
                lines.map((l, i) => (
                  <Typography.Paragraph key={i} style={{ marginBottom: 2, fontSize: 12 }}>
                    {l}
                  </Typography.Paragraph>
                ))
              )}
            </div>
          ),
        },
      ]}
    />
  );
});
