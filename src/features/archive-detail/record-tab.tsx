import { useCallback, type ReactNode } from 'react';
import { Flex } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import { formRecordStore, type FollowupRecord, type FormValuesMap } from '../../api/followups';
import { FollowupRecordList } from './followup-record-list';
import { RecordFormColumn } from './record-form-column';
import { useRecordEditor } from './use-record-editor';

/** A kind of record a follow-up page tab keeps beside the follow-ups (tab-forms.tsx). */
export interface TabForm {
  formCode: string;
  /** Test ids: `<testId>-tab`, and `<testId>-form-column` / `-title` for the form. */
  testId: string;
  listTitle: string;
  emptyText: string;
  newTitle: string;
  /** What a record shows in the list beside its version. */
  tagsOf: (record: FollowupRecord) => ReactNode;
  /** The values a new record starts from. */
  prefillOf: (archive: ArchiveRecord, today: string) => FormValuesMap;
}

export interface RecordTabProps {
  form: TabForm;
  archive: ArchiveRecord;
  archId: string;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * A top tab of the follow-up page that keeps one more schema-driven form of the archive (the graded
 * evaluation, health education): its records on the left, newest first, and the form, saved in
 * the generic record store (formrecord) — the follow-up tab's editor on another form and store.
 */
export function RecordTab({ form, archive, archId, onDirtyChange }: RecordTabProps) {
  const { prefillOf: prefill } = form;
  const prefillOf = useCallback((today: string) => prefill(archive, today), [prefill, archive]);
  const editor = useRecordEditor({ formCode: form.formCode, archId, store: formRecordStore, prefillOf, onDirtyChange });
  return (
    <Flex className="fu-print-flow" style={{ height: '100%', minHeight: 0 }} data-testid={`${form.testId}-tab`}>
      <FollowupRecordList
        records={editor.records}
        loading={editor.isLoading}
        selectedId={editor.open?.id}
        onSelect={editor.select}
        onAdd={editor.add}
        title={form.listTitle}
        emptyText={form.emptyText}
        tagsOf={form.tagsOf}
      />
      <RecordFormColumn editor={editor} formCode={form.formCode} archId={archId} newTitle={form.newTitle} testId={`${form.testId}-form`} />
    </Flex>
  );
}
