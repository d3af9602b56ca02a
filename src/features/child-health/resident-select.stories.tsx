import type { Meta, StoryObj } from '@storybook/react-vite';
import { answerCalls } from '../../api/story-answers';
import { ResidentSelect } from './resident-select';

const RESIDENTS = [
  { id: '101', personName: '陈秀英', sex: '2', birthday: '1995-03-01' },
  { id: '102', personName: '陈秀兰', sex: '2', birthday: '1990-11-12' },
  { id: '103', personName: '陈小明', sex: '1', birthday: '2022-06-30' },
];

/** A resident by name from 居民健康档案, searched as the doctor types; the archives answered here by the story. */
const meta: Meta<typeof ResidentSelect> = {
  title: 'ChildHealth/ResidentSelect',
  component: ResidentSelect,
  args: { placeholder: '输入居民姓名查询', testId: 'resident-select', onPick: () => undefined },
  decorators: [
    (Story) => {
      answerCalls((url) => {
        const name = new URLSearchParams(url.split('?')[1] ?? '').get('personName_like') ?? '';
        const records = RESIDENTS.filter((r) => r.personName.includes(name));
        return { records, total: records.length, size: 10, current: 1, pages: 1 };
      });
      return (
        <div style={{ width: 360 }}>
          <Story />
        </div>
      );
    },
  ],
};
export default meta;

type Story = StoryObj<typeof ResidentSelect>;

/** Type 陈 to see three residents (sex and birth date beside the name). */
export const Search: Story = {};
/** The archives cannot be searched: nothing to choose, the hint stays. */
export const SearchFails: Story = {
  decorators: [
    (Story) => {
      answerCalls(() => {
        throw new Error('服务不可用');
      });
      return <Story />;
    },
  ],
};
