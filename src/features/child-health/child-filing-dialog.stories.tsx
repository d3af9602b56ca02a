import type { Meta, StoryObj } from '@storybook/react-vite';
import { App } from 'antd';
import { answerCalls } from '../../api/story-answers';
import { ChildFilingDialog } from './child-filing-dialog';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE');
const RESIDENTS = [
  { id: '103', personName: '陈小宝', sex: '1', birthday: day(-6) },
  { id: '101', personName: '陈秀英', sex: '2', birthday: '1995-03-01' },
];

/**
 * 新生儿建档 as the child filing list opens it: the dialog form document schemas/childfiling.json.
 * The story answers the calls: type 陈 to find the child (its birth date and sex fill the filing)
 * and the mother. 建档 with a birth weight of 0 or 9 kg is refused by the form's rule; a valid one
 * is refused by the story's server (母亲档案应为女性居民) and shown in the dialog, every answer kept.
 */
const meta: Meta<typeof ChildFilingDialog> = {
  title: 'child-health/ChildFilingDialog',
  component: ChildFilingDialog,
  args: { open: true, onClose: () => undefined, onFiled: () => undefined, onOpenFiled: () => undefined },
  decorators: [
    (Story) => {
      answerCalls((url) => {
        if (url.includes('child_plagiarism_check')) return { filed: false, case: null };
        if (url.includes('create-or-update')) throw new Error('母亲档案应为女性居民');
        const name = new URLSearchParams(url.split('?')[1] ?? '').get('personName_like') ?? '';
        const records = RESIDENTS.filter((r) => r.personName.includes(name));
        return { records, total: records.length, size: 10, current: 1, pages: 1 };
      });
      return (
        <App>
          <Story />
        </App>
      );
    },
  ],
};
export default meta;

export const Open: StoryObj<typeof ChildFilingDialog> = {};
