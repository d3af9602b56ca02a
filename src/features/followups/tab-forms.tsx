import { Tag } from 'antd';
import type { ArchiveRecord } from '../../api/archives';
import type { FollowupRecord, FormValuesMap } from '../../api/followups';
import { codeLabel } from '../../engine';
import type { followupMessages } from './followup-messages';
import type { TabForm } from './record-tab';

type Messages = (typeof followupMessages)['zh'];

/** A coded value of a record as a coloured tag (its dictionary label), or nothing when unset. */
function codeTag(record: FollowupRecord, prop: string, dictionary: string, colors: Readonly<Record<string, string>>) {
  const code = record.values[prop] as string | undefined;
  const label = codeLabel(dictionary, code);
  return label ? <Tag color={colors[code ?? ''] ?? 'default'}>{label}</Tag> : null;
}

/** A new evaluation starts from today and the resident's sex and birth date (the age factor needs them). */
export function newEvaluationValues(archive: Pick<ArchiveRecord, 'birthday' | 'sex'>, today: string): FormValuesMap {
  const values: FormValuesMap = { visitDate: today };
  if (archive.birthday) values.birthDate = archive.birthday;
  if (archive.sex === '1' || archive.sex === '2') values.sex = archive.sex;
  return values;
}

/**
 * 分级评估 (spec 001 §2 names the tab and nothing of its content): a clinic grades a hypertension
 * patient by cardiovascular risk (中国高血压防治指南 2018) and manages them by that grade, so the
 * tab holds that evaluation (schemas/hypertensionassessment.json), listed with its risk level.
 * Diabetes has none yet.
 */
export function evaluationFormOf(followupFormCode: string, m: Messages): TabForm | undefined {
  if (followupFormCode !== 'hypertensionfollowup') return undefined;
  return {
    formCode: 'hypertensionassessment',
    testId: 'evaluation',
    listTitle: m.evaluations,
    emptyText: m.noEvaluations,
    newTitle: m.newEvaluation,
    tagsOf: (record) => codeTag(record, 'riskLevel', 'htn_risk_level', { '1': 'green', '2': 'gold', '3': 'orange', '4': 'red' }),
    prefillOf: newEvaluationValues,
  };
}

/**
 * 健康教育: the service specification asks for targeted health education at every follow-up of
 * both diseases, so the tab keeps education prescriptions (schemas/healtheducation.json): topics,
 * the advice given, how well the resident took it in; listed with that.
 */
export function educationFormOf(m: Messages): TabForm {
  return {
    formCode: 'healtheducation',
    testId: 'education',
    listTitle: m.educations,
    emptyText: m.noEducations,
    newTitle: m.newEducation,
    tagsOf: (record) => codeTag(record, 'mastery', 'edu_mastery', { '1': 'green', '2': 'gold', '3': 'red' }),
    prefillOf: (_archive, today) => ({ visitDate: today }),
  };
}
