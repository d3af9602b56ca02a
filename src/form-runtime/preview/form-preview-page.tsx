import { App, Button, Card, Segmented, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { FormValues } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { formRuntimeMessages } from '../form-runtime-messages';
import type { FormRuntime } from '../schema-form/engine-runtime';
import { SchemaForm, type SchemaFormMode } from '../schema-form/schema-form';
import type { FormSource } from '../schema-form/use-form-document';

const SOURCES: readonly FormSource[] = ['auto', 'server', 'bundled'];
const isSource = (s: string | null): s is FormSource => s !== null && (SOURCES as readonly string[]).includes(s);

/**
 * /form-preview/:formCode — a form on its own, for admins checking a form and for the browser
 * tests and benchmark. The bundled file by default; ?source=server (or auto) asks the registry,
 * ?version=n opens that version. Saving only validates: nothing is stored.
 */
export function FormPreviewPage() {
  const { formCode = '' } = useParams();
  const [search] = useSearchParams();
  const m = useMessages(formRuntimeMessages);
  const { message } = App.useApp();
  const [mode, setMode] = useState<SchemaFormMode>('edit');
  const [saved, setSaved] = useState<string>();
  // Switching mode remounts the form: carry what was entered into the next mode.
  const runtime = useRef<FormRuntime>();
  const [values, setValues] = useState<FormValues>();
  const switchMode = (next: SchemaFormMode) => {
    if (runtime.current) setValues(runtime.current.session.inputs());
    setMode(next);
  };
  const source = search.get('source');
  const versionText = search.get('version');
  const version = versionText && /^\d+$/.test(versionText) ? Number(versionText) : undefined;
  return (
    <Card
      className="fr-preview"
      title={<span className="fr-no-print">{formCode}</span>}
      extra={
        <Space className="fr-no-print">
          <Segmented<SchemaFormMode>
            value={mode}
            onChange={switchMode}
            options={[
              { value: 'edit', label: m.modeEdit },
              { value: 'view', label: m.modeView },
              { value: 'print', label: m.modePrint },
            ]}
          />
          {mode === 'print' && <Button onClick={() => window.print()}>{m.printTitle}</Button>}
        </Space>
      }
    >
      <SchemaForm
        key={mode}
        formCode={formCode}
        version={version}
        source={isSource(source) ? source : 'bundled'}
        mode={mode}
        values={values}
        draft={false}
        onReady={(r) => {
          runtime.current = r;
        }}
        onSubmit={(values, acknowledgement) => {
          setSaved(JSON.stringify({ values, acknowledgement }, null, 2));
          void message.success(m.previewSaved);
        }}
      />
      {saved && (
        <Typography.Paragraph className="fr-no-print">
          <pre data-testid="preview-saved">{saved}</pre>
        </Typography.Paragraph>
      )}
    </Card>
  );
}
