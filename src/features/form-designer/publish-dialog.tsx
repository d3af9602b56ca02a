import { Alert, App, Collapse, Empty, Flex, List, Spin, Statistic, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { diffDocuments, type FormDocument } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import {
  errorText,
  isMissingEndpoint,
  publishForm,
  replayForm,
  type CarriedDictionaries,
  type ReplayItem,
  type ReplayResult,
} from './designer-api';
import { designerMessages, type DesignerMessages } from './designer-messages';
import { DocumentDialog } from './document-dialog';
import { ChangeList } from './change-list';
import { publishNoteDocument } from './property-documents';

export interface PublishDialogProps {
  open: boolean;
  formId: string;
  doc: FormDocument;
  /** The latest published version (undefined: never published). */
  latest: FormDocument | undefined;
  /** Saves what is pending first: the server publishes (and replays) what it holds. */
  flush: () => Promise<boolean>;
  onClose: () => void;
  onPublished: (version: number) => void;
  /** The dictionaries the working copy carries: publishing creates them (or adds their missing items) in the tenant. */
  carried?: CarriedDictionaries | null;
}

type Replay = { state: 'loading' } | { state: 'done'; result: ReplayResult } | { state: 'missing' } | { state: 'failed'; message: string };

const showValue = (v: unknown) =>
  v === null || v === undefined || v === '' ? '空' : Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * 发布: what changed since the latest version (the engine's diffDocuments), then the replay of recent
 * records through the working copy (form/replay: totals and, per record, the person, the visit date
 * and what would change), then the change note (a form document, required) and publish.
 */
export function PublishDialog({ open, formId, doc, latest, flush, onClose, onPublished, carried }: PublishDialogProps) {
  const m = useMessages(designerMessages);
  const { message } = App.useApp();
  const [replay, setReplay] = useState<Replay>({ state: 'loading' });
  const noteDoc = useMemo(() => publishNoteDocument(m), [m]);
  const changes = useMemo(() => (latest ? diffDocuments(latest, doc) : undefined), [latest, doc]);

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    setReplay({ state: 'loading' });
    void (async () => {
      await flush();
      try {
        const result = await replayForm(formId);
        if (live) setReplay({ state: 'done', result });
      } catch (e) {
        if (live) setReplay(isMissingEndpoint(e) ? { state: 'missing' } : { state: 'failed', message: errorText(e) });
      }
    })();
    return () => {
      live = false;
    };
    // Once per opening: the working copy does not change while the dialog is up.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, formId]);

  const publish = async (note: string) => {
    const saved = await flush();
    if (!saved) throw new Error('not saved');
    const res = await publishForm(formId, note);
    void message.success(res.created ? m.publishedAs(res.version) : m.publishUnchanged(res.version));
    onPublished(res.version);
  };

  return (
    <DocumentDialog
      open={open}
      title={m.publishTitle}
      document={noteDoc}
      submitText={m.publishSubmit}
      width={760}
      onClose={onClose}
      onSubmit={(values) => publish(String(values.note ?? '').trim())}
    >
      <Flex vertical gap={12} style={{ marginBottom: 12 }} data-testid="publish-summary">
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {m.changesTitle}
          </Typography.Title>
          {changes === undefined ? (
            <Typography.Text type="secondary">{m.firstVersion}</Typography.Text>
          ) : (
            <ChangeList changes={changes} empty={m.noChanges} />
          )}
        </div>
        {carried && Object.keys(carried).length > 0 && (
          <Alert
            type="info"
            showIcon
            data-testid="publish-dictionaries"
            message={m.publishDictionaries(Object.entries(carried).map(([code, d]) => `${code} (${d.items.length})`))}
            description={m.carriedHint}
          />
        )}
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {m.replayTitle}
          </Typography.Title>
          <ReplaySummary m={m} replay={replay} />
        </div>
      </Flex>
    </DocumentDialog>
  );
}

function ReplaySummary({ m, replay }: { m: DesignerMessages; replay: Replay }) {
  if (replay.state === 'loading')
    return (
      <Spin tip={m.replayLoading}>
        <div style={{ minHeight: 60 }} />
      </Spin>
    );
  if (replay.state === 'missing') return <Alert type="info" showIcon message={m.replayMissing} />;
  if (replay.state === 'failed') return <Alert type="error" showIcon message={m.replayFailed(replay.message)} />;
  const r = replay.result;
  const changed = r.items.filter((i) => i.valueChanges.length + i.newErrors.length + i.newAnomalies.length + i.hiddenFilled.length > 0);
  return (
    <div data-testid="replay-summary">
      <Typography.Paragraph>{m.replayTotals(r.records, r.changedRecords)}</Typography.Paragraph>
      {r.stoppedEarly && <Alert type="warning" showIcon message={m.replayStoppedEarly(r.records)} style={{ marginBottom: 8 }} />}
      <Flex gap={24} style={{ marginBottom: 8 }}>
        <Statistic title={m.valueChanges} value={r.totals.valueChanges} />
        <Statistic title={m.newErrors} value={r.totals.newErrors} valueStyle={r.totals.newErrors ? { color: '#cf1322' } : undefined} />
        <Statistic
          title={m.newAnomalies}
          value={r.totals.newAnomalies}
          valueStyle={r.totals.newAnomalies ? { color: '#d48806' } : undefined}
        />
        <Statistic title={m.hiddenFilled} value={r.totals.hiddenFilled} />
      </Flex>
      {changed.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.replayNone} />
      ) : (
        <Collapse
          size="small"
          items={changed.map((item) => ({
            key: item.recordId,
            label: m.recordOf(item.personName ?? '', item.visitDate ?? '', item.formVersion),
            children: <ReplayRecord m={m} item={item} />,
          }))}
          style={{ maxHeight: 260, overflow: 'auto' }}
        />
      )}
    </div>
  );
}

function ReplayRecord({ m, item }: { m: DesignerMessages; item: ReplayItem }) {
  const lines = [
    ...item.valueChanges.map((c) => ({ k: m.valueChanges, t: `${c.label ?? c.field}: ${showValue(c.before)} → ${showValue(c.after)}` })),
    ...item.newErrors.map((c) => ({ k: m.newErrors, t: `${c.label ?? c.field}: ${c.message}` })),
    ...item.newAnomalies.map((c) => ({ k: m.newAnomalies, t: `${c.label ?? c.field}: ${c.message}` })),
    ...item.hiddenFilled.map((c) => ({ k: m.hiddenFilled, t: `${c.label ?? c.field}: ${showValue(c.value)}` })),
  ];
  return (
    <>
      <List size="small" dataSource={lines} renderItem={(l) => <List.Item>{`${l.k}: ${l.t}`}</List.Item>} />
    </>
  );
}
