// Where a pregnancy stands against a maternal form's visit windows (placement due.gestationWeeks; issue 32):
// the same window the task centre counts (the engine's gestationWindowOn), shown above the form so the
// doctor sees which visit is due and by when without opening the work list.
import { Alert } from 'antd';
import { gestationWindowOn, type FormPlacement } from '../../engine';
import type { MaternalCase } from './maternal-api';

export interface VisitWindowNoteProps {
  placement: FormPlacement | undefined;
  c: Pick<MaternalCase, 'status' | 'lastMenstrualPeriod' | 'deliveryDate'>;
  /** yyyy-MM-dd. */
  today: string;
}

export function VisitWindowNote({ placement, c, today }: VisitWindowNoteProps) {
  const weeks = placement?.due?.gestationWeeks;
  // Only an open pregnancy not yet delivered has prenatal visits ahead.
  if (!weeks?.length || c.status !== '1' || c.deliveryDate || !c.lastMenstrualPeriod) return null;
  const w = gestationWindowOn(c.lastMenstrualPeriod, weeks, today);
  if (!w) return null;
  const overdue = w.end < today;
  const range = w.first === 0 ? `孕${w.last + 1}周前` : `孕${w.first}~${w.last}周`;
  return (
    <Alert
      data-testid="visit-window"
      type={overdue ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 8 }}
      message={`本次应随访窗口: ${range} (${w.start} 至 ${w.end})${overdue ? ', 已逾期' : ''}`}
    />
  );
}
