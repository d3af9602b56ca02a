import type { ReactNode } from 'react';
import { Tag } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import type { FollowupRecord, FormValuesMap } from '../../api/followups';
import type { HealthMenuTab } from '../../api/health-menu';
import { useCodeLabel } from '../../form-runtime';
import type { followupMessages } from './followup-messages';
import type { TabForm } from './record-tab';

type Messages = (typeof followupMessages)['zh'];

/** A coded value of a record as a coloured tag (its dictionary label), or nothing when unset. */
function CodeTag({
  record,
  prop,
  dictionary,
  colors,
}: {
  record: FollowupRecord;
  prop: string;
  dictionary: string;
  colors: Readonly<Record<string, string>>;
}) {
  const code = record.values[prop] as string | undefined;
  const label = useCodeLabel(dictionary, code);
  return label ? <Tag color={colors[code ?? ''] ?? 'default'}>{label}</Tag> : null;
}

/**
 * A new record of any form starts from today's visit and the resident's facts the forms ask for
 * (the age rules need the birth date, the risk factors the sex); the engine drops what a form lacks.
 */
export function residentPrefill(archive: Pick<ArchiveRecord, 'birthday' | 'sex'>, today: string): FormValuesMap {
  const values: FormValuesMap = { visitDate: today };
  if (archive.birthday) values.birthDate = archive.birthday;
  if (archive.sex === '1' || archive.sex === '2') values.sex = archive.sex;
  return values;
}

/**
 * What a record list shows beside each record's version, for the forms whose result is worth a
 * glance (the risk level of 分级评估, the mastery of 健康教育). Presentation only: which tabs a page
 * has is the registry's answer, and a form not named here lists its records without a tag.
 */
const RECORD_TAGS: Readonly<Record<string, (record: FollowupRecord) => ReactNode>> = {
  hypertensionassessment: (record) => (
    <CodeTag
      record={record}
      prop="riskLevel"
      dictionary="htn_risk_level"
      colors={{ '1': 'green', '2': 'gold', '3': 'orange', '4': 'red' }}
    />
  ),
  diabetesassessment: (record) => (
    <CodeTag record={record} prop="managementLevel" dictionary="dm_management_level" colors={{ '1': 'green', '2': 'orange' }} />
  ),
  healtheducation: (record) => (
    <CodeTag record={record} prop="mastery" dictionary="edu_mastery" colors={{ '1': 'green', '2': 'gold', '3': 'red' }} />
  ),
};

/**
 * A top tab of a form's page, as the registry places it (healthmenu: the tabs other forms join on
 * this page). Evaluations and health education keep their own list wording; any other form is
 * named by its tab title.
 */
export function tabFormOf(tab: HealthMenuTab, m: Messages, testId: string): TabForm {
  const words =
    tab.kind === 'evaluation'
      ? { listTitle: m.evaluations, emptyText: m.noEvaluations, newTitle: m.newEvaluation }
      : tab.kind === 'education'
        ? { listTitle: m.educations, emptyText: m.noEducations, newTitle: m.newEducation }
        : { listTitle: m.recordsOf(tab.name), emptyText: m.noRecordsOf(tab.name), newTitle: m.newRecordOf(tab.name) };
  return { formCode: tab.code, testId, ...words, tagsOf: RECORD_TAGS[tab.code] ?? (() => null), prefillOf: residentPrefill };
}
