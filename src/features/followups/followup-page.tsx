import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Alert, Flex, Result, Spin, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import useSWR from 'swr';
import type { ArchiveRecord } from '../../api/archives';
import { getFormVersion } from '../../api/forms';
import { listFollowups, newClientRequestId, submitFollowup, type FollowupRecord, type FormValuesMap } from '../../api/followups';
import type { FormDocument } from '../../engine';
import { useFormDocument, type FormRuntime } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { FollowupForm } from './followup-form';
import { followupMessages } from './followup-messages';
import './followup-print.css';
import { FollowupRecordList } from './followup-record-list';
import { FollowupSidePanel } from './followup-side-panel';
import { HistoryPanel } from './history-panel';
import { lastRecordFor, type HistoryItem } from './history-items';

export interface FollowupPageProps {
  formCode: string;
  archive: ArchiveRecord;
  archId: string;
  onDirtyChange: (dirty: boolean) => void;
  /** Runs `go` at once, or after the close confirmation when the form has unsaved changes. */
  leave: (go: () => void) => void;
}

/** What the middle column shows: a new record (with its prefill) or a saved one, each in its version. */
type Editing =
  | { kind: 'new'; prefill: FormValuesMap; version: number | undefined; key: number }
  | { kind: 'record'; record: FollowupRecord; version: number; key: number };
type EditingTarget = Editing extends infer E ? (E extends Editing ? Omit<E, 'key'> : never) : never;

/** A new follow-up starts from today's visit and the resident's birth date (the age rule needs it). */
export function newRecordValues(archive: Pick<ArchiveRecord, 'birthday'>, today: string): FormValuesMap {
  return archive.birthday ? { visitDate: today, birthDate: archive.birthday } : { visitDate: today };
}

/**
 * A new record opens with the latest published version, asked afresh each time: an administrator
 * may have published a changed rule since the page opened, and the next new follow-up must use it
 * without a reload. Undefined when the registry has no version (the bundled file stands in).
 */
async function latestVersion(formCode: string): Promise<number | undefined> {
  try {
    return (await getFormVersion<FormDocument>(formCode))?.version;
  } catch {
    return undefined;
  }
}

/**
 * The follow-up page (spec 001 §2 three-column layout): left, this archive's records of the form;
 * middle, <SchemaForm>; right, the collapsible panel (dynamic, last record, voucher). Saving calls
 * the server's submit with the acknowledged anomalies; a stale row version keeps the user's values.
 * The follow-up outcome (continue / temporarily lost / end management and its reason) is part of
 * the form document itself (fields outcome and stopReason with their rules), so it is not repeated
 * here; the record list shows each record's outcome.
 */
export function FollowupPage({ formCode, archive, archId, onDirtyChange, leave }: FollowupPageProps) {
  const m = useMessages(followupMessages);
  const { message } = App.useApp();
  const { data: records = [], isLoading, mutate } = useSWR(['userfollowup/list', archId, formCode], ([, a, f]) => listFollowups(a, f));
  const [editing, setEditing] = useState<Editing>();
  const [stale, setStale] = useState<string>();
  const runtime = useRef<FormRuntime | undefined>(undefined);
  // One id per save of this form state: a retried request after a lost answer creates one record.
  const requestId = useRef(newClientRequestId());
  // The record a save returned, handed from onSubmit to onSaved.
  const saved = useRef<FollowupRecord | undefined>(undefined);
  const open = editing?.kind === 'record' ? editing.record : undefined;
  const last = lastRecordFor(records, open?.id);
  const { doc: lastDoc } = useFormDocument(formCode, last?.formVersion, 'auto');

  // Bumped by every choice of what to show, so a slow "new record" lookup never replaces a record
  // the user opened in the meantime.
  const intent = useRef(0);
  const show = useCallback(
    (next: EditingTarget) => {
      intent.current += 1;
      runtime.current = undefined;
      requestId.current = newClientRequestId();
      setStale(undefined);
      onDirtyChange(false);
      setEditing((prev) => ({ ...next, key: (prev?.key ?? 0) + 1 }) as Editing);
    },
    [onDirtyChange],
  );

  const startNew = useCallback(async () => {
    const asked = intent.current;
    const version = await latestVersion(formCode);
    if (intent.current !== asked) return;
    show({ kind: 'new', prefill: newRecordValues(archive, dayjs().format('YYYY-MM-DD')), version });
  }, [archive, formCode, show]);

  useEffect(() => {
    void startNew();
    // Once per page: later new records start from the 新增 button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (values: FormValuesMap, acknowledgements: string[]) => {
    const outcome = await submitFollowup({
      id: open?.id,
      formCode,
      formVersion: editing?.version,
      archId,
      values,
      acknowledgements,
      rowVersion: open?.rowVersion,
      clientRequestId: requestId.current,
    });
    if (outcome.kind === 'saved') {
      saved.current = outcome.record;
      return;
    }
    // Refused: rejecting tells <SchemaForm> the values are still unsaved (dirty, draft kept), so
    // the form keeps them as they are. For a stale row version the banner says what happened.
    if (outcome.kind === 'stale') setStale(outcome.message);
    message.error(outcome.message);
    throw new Error(outcome.message);
  };

  // After <SchemaForm> has counted the save (clean, draft gone): only then say so and show the record.
  const onSaved = () => {
    const record = saved.current;
    saved.current = undefined;
    if (!record) return;
    message.success(m.saved);
    void mutate();
    show({ kind: 'record', record, version: record.formVersion });
  };

  const onImport = (items: HistoryItem[]) => {
    const form = runtime.current;
    if (!form) return;
    // Through Formily, so the engine recomputes (BMI, grade…) and the form counts it as a change.
    for (const item of items) {
      if (form.compiled.fieldByProp.has(item.prop)) form.form.setValuesIn(item.prop, Array.isArray(item.value) ? [...(item.value as unknown[])] : item.value);
    }
    message.success(m.imported(items.length));
  };

  const followupTab = (
    <Flex className="fu-print-flow" style={{ height: '100%', minHeight: 0 }}>
      <FollowupRecordList
        records={records}
        loading={isLoading}
        selectedId={open?.id}
        onSelect={(record) => leave(() => show({ kind: 'record', record, version: record.formVersion }))}
        onAdd={() => leave(() => void startNew())}
      />
      <Flex vertical className="fu-print-flow" style={{ flex: 1, minWidth: 0, overflow: 'auto', padding: 12, background: '#fff' }} data-testid="followup-form-column">
        {editing && (
          <Flex gap={8} align="center" style={{ marginBottom: 8 }} data-testid="followup-form-title">
            <Typography.Text strong>{editing.kind === 'new' ? m.newRecord : String(editing.record.values.visitDate ?? '')}</Typography.Text>
            {editing.version !== undefined && <Tag color="blue">{m.version(editing.version)}</Tag>}
          </Flex>
        )}
        {stale && <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={stale} description={m.staleKept} />}
        {!editing ? (
          <Spin style={{ margin: 48 }} />
        ) : (
          <FollowupForm
            key={editing.key}
            formCode={formCode}
            version={editing.version}
            values={editing.kind === 'record' ? editing.record.values : undefined}
            prefill={editing.kind === 'new' ? editing.prefill : undefined}
            archId={archId}
            recordId={editing.kind === 'record' ? editing.record.id : undefined}
            onReady={(r) => {
              runtime.current = r;
            }}
            onDirtyChange={onDirtyChange}
            onSubmit={onSubmit}
            onSaved={onSaved}
          />
        )}
      </Flex>
      <FollowupSidePanel
        recordId={open?.id}
        lastRecord={<HistoryPanel key={last?.id ?? 'none'} document={lastDoc} last={last} canImport={editing !== undefined} onImport={onImport} />}
      />
    </Flex>
  );

  const tabs = useMemo(
    () => [
      { key: 'followup', label: m.tabFollowup },
      { key: 'evaluation', label: m.tabEvaluation, children: <Result status="info" title={m.evaluationPlaceholder} /> },
      { key: 'education', label: m.tabEducation, children: <Result status="info" title={m.educationPlaceholder} /> },
    ],
    [m],
  );
  const [tab, setTab] = useState('followup');

  return (
    <Flex vertical className="fu-print-flow" style={{ height: '100%', minHeight: 0 }}>
      <Tabs className="fu-no-print" size="small" activeKey={tab} onChange={setTab} items={tabs} style={{ paddingInline: 12, background: '#fff', flex: 'none' }} tabBarStyle={{ marginBottom: 0 }} />
      {/* The form stays mounted while another tab shows, so switching tabs never loses input. */}
      <div className="fu-print-flow" style={{ flex: 1, minHeight: 0, display: tab === 'followup' ? 'block' : 'none' }}>{followupTab}</div>
      {tab !== 'followup' && <div style={{ flex: 1, overflow: 'auto' }}>{tabs.find((t) => t.key === tab)?.children}</div>}
    </Flex>
  );
}
