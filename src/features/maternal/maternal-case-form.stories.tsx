import type { Meta, StoryObj } from '@storybook/react-vite';
import { answerCalls } from '../../api/story-answers';
import { maternalCaseFixture } from './maternal-case-fixture';
import { CaseForm } from './maternal-case-form';

const lmp = new Date(Date.now() - 70 * 86_400_000).toISOString().slice(0, 10);

/** 孕产妇档案: the case filed or edited (create-or-update answered here by the story). */
const meta: Meta<typeof CaseForm> = {
  title: 'Maternal/CaseForm',
  component: CaseForm,
  args: { archId: '10', c: null, onSaved: () => undefined, onDirtyChange: () => undefined },
  decorators: [
    (Story) => {
      answerCalls((_url, body) => maternalCaseFixture(body as Partial<ReturnType<typeof maternalCaseFixture>>));
      return <Story />;
    },
  ],
};
export default meta;

type Story = StoryObj<typeof CaseForm>;

/** Filing: empty but for G1P0; the due date follows the LMP picked. */
export const Filing: Story = {};
/** Filing opened with the opener's lastMenstrualPeriod and BARCODE. */
export const FilingPrefilled: Story = { args: { prefill: { lastMenstrualPeriod: lmp, barcode: 'MB-2026-077' } } };
/** An open case being edited (保存). */
export const Editing: Story = {
  args: { c: maternalCaseFixture({ lastMenstrualPeriod: lmp, pregnantBookId: 'YC-1', barcode: 'MB-1', restRegion: '源城区上城街道' }) },
};
/** A closed case that may not be edited: read only, with the note. */
export const ClosedReadOnly: Story = {
  args: {
    c: maternalCaseFixture({ status: '2', statusText: '结案', lastMenstrualPeriod: lmp }),
    readOnlyNote: '孕产妇档案已结案，不能修改',
  },
};
/** A cancelled case: read only, in the words the server refuses an edit with. */
export const CancelledReadOnly: Story = {
  args: { c: maternalCaseFixture({ status: '3', statusText: '已注销', lastMenstrualPeriod: lmp }) },
};
/** The server refuses a second open pregnancy: its words show, what was typed stays (pick an LMP and press 建档). */
export const SecondPregnancyRefused: Story = {
  decorators: [
    (Story) => {
      answerCalls(() => {
        throw new Error('该居民已有在管的孕产妇档案');
      });
      return <Story />;
    },
  ],
};
