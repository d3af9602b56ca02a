import type { Meta, StoryObj } from '@storybook/react-vite';
import { App } from 'antd';
import { ChildFilingDialog } from './child-filing-dialog';

/**
 * 新生儿建档 as the child filing list opens it. Storybook has no server: the resident search answers
 * nothing and 建档 shows the request layer's refusal in the dialog, with every answer kept.
 */
const meta: Meta<typeof ChildFilingDialog> = {
  title: 'child-health/ChildFilingDialog',
  component: ChildFilingDialog,
  args: { open: true, onClose: () => undefined, onFiled: () => undefined, onOpenFiled: () => undefined },
  decorators: [
    (Story) => (
      <App>
        <Story />
      </App>
    ),
  ],
};
export default meta;

export const Open: StoryObj<typeof ChildFilingDialog> = {};
