import { useCallback, useMemo, useRef, useState } from 'react';
import { App, Flex, Result, Tabs } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import { followupStore, type FormValuesMap } from '../../api/followups';
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
import { educationFormOf, evaluationFormOf } from './tab-forms';
import { useRecordEditor } from './use-record-editor';

export interface FollowupPageProps {
  formCode: string;
  archive: ArchiveRecord;
  archId: string;
  onDirtyChange: (dirty: boolean) => void;
}

/** A new follow-up starts from today's visit and the resident's birth date (the age rule needs it). */
export function newRecordValues(archive: Pick<ArchiveRecord, 'birthday'>, today: string): FormValuesMap {
  return archive.birthday ? { visitDate: today, birthDate: archive.birthday } : { visitDate: today };
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
 * here; the record list shows each record's outcome. The top tabs: the follow-up, then the graded
 * evaluation and health education, each its own form and records (record-tab.tsx, tab-forms.tsx),
 * loaded the first time the tab is opened and kept mounted after.
 */
export function FollowupPage({ formCode, archive, archId, onDirtyChange }: FollowupPageProps) {
  const m = useMessages(followupMessages);
  const { message } = App.useApp();
  const partDirty = useCombinedDirty(onDirtyChange);
  const followupDirty = useMemo(() => partDirty('followup'), [partDirty]);
  const tabDirty = useMemo(() => ({ evaluation: partDirty('evaluation'), education: partDirty('education') }), [partDirty]);
  const prefillOf = useCallback((today: string) => newRecordValues(archive, today), [archive]);
  const editor = useRecordEditor({ formCode, archId, store: followupStore, prefillOf, onDirtyChange: followupDirty });
  const { records, isLoading, editing, open, runtime } = editor;
  const last = lastRecordFor(records, open?.id);
  const { doc: lastDoc } = useFormDocument(formCode, last?.formVersion, 'auto');
  const evaluationForm = useMemo(() => evaluationFormOf(formCode, m), [formCode, m]);
  const educationForm = useMemo(() => educationFormOf(m), [m]);

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
        onSelect={editor.select}
        onAdd={editor.add}
      />
      <RecordFormColumn editor={editor} formCode={formCode} archId={archId} newTitle={m.newRecord} testId="followup-form" />
      <FollowupSidePanel
        recordId={open?.id}
        lastRecord={<HistoryPanel key={last?.id ?? 'none'} document={lastDoc} last={last} canImport={editing !== undefined} onImport={onImport} />}
      />
    </Flex>
  );

  const tabs = useMemo(
    () => [
      { key: 'followup', label: m.tabFollowup },
      { key: 'evaluation', label: m.tabEvaluation },
      { key: 'education', label: m.tabEducation },
    ],
    [m],
  );
  const [tab, setTab] = useState('followup');
  // A form tab loads its records and form the first time it is opened, then stays mounted.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(['followup']));
  const choose = (key: string) => {
    setOpened((was) => (was.has(key) ? was : new Set([...was, key])));
    setTab(key);
  };

  // Printing prints the tab on screen: the others are left off the paper (followup-print.css).
  const printAs = (key: string) => (tab === key ? 'fu-print-flow' : 'fu-no-print');

  return (
    <Flex vertical className="fu-print-flow" style={{ height: '100%', minHeight: 0 }}>
      <Tabs className="fu-no-print" size="small" activeKey={tab} onChange={choose} items={tabs} style={{ paddingInline: 12, background: '#fff', flex: 'none' }} tabBarStyle={{ marginBottom: 0 }} />
      {/* Each tab's form stays mounted while another tab shows, so switching tabs never loses input. */}
      <div className={printAs('followup')} style={{ flex: 1, minHeight: 0, display: tab === 'followup' ? 'block' : 'none' }}>{followupTab}</div>
      <div className={printAs('evaluation')} style={{ flex: 1, minHeight: 0, display: tab === 'evaluation' ? 'block' : 'none' }}>
        {!opened.has('evaluation') ? null : evaluationForm ? (
          <RecordTab form={evaluationForm} archive={archive} archId={archId} onDirtyChange={tabDirty.evaluation} />
        ) : (
          <Result status="info" title={m.evaluationPlaceholder} />
        )}
      </div>
      <div className={printAs('education')} style={{ flex: 1, minHeight: 0, display: tab === 'education' ? 'block' : 'none' }}>
        {opened.has('education') && <RecordTab form={educationForm} archive={archive} archId={archId} onDirtyChange={tabDirty.education} />}
      </div>
    </Flex>
  );
}
