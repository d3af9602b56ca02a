import type { Meta, StoryObj } from '@storybook/react-vite';
import { BookTimeline } from './maternal-book';
import type { BookEntry } from './maternal-book-entries';

const entry = (over: Partial<BookEntry>): BookEntry => ({
  id: over.title ?? '1',
  formCode: 'maternalprenatal',
  title: '产前随访',
  date: '2024-06-10',
  items: [],
  riskColor: null,
  riskInfectious: false,
  ...over,
});

/** 孕产妇手册 as the shell shows it (the loader reads the case's records; Storybook has no server). */
const meta: Meta<typeof BookTimeline> = {
  title: 'Maternal/MaternalBook',
  component: BookTimeline,
  args: {
    entries: [
      entry({
        title: '第1次产前检查',
        formCode: 'maternalfirstvisit',
        date: '2024-05-20',
        riskColor: 'yellow',
        items: [
          ['孕周', '孕11+2周'],
          ['预产期', '2024-12-12'],
          ['血压', '112/70mmHg'],
          ['体重', '55kg'],
        ],
      }),
      entry({
        title: '产前筛查',
        formCode: 'maternalscreening',
        date: '2024-07-15',
        items: [
          ['孕周', '孕19+1周'],
          ['方式', '孕中期血清学筛查'],
          ['结论', '低风险'],
        ],
      }),
      entry({
        title: '第2次产前随访',
        date: '2024-07-15',
        riskColor: 'orange',
        riskInfectious: true,
        items: [
          ['孕周', '孕19+1周'],
          ['血压', '128/82mmHg'],
          ['宫底高度', '18cm'],
        ],
      }),
      entry({ title: '产时信息', formCode: 'maternaldelivery', date: '2024-12-05', items: [['分娩方式', '阴道自然分娩']] }),
    ],
  },
};
export default meta;

export const Pregnancy: StoryObj<typeof BookTimeline> = {};
export const Empty: StoryObj<typeof BookTimeline> = { args: { entries: [] } };
