import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import dayjs from 'dayjs';
import useSWR from 'swr';
import { getFormVersion } from '../../api/forms';
import {
  listRecords,
  newClientRequestId,
  submitRecord,
  type FollowupRecord,
  type FormValuesMap,
  type RecordStore,
} from '../../api/followups';
import type { FormDocument } from '../../engine';
import type { FormRuntime } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';
import { useLeaveGuard } from './leave-guard';

/** What the form column shows: a new record (with its prefill) or a saved one, each in its version. */
export type Editing =
  | { kind: 'new'; prefill: FormValuesMap; version: number | undefined; key: number }
  | { kind: 'record'; record: FollowupRecord; version: number; key: number };
type EditingTarget = Editing extends infer E ? (E extends Editing ? Omit<E, 'key'> : never) : never;

/**
 * A new record opens with the latest published version, asked afresh each time: an administrator
 * may have published a changed rule since the page opened, and the next new record must use it
 * without a reload. Undefined when the registry has no version (the bundled file stands in).
 */
async function latestVersion(formCode: string): Promise<number | undefined> {
  try {
    return (await getFormVersion<FormDocument>(formCode))?.version;
  } catch {
    return undefined;
  }
}

export interface RecordEditorOptions {
  formCode: string;
  archId: string;
  store: RecordStore;
  /** The values a new record starts from (today's date, the resident's facts). */
  prefillOf: (today: string) => FormValuesMap;
  /** Whether this editor's form has unsaved changes, for the page's own close guard. */
  onDirtyChange: (dirty: boolean) => void;
  /**
   * The maternal or child case the records belong to: the list shows only its records and a save
   * files the record under it. Absent on the archive page (every record of the form).
   */
  otherId?: string | undefined;
  /** Told after a record is stored and shown (the maternal shell reloads its case's header). */
  onRecordSaved?: ((record: FollowupRecord) => void) | undefined;
  /**
   * Why no new record may be started (a closed or cancelled case: the server refuses it too); the
   * editor then opens the newest record instead of a new one, and 新增 says why it is off.
   */
  addRefusal?: string | undefined;
}

/**
 * One archive's records of one form beside <SchemaForm>: the list, which record is open, 新增
 * with the latest version, save with the acknowledged anomalies and one client request id per
 * form state, a stale row version kept as the user's values. Switching records inside the editor
 * (`select`, `add`) asks the close confirmation when this editor's form has changes; the page's
 * own exits ask it when any editor has (`onDirtyChange`). Each tab of the follow-up page (the
 * follow-up, the graded evaluation, health education) is one of these.
 */
export function useRecordEditor({
  formCode,
  archId,
  store,
  prefillOf,
  onDirtyChange,
  otherId,
  onRecordSaved,
  addRefusal,
}: RecordEditorOptions) {
  const m = useMessages(followupMessages);
  const { message } = App.useApp();
  const {
    data: records = [],
    isLoading,
    mutate,
  } = useSWR(['records', store.listPath, archId, formCode, otherId ?? ''], ([, , a, f, o]) => listRecords(store, a, f, o || undefined));
  const [editing, setEditing] = useState<Editing>();
  const [stale, setStale] = useState<string>();
  const runtime = useRef<FormRuntime | undefined>(undefined);
  // One id per save of this form state: a retried request after a lost answer creates one record.
  const requestId = useRef(newClientRequestId());
  // The record a save returned, handed from onSubmit to onSaved.
  const saved = useRef<FollowupRecord | undefined>(undefined);
  const open = editing?.kind === 'record' ? editing.record : undefined;
  const { setDirty, leave } = useLeaveGuard();

  const reportDirty = useCallback(
    (dirty: boolean) => {
      setDirty(dirty);
      onDirtyChange(dirty);
    },
    [setDirty, onDirtyChange],
  );

  // Bumped by every choice of what to show, so a slow "new record" lookup never replaces a record
  // the user opened in the meantime.
  const intent = useRef(0);
  const show = useCallback(
    (next: EditingTarget) => {
      intent.current += 1;
      runtime.current = undefined;
      requestId.current = newClientRequestId();
      setStale(undefined);
      reportDirty(false);
      setEditing((prev) => ({ ...next, key: (prev?.key ?? 0) + 1 }) as Editing);
    },
    [reportDirty],
  );

  const startNew = useCallback(async () => {
    const asked = intent.current;
    const version = await latestVersion(formCode);
    if (intent.current !== asked) return;
    show({ kind: 'new', prefill: prefillOf(dayjs().format('YYYY-MM-DD')), version });
  }, [formCode, prefillOf, show]);

  useEffect(() => {
    if (!addRefusal) void startNew();
    // Once per editor: later new records start from the 新增 button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A link to one record (?record_id=…, e.g. 质量管理's failing records) opens it once the list is in.
  const [linkedId] = useState(() => new URLSearchParams(window.location.search).get('record_id') ?? undefined);
  const linkedShown = useRef(false);
  const linked = linkedId && !linkedShown.current ? records.find((r) => r.id === linkedId) : undefined;
  useEffect(() => {
    if (!linked) return;
    linkedShown.current = true;
    show({ kind: 'record', record: linked, version: linked.formVersion });
  }, [linked, show]);

  // Where nothing new may be started, the newest record opens once the list is in.
  const newest = addRefusal && !editing ? records[0] : undefined;
  useEffect(() => {
    if (newest) show({ kind: 'record', record: newest, version: newest.formVersion });
  }, [newest, show]);

  const onSubmit = async (values: FormValuesMap, acknowledgements: string[]) => {
    const outcome = await submitRecord(store, {
      id: open?.id,
      formCode,
      formVersion: editing?.version,
      archId,
      ...(otherId && { otherId }),
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
    onRecordSaved?.(record);
  };

  return {
    records,
    isLoading,
    editing,
    open,
    stale,
    runtime,
    reportDirty,
    select: (record: FollowupRecord) => leave(() => show({ kind: 'record', record, version: record.formVersion })),
    add: () => {
      if (!addRefusal) leave(() => void startNew());
    },
    addRefusal,
    onSubmit,
    onSaved,
  };
}

export type RecordEditor = ReturnType<typeof useRecordEditor>;
