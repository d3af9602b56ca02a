import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { BloodPressureInput, type BloodPressure } from './blood-pressure-input';
import { DateInput } from './date-input';
import { DateRangeInput } from './date-range-input';
import { DictCheckbox } from './dict-checkbox';
import { DictRadio } from './dict-radio';
import { DictMultiSelect, DictSelect } from './dict-select';
import { IdCardInput, type IdCardFill } from './id-card-input';
import { NumberUnitInput } from './number-unit-input';
import { TextAreaInput, TextInput } from './text-inputs';

/** Each widget with its value shown under it, as the form would receive it. */
function Harness<V>({ initial, children }: { initial: V; children: (value: V, set: (v: V) => void) => ReactNode }) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ maxWidth: 480 }}>
      {children(value, setValue)}
      <pre style={{ marginTop: 8, color: '#888' }}>value: {JSON.stringify(value)}</pre>
    </div>
  );
}

const meta: Meta = { title: 'Form runtime/Widgets' };
export default meta;
type Story = StoryObj;

export const Select1: Story = {
  name: '1 select (fu_method)',
  render: () => (
    <Harness<string | null> initial={null}>
      {(v, set) => <DictSelect dictionary={{ bizCode: 'fu_method' }} value={v} onChange={set} placeholder="请选择随访方式" />}
    </Harness>
  ),
};
export const Radio2: Story = {
  name: '2 radio, optional (click again to clear)',
  render: () => (
    <Harness<string | null> initial="1">
      {(v, set) => <DictRadio dictionary={{ bizCode: 'fu_outcome' }} value={v} onChange={set} />}
    </Harness>
  ),
};
export const Radio2Required: Story = {
  name: '2 radio, required (a click never clears it)',
  render: () => (
    <Harness<string | null> initial="1">
      {(v, set) => <DictRadio required dictionary={{ bizCode: 'fu_outcome' }} value={v} onChange={set} />}
    </Harness>
  ),
};
export const Text3: Story = {
  name: '3 text',
  render: () => (
    <Harness<string | null> initial={null}>{(v, set) => <TextInput value={v} onChange={set} placeholder="请输入其他体征" />}</Harness>
  ),
};
export const Number4: Story = {
  name: '4 number with unit',
  render: () => <Harness<number | null> initial={68}>{(v, set) => <NumberUnitInput value={v} onChange={set} unit="kg" />}</Harness>,
};
export const Date5: Story = {
  name: '5 date',
  render: () => <Harness<string | null> initial="2024-06-10">{(v, set) => <DateInput value={v} onChange={set} />}</Harness>,
};
export const TextArea6: Story = {
  name: '6 textarea',
  render: () => (
    <Harness<string | null> initial={null}>
      {(v, set) => <TextAreaInput value={v} onChange={set} placeholder="药物名称、用法、用量" />}
    </Harness>
  ),
};
export const Checkbox7: Story = {
  name: '7 checkbox group (htn_symptom)',
  render: () => (
    <Harness<string[] | null> initial={['1']}>
      {(v, set) => <DictCheckbox dictionary={{ bizCode: 'htn_symptom' }} value={v} onChange={set} />}
    </Harness>
  ),
};
export const MultiSelect8: Story = {
  name: '8 multi-select',
  render: () => (
    <Harness<string[] | null> initial={null}>
      {(v, set) => <DictMultiSelect dictionary={{ bizCode: 'dm_symptom' }} value={v} onChange={set} placeholder="请选择症状" />}
    </Harness>
  ),
};
export const IdCard: Story = {
  name: 'ID card (fills birth date, sex, age)',
  render: () => {
    function IdCardStory() {
      const [fill, setFill] = useState<IdCardFill>();
      return (
        <Harness<string | null> initial={null}>
          {(v, set) => (
            <>
              <IdCardInput value={v} onChange={set} onFill={setFill} now={new Date('2024-06-15T09:00:00')} />
              <pre>fill: {JSON.stringify(fill)}</pre>
            </>
          )}
        </Harness>
      );
    }
    return <IdCardStory />;
  },
};
export const BloodPressureGrade: Story = {
  name: 'blood pressure with grade',
  render: () => (
    <Harness<BloodPressure> initial={{ sbp: 152, dbp: 96 }}>{(v, set) => <BloodPressureInput value={v} onChange={set} age={60} />}</Harness>
  ),
};
export const DateRange: Story = {
  name: 'date range (time type)',
  render: () => (
    <Harness<string | null> initial="2024-01-01 00:00:00,2024-01-31 23:59:59">
      {(v, set) => <DateRangeInput value={v} onChange={set} withTime />}
    </Harness>
  ),
};
