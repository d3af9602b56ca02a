import { screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test/render';
import { BloodPressureInput, type BloodPressure } from './blood-pressure-input';
import { DateRangeInput } from './date-range-input';
import { DictCheckbox } from './dict-checkbox';
import { DictRadio } from './dict-radio';
import { DictSelect } from './dict-select';
import { IdCardInput } from './id-card-input';
import { NumberUnitInput } from './number-unit-input';
import { TextAreaInput, TextInput } from './text-inputs';
import { numberOfText, sanitiseNumberText } from './number-text';

const userEvent = userEventLib.setup({ delay: null });
const OPTIONS = [
  { value: '1', label: '门诊' },
  { value: '2', label: '家庭' },
  { value: '3', label: '电话' },
];

/** A widget with its value kept in state, reporting every change. */
function Controlled<V>({
  initial,
  onChange,
  render,
}: {
  initial: V;
  onChange: (v: V) => void;
  render: (v: V, set: (v: V) => void) => JSX.Element;
}) {
  const [value, setValue] = useState(initial);
  return render(value, (v) => {
    setValue(v);
    onChange(v);
  });
}

describe('number with unit', () => {
  it('strips non-digits, keeps one dot, turns negatives to 0', () => {
    expect(sanitiseNumberText('12a3.4.5kg')).toBe('123.45');
    expect(sanitiseNumberText('-5')).toBe('0');
    expect(sanitiseNumberText('abc')).toBe('');
    expect(numberOfText('12.')).toBe(12);
    expect(numberOfText('.')).toBeNull();
  });

  it('shows the unit, keeps what is typed and hands numbers to the form', async () => {
    const onChange = vi.fn();
    renderWithUi(
      <Controlled<number | null>
        initial={null}
        onChange={onChange}
        render={(v, set) => <NumberUnitInput aria-label="体重" unit="kg" value={v} onChange={set} />}
      />,
    );
    expect(screen.getByText('kg')).toBeTruthy();
    const input = screen.getByLabelText('体重');
    await userEvent.type(input, '6x8.5');
    expect(input).toHaveProperty('value', '68.5');
    expect(onChange).toHaveBeenLastCalledWith(68.5);
    await userEvent.clear(input);
    await userEvent.type(input, '-3');
    expect(onChange).toHaveBeenLastCalledWith(0);
  });
});

describe('dictionary widgets', () => {
  it('radio, optional: clicking the chosen option again clears it (002 §5)', async () => {
    const onChange = vi.fn();
    renderWithUi(
      <Controlled<string | null>
        initial="2"
        onChange={onChange}
        render={(v, set) => <DictRadio options={OPTIONS} value={v} onChange={set} />}
      />,
    );
    await userEvent.click(screen.getByLabelText('家庭'));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByLabelText('家庭')).toHaveProperty('checked', false);
    await userEvent.click(screen.getByLabelText('电话'));
    expect(onChange).toHaveBeenLastCalledWith('3');
  });

  it('radio, required: clicking the chosen option keeps it; another option still changes it', async () => {
    const onChange = vi.fn();
    renderWithUi(
      <Controlled<string | null>
        initial="2"
        onChange={onChange}
        render={(v, set) => <DictRadio required options={OPTIONS} value={v} onChange={set} />}
      />,
    );
    await userEvent.click(screen.getByLabelText('家庭'));
    await userEvent.click(screen.getByLabelText('家庭'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('家庭')).toHaveProperty('checked', true);
    await userEvent.click(screen.getByLabelText('电话'));
    expect(onChange).toHaveBeenLastCalledWith('3');
    await userEvent.click(screen.getByLabelText('电话'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('电话')).toHaveProperty('checked', true);
  });

  it('checkbox group: codes in dictionary order, none → null', async () => {
    const onChange = vi.fn();
    renderWithUi(
      <Controlled<string[] | null>
        initial={null}
        onChange={onChange}
        render={(v, set) => <DictCheckbox options={OPTIONS} value={v} onChange={set} />}
      />,
    );
    await userEvent.click(screen.getByLabelText('电话'));
    await userEvent.click(screen.getByLabelText('门诊'));
    expect(onChange).toHaveBeenLastCalledWith(['1', '3']);
    await userEvent.click(screen.getByLabelText('电话'));
    await userEvent.click(screen.getByLabelText('门诊'));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('select loads its options from the code maps when none are given (offline)', async () => {
    renderWithUi(<DictSelect dictionary={{ bizCode: 'fu_method' }} value="2" />);
    // fu_method 2 is 家庭 in codemaps/followup.json.
    await waitFor(() => expect(screen.getByText('家庭')).toBeTruthy());
  });
});

describe('date range', () => {
  it('moves the end to the start when the start is later, with whole days for the time type', async () => {
    const onChange = vi.fn();
    renderWithUi(
      <Controlled<string | null>
        initial="2024-01-01 00:00:00,2024-01-10 23:59:59"
        onChange={onChange}
        render={(v, set) => <DateRangeInput withTime value={v} onChange={set} />}
      />,
    );
    const start = screen.getByLabelText('开始日期');
    await userEvent.click(start);
    await userEvent.clear(start);
    await userEvent.type(start, '2024-01-20{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2024-01-20 00:00:00,2024-01-20 23:59:59');
  });
});

describe('ID card', () => {
  const NOW = new Date('2024-06-15T09:00:00');

  it('fills birth date, sex and age from a valid number', async () => {
    const onFill = vi.fn();
    renderWithUi(
      <Controlled<string | null>
        initial={null}
        onChange={() => undefined}
        render={(v, set) => <IdCardInput aria-label="身份证号" now={NOW} value={v} onChange={set} onFill={onFill} />}
      />,
    );
    await userEvent.type(screen.getByLabelText('身份证号'), '11010519491231002x');
    expect(onFill).toHaveBeenCalledWith({ id18: '11010519491231002X', birthDate: '1949-12-31', gender: '2', age: 74 });
    expect(screen.getByText('出生日期 1949-12-31，性别 女，年龄 74')).toBeTruthy();
  });

  it('names what is wrong with a complete but invalid number, and fills nothing', async () => {
    const onFill = vi.fn();
    renderWithUi(
      <Controlled<string | null>
        initial={null}
        onChange={() => undefined}
        render={(v, set) => <IdCardInput aria-label="身份证号" now={NOW} value={v} onChange={set} onFill={onFill} />}
      />,
    );
    await userEvent.type(screen.getByLabelText('身份证号'), '110105194912310021');
    expect(screen.getByRole('alert').textContent).toBe('你输入的身份证号非法');
    expect(onFill).not.toHaveBeenCalled();
  });
});

describe('blood pressure', () => {
  it('shows the guideline grade for the pair (any age) and, apart, the control against the age target', async () => {
    const onChange = vi.fn();
    const { rerender } = renderWithUi(
      <Controlled<BloodPressure>
        initial={{ sbp: null, dbp: null }}
        onChange={onChange}
        render={(v, set) => <BloodPressureInput age={50} value={v} onChange={set} />}
      />,
    );
    await userEvent.type(screen.getByLabelText('收缩压'), '145');
    expect(screen.queryByTestId('bp-grade')).toBeNull();
    expect(screen.queryByTestId('bp-control')).toBeNull();
    await userEvent.type(screen.getByLabelText('舒张压'), '85');
    expect(onChange).toHaveBeenLastCalledWith({ sbp: 145, dbp: 85 });
    expect(screen.getByTestId('bp-grade').textContent).toBe('分级: 1级高血压');
    expect(screen.getByTestId('bp-control').textContent).toBe('控制: 未达标');
    // At 70 the grade stays 1级 (the guideline does not move with age); the target is 150/90.
    rerender(<BloodPressureInput age={70} value={{ sbp: 145, dbp: 85 }} />);
    expect(screen.getByTestId('bp-grade').textContent).toBe('分级: 1级高血压');
    expect(screen.getByTestId('bp-control').textContent).toBe('控制: 达标');
    rerender(<BloodPressureInput age={70} value={{ sbp: 150, dbp: 95 }} />);
    expect(screen.getByTestId('bp-grade').textContent).toBe('分级: 1级高血压');
    expect(screen.getByTestId('bp-control').textContent).toBe('控制: 未达标');
    rerender(<BloodPressureInput age={70} value={{ sbp: 165, dbp: 100 }} />);
    expect(screen.getByTestId('bp-grade').textContent).toBe('分级: 2级高血压');
    rerender(<BloodPressureInput age={70} value={{ sbp: 182, dbp: 95 }} />);
    expect(screen.getByTestId('bp-grade').textContent).toBe('分级: 3级高血压');
    rerender(<BloodPressureInput age={50} value={{ sbp: 120, dbp: 80 }} />);
    expect(screen.getByTestId('bp-grade').textContent).toBe('分级: 正常高值');
    rerender(<BloodPressureInput age={50} value={{ sbp: 118, dbp: 76 }} />);
    expect(screen.getByTestId('bp-grade').textContent).toBe('分级: 正常');
    // Diabetic patients keep 140 at every age: the same grade, not controlled.
    rerender(<BloodPressureInput age={70} diabetic value={{ sbp: 145, dbp: 85 }} />);
    expect(screen.getByTestId('bp-grade').textContent).toBe('分级: 1级高血压');
    expect(screen.getByTestId('bp-control').textContent).toBe('控制: 未达标');
  });
});

describe('text lengths the server stores (issue 22 §7)', () => {
  it('a text box takes no more than 200 characters and a text area no more than 2,000, however much is pasted', async () => {
    const text = vi.fn();
    const area = vi.fn();
    renderWithUi(
      <>
        <Controlled<string | null>
          initial={null}
          onChange={text}
          render={(v, set) => <TextInput aria-label="姓名备注" value={v} onChange={set} />}
        />
        <Controlled<string | null>
          initial={null}
          onChange={area}
          render={(v, set) => <TextAreaInput aria-label="辅助检查" value={v} onChange={set} />}
        />
      </>,
    );
    await userEvent.click(screen.getByLabelText('姓名备注'));
    await userEvent.paste('甲'.repeat(250));
    expect(text).toHaveBeenLastCalledWith('甲'.repeat(200));
    await userEvent.click(screen.getByLabelText('辅助检查'));
    await userEvent.paste('乙'.repeat(2500));
    expect(area).toHaveBeenLastCalledWith('乙'.repeat(2000));
  });
});
