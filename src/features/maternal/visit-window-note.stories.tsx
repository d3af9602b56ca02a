import type { Meta, StoryObj } from '@storybook/react-vite';
import { VisitWindowNote } from './visit-window-note';

// 第2~5次产前随访's windows (schemas/maternalprenatal.json).
const placement = {
  kind: 'maternal' as const,
  menu: { title: '产前随访' },
  due: {
    gestationWeeks: [
      [16, 20],
      [21, 24],
      [28, 36],
      [37, 40],
    ] as [number, number][],
  },
};

const meta: Meta<typeof VisitWindowNote> = {
  title: 'Maternal/VisitWindowNote',
  component: VisitWindowNote,
  args: { placement, c: { status: '1', lastMenstrualPeriod: '2026-01-01', deliveryDate: null }, today: '2026-05-01' },
};
export default meta;

/** Week 17: inside the 16–20-week window. */
export const InWindow: StoryObj<typeof VisitWindowNote> = {};

/** Week 26: the 21–24-week visit was missed and the 28-week window has not begun. */
export const Overdue: StoryObj<typeof VisitWindowNote> = { args: { today: '2026-07-01' } };
