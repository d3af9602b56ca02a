import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Flex, Tabs } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import { followupStore, type FollowupRecord, type FormValuesMap, type RecordStore } from '../../api/followups';
import type { HealthMenuTab } from '../../api/health-menu';
import { useFormDocument } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';
import './followup-print.css';
import { FollowupRecordList } from './followup-record-list';
import { FollowupSidePanel } from './followup-side-panel';
import { HistoryPanel } from './history-panel';
import { lastRecordFor, type HistoryItem } from './history-items';
import { RecordFormColumn } from './record-form-column';
import { RecordTab } from './record-tab';
import { residentPrefill, tabFormOf } from './tab-forms';
import { useRecordEditor } from './use-record-editor';

export interface FollowupPageProps {
  formCode: string;
  /** The tabs other forms join on this page (the registry's placement, healthmenu); none by default. */
  tabs?: HealthMenuTab[];
  archive: ArchiveRecord;
  archId: string;
  onDirtyChange: (dirty: boolean) => void;
  /** The host form's placement kind and menu title: only a follow-up's page speaks of 随访; an exam, a screening, an evaluation… names its records by its title (健康体检记录, 高血压筛查记录). */
  kind?: string;
  title?: string;
  /**
   * The maternal (or child) case the page files under (its otherId): the list shows only the case's
   * records and a save names the case. Such a form saves through its spec call (`store`), whose
   * handler checks the case and updates it after the save. Absent on the archive page.
   */
  otherId?: string;
  /** Where the host form's records are listed and saved; userfollowup's by default. */
  store?: RecordStore;
  /** Values a new record starts from besides the resident's (the case's LMP, delivery date…). */
  prefill?: FormValuesMap;
  /** Told after a record of the host form is saved. */
  onRecordSaved?: (record: FollowupRecord) => void;
  /** Whether the page's own tab bar shows; a host that names the form in its own tabs (the maternal shell) leaves it off. */
  tabBar?: boolean;
  /** Why no new record of the host form may be started (a closed case); its records still open and save. */
  addRefusal?: string | undefined;
  /** Told which saved record 打印 would print: the host form's open record while its tab shows, else none. */
  onPrintTarget?: (recordId: string | undefined) => void;
  /** What names a host form's record in its list (新生儿登记: the baby); the visit date by default. */
  recordLabel?: (record: FollowupRecord) => ReactNode;
}

const NO_TABS: HealthMenuTab[] = [];

/** A new follow-up starts from today's visit and the resident's facts (the age rule needs the birth date). */
export function newRecordValues(archive: Pick<ArchiveRecord, 'birthday' | 'sex'>, today: string): FormValuesMap {
  return residentPrefill(archive, today);
}

/**
 * The page's close guard hears "changed" while any of its forms (the follow-up, the graded
 * evaluation, health education) has unsaved changes: each tab reports its own part.
 */
function useCombinedDirty(onDirtyChange: (dirty: boolean) => void) {
  const parts = useRef(new Map<string, boolean>());
  return useCallback(
    (part: string) => (dirty: boolean) => {
      parts.current.set(part, dirty);
      onDirtyChange([...parts.current.values()].some(Boolean));
    },
    [onDirtyChange],
  );
}

/**
 * The follow-up page (spec 001 §2 three-column layout): left, this archive's records of the form;
 * middle, <SchemaForm>; right, the collapsible panel (dynamic, last record, voucher). Saving calls
 * the server's submit with the acknowledged anomalies; a stale row version keeps the user's values.
 * The follow-up outcome (continue / temporarily lost / end management and its reason) is part of
 * the form document itself (fields outcome and stopReason with their rules), so it is not repeated
 * here; the record list shows each record's outcome. The top tabs: the follow-up, then the forms
 * the registry joins to this page (the graded evaluation, health education… — each its own form
 * and records, record-tab.tsx), loaded the first time the tab is opened and kept mounted after.
 */
export function FollowupPage(props: FollowupPageProps) {
  const {
    formCode,
    tabs: joined = NO_TABS,
    archive,
    archId,
    onDirtyChange,
    kind,
    title,
    otherId,
    prefill,
    onRecordSaved,
    tabBar = true,
    addRefusal,
    onPrintTarget,
    recordLabel,
  } = props;
  const m = useMessages(followupMessages);
  // Without a kind (older callers) or for a follow-up, the page keeps the words of 随访.
  const named = kind !== undefined && kind !== 'followup' && title ? title : undefined;
  const { message } = App.useApp();
  const partDirty = useCombinedDirty(onDirtyChange);
  const followupDirty = useMemo(() => partDirty('followup'), [partDirty]);
  const prefillOf = useCallback((today: string) => ({ ...newRecordValues(archive, today), ...prefill }), [archive, prefill]);
  const editor = useRecordEditor({
    formCode,
    archId,
    store: props.store ?? followupStore,
    prefillOf,
    onDirtyChange: followupDirty,
    otherId,
    onRecordSaved,
    addRefusal,
  });
  const { records, isLoading, editing, open, runtime } = editor;
  const last = lastRecordFor(records, open?.id);
  const { doc: lastDoc } = useFormDocument(formCode, last?.formVersion, 'auto');
  // Test ids keep the kind (evaluation, education) when one tab has it, else the form's code.
  const tabForms = useMemo(
    () => joined.map((tab) => tabFormOf(tab, m, joined.filter((other) => other.kind === tab.kind).length === 1 ? tab.kind : tab.code)),
    [joined, m],
  );
  const tabDirty = useMemo(() => new Map(tabForms.map((form) => [form.formCode, partDirty(form.formCode)])), [tabForms, partDirty]);

  const onImport = (items: HistoryItem[]) => {
    const form = runtime.current;
    if (!form) return;
    // As typed, so the engine recomputes (BMI, grade…) and the form counts it as a change.
    form.enter(Object.fromEntries(items.map((item) => [item.prop, item.value])));
    message.success(m.imported(items.length));
  };

  const followupTab = (
    <Flex className="fu-print-flow" style={{ height: '100%', minHeight: 0 }}>
      <FollowupRecordList
        records={records}
        loading={isLoading}
        selectedId={open?.id}
        onSelect={editor.select}
        onAdd={editor.add}
        addRefusal={editor.addRefusal}
        labelOf={recordLabel}
        {...(named && { title: m.recordsOf(named), emptyText: m.noRecordsOf(named) })}
      />
      <RecordFormColumn
        editor={editor}
        formCode={formCode}
        archId={archId}
        newTitle={named ? m.newRecordOf(named) : m.newRecord}
        testId="followup-form"
      />
      <FollowupSidePanel
        recordId={open?.id}
        lastRecord={
          <HistoryPanel key={last?.id ?? 'none'} document={lastDoc} last={last} canImport={editing !== undefined} onImport={onImport} />
        }
      />
    </Flex>
  );

  const hostLabel = named ?? m.tabFollowup;
  const tabs = useMemo(
    () => [{ key: 'followup', label: hostLabel }, ...joined.map((tab) => ({ key: tab.code, label: tab.name }))],
    [joined, hostLabel],
  );
  const [tab, setTab] = useState('followup');
  // A form tab loads its records and form the first time it is opened, then stays mounted.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(['followup']));
  const choose = (key: string) => {
    setOpened((was) => (was.has(key) ? was : new Set([...was, key])));
    setTab(key);
  };

  const printable = tab === 'followup' ? open?.id : undefined;
  useEffect(() => {
    onPrintTarget?.(printable);
    return () => onPrintTarget?.(undefined);
  }, [onPrintTarget, printable]);

  // Printing prints the tab on screen: the others are left off the paper (followup-print.css).
  const printAs = (key: string) => (tab === key ? 'fu-print-flow' : 'fu-no-print');

  return (
    <Flex vertical className="fu-print-flow" style={{ height: '100%', minHeight: 0 }}>
      {tabBar && (
        <Tabs
          className="fu-no-print"
          size="small"
          activeKey={tab}
          onChange={choose}
          items={tabs}
          style={{ paddingInline: 12, background: '#fff', flex: 'none' }}
          tabBarStyle={{ marginBottom: 0 }}
        />
      )}
      {/* Each tab's form stays mounted while another tab shows, so switching tabs never loses input. */}
      <div className={printAs('followup')} style={{ flex: 1, minHeight: 0, display: tab === 'followup' ? 'block' : 'none' }}>
        {followupTab}
      </div>
      {tabForms.map((form) => (
        <div
          key={form.formCode}
          className={printAs(form.formCode)}
          style={{ flex: 1, minHeight: 0, display: tab === form.formCode ? 'block' : 'none' }}
        >
          {opened.has(form.formCode) && (
            <RecordTab form={form} archive={archive} archId={archId} onDirtyChange={tabDirty.get(form.formCode)!} />
          )}
        </div>
      ))}
    </Flex>
  );
}
