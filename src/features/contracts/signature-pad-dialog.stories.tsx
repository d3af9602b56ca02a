import type { Meta, StoryObj } from '@storybook/react-vite';
import { App } from 'antd';
import { SignaturePadDialog } from './signature-pad-dialog';

/**
 * 电子签名 as the sign-agreement dialog opens it: draw with the mouse, 清除 empties the pad, 确认 on an
 * empty pad says the signature is empty; with ink it hands the PNG to onConfirm (here: the console).
 */
const meta: Meta<typeof SignaturePadDialog> = {
  title: 'contracts/SignaturePadDialog',
  component: SignaturePadDialog,
  args: {
    open: true,
    onCancel: () => undefined,
    onConfirm: (png: string) => {
      console.info('signature', png.length, 'characters of PNG data URL');
    },
  },
  decorators: [
    (Story) => (
      <App>
        <Story />
      </App>
    ),
  ],
};
export default meta;

export const Open: StoryObj<typeof SignaturePadDialog> = {};
