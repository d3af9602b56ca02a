import { Alert, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useMessages } from '../../shared/i18n/i18n-context';
import { FollowupForm } from './followup-form';
import { followupMessages } from './followup-messages';
import { MeasureButton } from './measure-button';
import type { RecordEditor } from './use-record-editor';

export interface RecordFormColumnProps {
  editor: RecordEditor;
  formCode: string;
  archId: string;
  /** The heading of a record not saved yet (新建随访, 新建评估). */
  newTitle: string;
  /** Test ids: `<testId>-column` and `<testId>-title`. */
  testId: string;
}

/**
 * The middle column of a record editor: the open record's date and form version, the stale-version
 * banner, and <SchemaForm> (remounted for every record shown, by the editor's key).
 */
export function RecordFormColumn({ editor, formCode, archId, newTitle, testId }: RecordFormColumnProps) {
  const m = useMessages(followupMessages);
  const { editing, stale, runtime } = editor;
  return (
    <Flex
      vertical
      className="fu-print-flow"
      style={{ flex: 1, minWidth: 0, overflow: 'auto', padding: 12, background: '#fff' }}
      data-testid={`${testId}-column`}
    >
      {editing && (
        <Flex gap={8} align="center" style={{ marginBottom: 8 }} data-testid={`${testId}-title`}>
          <Typography.Text strong>{editing.kind === 'new' ? newTitle : String(editing.record.values.visitDate ?? '')}</Typography.Text>
          {editing.version !== undefined && <Tag color="blue">{m.version(editing.version)}</Tag>}
          <span style={{ flex: 1 }} />
          <MeasureButton archId={archId} runtime={() => runtime.current} />
        </Flex>
      )}
      {stale && <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={stale} description={m.staleKept} />}
      {!editing && editor.addRefusal && !editor.isLoading && editor.records.length === 0 ? (
        <Empty style={{ margin: 48 }} description={editor.addRefusal} data-testid="followup-add-refused" />
      ) : !editing ? (
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
          onDirtyChange={editor.reportDirty}
          onSubmit={editor.onSubmit}
          onSaved={editor.onSaved}
        />
      )}
    </Flex>
  );
}
