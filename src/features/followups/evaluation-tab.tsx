import { useCallback } from 'react';
import { Flex, Tag } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import { formRecordStore, type FollowupRecord, type FormValuesMap } from '../../api/followups';
import { codeLabel } from '../../engine';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';
import { FollowupRecordList } from './followup-record-list';
import { RecordFormColumn } from './record-form-column';
import { useRecordEditor } from './use-record-editor';

/** The graded-evaluation form of each follow-up form that has one (schemas/, rules/). */
const EVALUATION_FORMS: Readonly<Record<string, string>> = { hypertensionfollowup: 'hypertensionassessment' };

export const evaluationFormOf = (followupFormCode: string): string | undefined => EVALUATION_FORMS[followupFormCode];

/** The evaluation's result on a record in the list: its risk level, coloured by how high. */
const RISK_DICTIONARY = 'htn_risk_level';
const RISK_COLORS: Readonly<Record<string, string>> = { '1': 'green', '2': 'gold', '3': 'orange', '4': 'red' };

function RiskTag({ record }: { record: FollowupRecord }) {
  const code = record.values.riskLevel as string | undefined;
  const label = codeLabel(RISK_DICTIONARY, code);
  return label ? <Tag color={RISK_COLORS[code ?? ''] ?? 'default'}>{label}</Tag> : null;
}

/** A new evaluation starts from today and the resident's sex and birth date (the age factor needs them). */
export function newEvaluationValues(archive: Pick<ArchiveRecord, 'birthday' | 'sex'>, today: string): FormValuesMap {
  const values: FormValuesMap = { visitDate: today };
  if (archive.birthday) values.birthDate = archive.birthday;
  if (archive.sex === '1' || archive.sex === '2') values.sex = archive.sex;
  return values;
}

export interface EvaluationTabProps {
  formCode: string;
  archive: ArchiveRecord;
  archId: string;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The 分级评估 tab of the follow-up page. Spec 001 §2 names the tab and nothing of its content; a
 * clinic grades a hypertension patient by cardiovascular risk (中国高血压防治指南 2018) and manages
 * them by that grade, so the tab holds that evaluation (schemas/hypertensionassessment.json): the
 * archive's evaluations on the left, newest first with their risk level, and the form — schema-driven
 * like the follow-up, kept in the generic record store (formrecord).
 */
export function EvaluationTab({ formCode, archive, archId, onDirtyChange }: EvaluationTabProps) {
  const m = useMessages(followupMessages);
  const prefillOf = useCallback((today: string) => newEvaluationValues(archive, today), [archive]);
  const editor = useRecordEditor({ formCode, archId, store: formRecordStore, prefillOf, onDirtyChange });
  return (
    <Flex style={{ height: '100%', minHeight: 0 }} data-testid="evaluation-tab">
      <FollowupRecordList
        records={editor.records}
        loading={editor.isLoading}
        selectedId={editor.open?.id}
        onSelect={editor.select}
        onAdd={editor.add}
        title={m.evaluations}
        emptyText={m.noEvaluations}
        tagsOf={(record) => <RiskTag record={record} />}
      />
      <RecordFormColumn editor={editor} formCode={formCode} archId={archId} newTitle={m.newEvaluation} testId="evaluation-form" />
    </Flex>
  );
}
