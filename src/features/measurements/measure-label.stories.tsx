import type { Meta, StoryObj } from '@storybook/react-vite';
import { MeasureLabel } from './measure-label';
import './labels.css';

const meta: Meta<typeof MeasureLabel> = {
  title: 'Measurements/MeasureLabel',
  component: MeasureLabel,
  decorators: [
    (Story) => (
      <div className="measure-labels">
        <Story />
      </div>
    ),
  ],
  args: {
    row: {
      apply_date: '2026-11-29',
      proj_name: '血常规',
      name: '何文华',
      sex_text: '女',
      age: 21,
      ageDetail: '21岁',
      bar_code: 'TJ202611290001',
    },
  },
};
export default meta;

/** A label as 体检申请 prints it: the resident, the project and day, the bar code as Code 128 (bwip-js). */
export const Default: StoryObj<typeof MeasureLabel> = {};

/** A long project name. */
export const LongProject: StoryObj<typeof MeasureLabel> = {
  args: { row: { ...meta.args!.row!, proj_name: '肝功能十一项（含谷丙转氨酶、谷草转氨酶、总胆红素）', bar_code: 'TJ202611290002' } },
};

/** A row kept from before bar codes were given: the printer's refusal instead of an empty code. */
export const NoBarCode: StoryObj<typeof MeasureLabel> = {
  args: { row: { ...meta.args!.row!, proj_name: '尿常规', bar_code: '' } },
};
