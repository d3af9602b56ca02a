import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormPlacement } from '../../engine';
import { VisitWindowNote } from './visit-window-note';

const prenatal: FormPlacement = {
  kind: 'maternal',
  menu: { title: '产前随访' },
  due: {
    gestationWeeks: [
      [16, 20],
      [21, 24],
    ],
  },
};
const open = { status: '1', lastMenstrualPeriod: '2026-01-01', deliveryDate: null };

describe('VisitWindowNote', () => {
  it('names the window the pregnancy is in with its dates, and says when it has passed', () => {
    const { unmount } = render(<VisitWindowNote placement={prenatal} c={open} today="2026-05-01" />);
    expect(screen.getByTestId('visit-window').textContent).toBe('本次应随访窗口: 孕16~20周 (2026-04-23 至 2026-05-27)');
    unmount();
    render(<VisitWindowNote placement={prenatal} c={open} today="2026-07-01" />);
    expect(screen.getByTestId('visit-window').textContent).toBe('本次应随访窗口: 孕21~24周 (2026-05-28 至 2026-06-24), 已逾期');
  });

  it('says nothing for a delivered or closed pregnancy, or a form without windows', () => {
    const { container, rerender } = render(
      <VisitWindowNote placement={prenatal} c={{ ...open, deliveryDate: '2026-09-30' }} today="2026-05-01" />,
    );
    expect(container.textContent).toBe('');
    rerender(<VisitWindowNote placement={prenatal} c={{ ...open, status: '2' }} today="2026-05-01" />);
    expect(container.textContent).toBe('');
    rerender(<VisitWindowNote placement={{ kind: 'maternal', menu: { title: 'x' } }} c={open} today="2026-05-01" />);
    expect(container.textContent).toBe('');
  });
});
