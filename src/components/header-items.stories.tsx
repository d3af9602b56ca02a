import type { Meta, StoryObj } from '@storybook/react-vite';
import { Space } from 'antd';
import { CopyValue, HeaderItem } from './header-items';

/** The headers' labelled values; a CopyValue copies what the server sent on click (复制成功 / 复制失败). */
const meta: Meta<typeof CopyValue> = {
  title: 'Components/HeaderItem',
  component: CopyValue,
};
export default meta;

type Story = StoryObj<typeof CopyValue>;

/** A row as the maternal header shows it: copyable numbers and dates, plain text, and an empty value (-). */
export const Row: Story = {
  render: () => (
    <Space size={[16, 2]} wrap>
      <HeaderItem label="孕产妇档案号">
        <CopyValue value="YC-2026-0001" />
      </HeaderItem>
      <HeaderItem label="末次月经">
        <CopyValue value="2026-08-20" />
      </HeaderItem>
      <HeaderItem label="身份证号">
        <CopyValue value="44130219950301123X" shown="441***********123X" />
      </HeaderItem>
      <HeaderItem label="妇保医生">王芳</HeaderItem>
      <HeaderItem label="条码">
        <CopyValue value="" />
      </HeaderItem>
    </Space>
  ),
};
/** One value shown masked: the click copies the full value the server sent. */
export const Masked: Story = { args: { value: '13812345678', shown: '138****5678' } };
/** The words of another language. */
export const English: Story = {
  args: { value: 'A-77', words: { clickToCopy: 'Click to copy', copied: 'Copied', copyFailed: 'Copy failed' } },
};
