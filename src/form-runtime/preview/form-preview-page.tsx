import { Alert, App, Button, Card, Segmented, Space, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { FormDocument, FormValues } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { formRuntimeMessages } from '../form-runtime-messages';
import type { FormRuntime } from '../schema-form/engine-runtime';
import { SchemaForm, type SchemaFormMode } from '../schema-form/schema-form';
import { useFormDocument, type FormSource } from '../schema-form/use-form-document';
import { getWorkingDocument } from './preview-api';

const SOURCES: readonly FormSource[] = ['auto', 'server', 'bundled'];
const isSource = (s: string | null): s is FormSource => s !== null && (SOURCES as readonly string[]).includes(s);

export interface FormPreviewPageProps {
  /**
   * Whether the signed-in user may see unpublished forms (?working=1: the working copy): those who
   * may edit forms (administrators). The host knows the session; the runtime never reads it.
   */
  canSeeWorkingCopy?: boolean;
}

/**
 * /form-preview/:formCode — a form on its own, for admins checking a form and for the browser
 * tests and benchmark. By default the server's latest published version (the bundled file only
 * when the server has none); ?version=n that version; ?working=1 the working copy (form/detail's
 * document), for those who may edit forms; ?source=bundled the file shipped with the app (no
 * network), ?source=server|auto as <SchemaForm> takes them. The card's title says which version is
 * shown. Saving only validates: nothing is stored.
 */
export function FormPreviewPage({ canSeeWorkingCopy = false }: FormPreviewPageProps) {
  const { formCode = '' } = useParams();
  const [search] = useSearchParams();
  const m = useMessages(formRuntimeMessages);
  const versionText = search.get('version');
  const version = versionText && /^\d+$/.test(versionText) ? Number(versionText) : undefined;
  const sourceParam = search.get('source');
  const source: FormSource = isSource(sourceParam) ? sourceParam : 'auto';
  const working = search.get('working') === '1';

  if (working) {
    if (!canSeeWorkingCopy) return <Alert type="error" showIcon style={{ margin: 16 }} message={m.previewWorkingRefused} />;
    return <WorkingPreview formCode={formCode} />;
  }
  return <VersionPreview formCode={formCode} version={version} source={source} />;
}

function VersionPreview({ formCode, version, source }: { formCode: string; version: number | undefined; source: FormSource }) {
  const m = useMessages(formRuntimeMessages);
  // The same SWR entry <SchemaForm> reads: here only for the title (which version, from where).
  const loaded = useFormDocument(formCode, version, source);
  const title = loaded.doc
    ? `${m.previewVersion(formCode, loaded.doc.version)}${loaded.origin === 'bundled' ? ` (${m.previewBundled})` : ''}`
    : formCode;
  return <PreviewCard title={title} formCode={formCode} version={version} source={source} />;
}

function WorkingPreview({ formCode }: { formCode: string }) {
  const m = useMessages(formRuntimeMessages);
  const { data, error, isLoading } = useSWR(['form-preview-working', formCode], () => getWorkingDocument(formCode), {
    revalidateOnFocus: false,
  });
  if (isLoading) return <Spin style={{ margin: 48 }} />;
  if (error || !data) return <Alert type="error" showIcon style={{ margin: 16 }} message={m.previewWorkingMissing(formCode)} />;
  return <PreviewCard title={m.previewWorking(formCode)} formCode={formCode} document={data} />;
}

function PreviewCard(props: { title: string; formCode: string; version?: number; source?: FormSource; document?: FormDocument }) {
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
  return (
    <Card
      className="fr-preview"
      title={
        <span className="fr-no-print" data-testid="preview-title">
          {props.title}
        </span>
      }
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
        formCode={props.formCode}
        version={props.version}
        source={props.source}
        document={props.document}
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
