import type { Meta, StoryObj } from '@storybook/react-vite';
import { App } from 'antd';
import { SWRConfig } from 'swr';
import { SchemaForm, type SchemaFormProps } from './schema-form';

const NOW = () => new Date('2024-06-15T09:00:00');

/** A filled record (hypertension case "控制满意的常规随访" with a raised pressure). */
const HYPERTENSION_RECORD = {
  visitDate: '2024-06-10',
  visitMethod: '1',
  birthDate: '1950-03-02',
  symptoms: ['1'],
  sbp: 152,
  dbp: 96,
  height: 165,
  weight: 80,
  targetWeight: 70,
  heartRate: 72,
  drugCompliance: '0',
  adverseReaction: '1',
  followupClass: '2',
  referral: '1',
  outcome: '1',
  nextVisitDate: '2024-09-10',
  doctorSign: '张医生',
};

function Saving(props: SchemaFormProps) {
  const { message } = App.useApp();
  return (
    <SchemaForm
      {...props}
      onSubmit={(values, ack) =>
        void message.success(`保存: ${Object.keys(values).length} 个字段${ack ? `, 确认异常 ${ack.ruleIds.join(',')}` : ''}`)
      }
    />
  );
}

const meta: Meta<typeof SchemaForm> = {
  title: 'Form runtime/SchemaForm',
  component: SchemaForm,
  args: { source: 'bundled', now: NOW, draft: false },
  decorators: [(Story) => <SWRConfig value={{ provider: () => new Map() }}>{Story()}</SWRConfig>],
  render: (args) => <Saving {...args} />,
};
export default meta;
type Story = StoryObj<typeof SchemaForm>;

export const HypertensionNew: Story = { name: '高血压随访 (new)', args: { formCode: 'hypertensionfollowup' } };
export const HypertensionFilled: Story = {
  name: '高血压随访 (filled, anomalies)',
  args: { formCode: 'hypertensionfollowup', values: HYPERTENSION_RECORD },
};
export const HypertensionView: Story = {
  name: '高血压随访 (view)',
  args: { formCode: 'hypertensionfollowup', values: HYPERTENSION_RECORD, mode: 'view' },
};
export const HypertensionPrint: Story = {
  name: '高血压随访 (print, A4)',
  args: { formCode: 'hypertensionfollowup', values: HYPERTENSION_RECORD, mode: 'print' },
};
export const DiabetesNew: Story = { name: '糖尿病随访 (new)', args: { formCode: 'diabetesfollowup' } };
export const DiabetesView: Story = {
  name: '糖尿病随访 (view)',
  args: {
    formCode: 'diabetesfollowup',
    mode: 'view',
    values: { visitDate: '2024-06-10', visitMethod: '1', fbg: 8.2, hba1c: 7.4, sbp: 128, dbp: 78, height: 170, weight: 72 },
  },
};
export const WithClinicalWidgets: Story = {
  name: '高血压随访 with the blood-pressure widget',
  args: {
    formCode: 'hypertensionfollowup',
    widgets: { sbp: 'blood-pressure' },
    widgetProps: { sbp: { diastolicField: 'dbp', ageField: 'age' } },
  },
};
