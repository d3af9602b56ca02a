import { Space, Tag } from 'antd';
import { bpControlled, bpGuidelineGrade, type BpGuidelineGrade } from '../../engine';
import { codeLabel } from '../bundled/bundled-codemaps';
import { useMessages } from '../../shared/i18n/i18n-context';
import { formRuntimeMessages } from '../form-runtime-messages';
import { NumberUnitInput } from './number-unit-input';

export interface BloodPressure {
  sbp: number | null;
  dbp: number | null;
}

export interface BloodPressureInputProps {
  value?: BloodPressure | null;
  onChange?: (value: BloodPressure) => void;
  /** Age in years: at 65 or more the systolic limit is 150 (001 §5). */
  age?: number | null;
  diabetic?: boolean;
  disabled?: boolean;
  id?: string;
}

const GRADE_COLOURS: Record<BpGuidelineGrade, string> = { 0: 'green', 1: 'blue', 2: 'gold', 3: 'volcano', 4: 'red' };

/**
 * Systolic / diastolic in one row with the grade for the pair. The grade is the guideline's
 * (bpGuidelineGrade, labelled from the `bp_grade` code map), the same function and dictionary the
 * forms' 血压分级 / 血压水平 use, so the widget and those fields always say the same: 150/95 is
 * 1级高血压 at any age. Whether the pair is under the age target (bpControlled, the 血压控制 field:
 * 150/90 at 65 and over) is another question and has its own 控制 tag.
 */
export function BloodPressureInput({ value, onChange, age, diabetic, disabled, id }: BloodPressureInputProps) {
  const m = useMessages(formRuntimeMessages);
  const sbp = value?.sbp ?? null;
  const dbp = value?.dbp ?? null;
  const opts = { age: age ?? null, diabetic: diabetic ?? false };
  const both = sbp !== null && dbp !== null;
  const grade = both ? bpGuidelineGrade(sbp, dbp) : null;
  const controlled = both ? bpControlled(sbp, dbp, opts) : null;
  return (
    <Space id={id} align="center" wrap>
      <NumberUnitInput
        aria-label={m.systolic}
        placeholder={m.systolic}
        value={sbp}
        disabled={disabled}
        onChange={(v) => onChange?.({ sbp: v, dbp })}
      />
      <span>/</span>
      <NumberUnitInput
        aria-label={m.diastolic}
        placeholder={m.diastolic}
        value={dbp}
        unit="mmHg"
        disabled={disabled}
        onChange={(v) => onChange?.({ sbp, dbp: v })}
      />
      {grade !== null && (
        // The two tags wrap as one piece, so a narrow column does not stack them.
        <span className="fr-bp-tags">
          <Tag color={GRADE_COLOURS[grade]} data-testid="bp-grade">
            {m.grade}: {codeLabel('bp_grade', String(grade)) ?? grade}
          </Tag>
          {controlled !== null && (
            <Tag color={controlled ? 'green' : 'orange'} data-testid="bp-control">
              {m.control}: {controlled ? m.controlled : m.notControlled}
            </Tag>
          )}
        </span>
      )}
    </Space>
  );
}
