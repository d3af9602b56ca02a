import type { Meta, StoryObj } from '@storybook/react-vite';
import { Select } from 'antd';
import { answerCalls } from '../../api/story-answers';
import { MaternalFilingDialog, type ResidentPicker } from './maternal-filing-dialog';

/** A stand-in for the app's resident picker: three residents, each answered differently by maternal-valid. */
const Picker: ResidentPicker = ({ value, onChange, placeholder, testId }) => (
  <Select
    data-testid={testId}
    value={value}
    placeholder={placeholder}
    allowClear
    onChange={onChange}
    options={[
      { value: '101', label: '陈秀英（女，1995-03-01）' },
      { value: '102', label: '陈秀兰（女，1990-11-12，在管）' },
      { value: '103', label: '陈小明（男，2022-06-30）' },
    ]}
  />
);

/** 孕产妇管理's 新增建档: pick the woman; maternal-valid (answered here) says whether she may be filed. */
const meta: Meta<typeof MaternalFilingDialog> = {
  title: 'Maternal/MaternalFilingDialog',
  component: MaternalFilingDialog,
  args: { open: true, ResidentPicker: Picker, onCancel: () => undefined, onOpen: () => undefined },
  decorators: [
    (Story) => {
      answerCalls((url) => {
        const archId = new URLSearchParams(url.split('?')[1] ?? '').get('archId');
        if (archId === '102') return { valid: false, reason: '该居民已有在管的孕产妇档案' };
        if (archId === '103') return { valid: false, reason: '孕产妇档案只能为女性居民建立' };
        return { valid: true, reason: '' };
      });
      return <Story />;
    },
  ],
};
export default meta;

type Story = StoryObj<typeof MaternalFilingDialog>;

/** Pick 陈秀英 to file, 陈秀兰 to open her case in care, 陈小明 to see the refusal. */
export const Open: Story = {};
