import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FormDocument } from '../../engine';
import { renderWithUi, TEST_NOW } from '../test/render';
import { SchemaForm } from './schema-form';

const userEvent = userEventLib.setup({ delay: null });
const row = (prop: string) => document.querySelector(`[data-field="${prop}"]`) as HTMLElement;

const RESIDENT: FormDocument = {
  formCode: 'resident',
  formName: '居民信息',
  version: 1,
  fields: [
    { fieldProp: 'idNo', fieldLabel: '身份证号', fieldType: 3 },
    { fieldProp: 'birthDate', fieldLabel: '出生日期', fieldType: 5 },
    { fieldProp: 'sex', fieldLabel: '性别', fieldType: 1, bizCode: 'sex' },
    { fieldProp: 'age', fieldLabel: '年龄', fieldType: 4, unit: '岁' },
  ],
};

describe('clinical widgets inside SchemaForm', { timeout: 30_000 }, () => {
  it('the ID-card widget fills birth date, sex and age through the engine', async () => {
    renderWithUi(
      <SchemaForm
        formCode="resident"
        document={RESIDENT}
        now={TEST_NOW}
        draft={false}
        widgets={{ idNo: 'id-card' }}
        widgetProps={{ idNo: { targets: { birthDate: 'birthDate', gender: 'sex', age: 'age' }, now: TEST_NOW() } }}
      />,
    );
    await userEvent.type(within(row('idNo')).getByRole('textbox'), '11010519491231002X');
    await waitFor(() => expect(within(row('birthDate')).getByRole('textbox')).toHaveProperty('value', '1949-12-31'));
    expect(within(row('sex')).getByText('女')).toBeTruthy();
    expect(within(row('age')).getByRole('textbox')).toHaveProperty('value', '74');
  });

  it('the blood-pressure widget edits both pressures and shows the same grade as the form’s 血压分级', async () => {
    renderWithUi(
      <SchemaForm
        formCode="hypertensionfollowup"
        source="bundled"
        now={TEST_NOW}
        draft={false}
        values={{ visitDate: '2024-06-10', birthDate: '1954-03-02' }}
        widgets={{ sbp: 'blood-pressure' }}
        widgetProps={{ sbp: { diastolicField: 'dbp', ageField: 'age' } }}
      />,
    );
    // The diastolic row is part of the widget now.
    expect(row('dbp')).toBeNull();
    await userEvent.type(within(row('sbp')).getByLabelText('收缩压'), '150');
    await userEvent.type(within(row('sbp')).getByLabelText('舒张压'), '95');
    // 150/95 at 70: one meaning of the grade, the guideline's (bp_grade); the age target is the separate 控制.
    expect(within(row('age')).getByRole('textbox')).toHaveProperty('value', '70');
    expect(screen.getByTestId('bp-grade').textContent).toBe('分级: 1级高血压');
    expect(within(row('bpLevel')).getByText('1级高血压')).toBeTruthy();
    expect(screen.getByTestId('bp-control').textContent).toBe('控制: 未达标');
    expect(within(row('bpControl')).getByText('未达标')).toBeTruthy();
  });

  it('options rules filter a dictionary: no adverse reaction, no 不良反应 class', async () => {
    renderWithUi(
      <SchemaForm formCode="hypertensionfollowup" source="bundled" now={TEST_NOW} draft={false} values={{ adverseReaction: '1' }} />,
    );
    expect(within(row('followupClass')).queryByText('不良反应')).toBeNull();
    expect(within(row('followupClass')).getByText('并发症')).toBeTruthy();
    await userEvent.click(within(row('adverseReaction')).getByText('有'));
    await waitFor(() => expect(within(row('followupClass')).getByText('不良反应')).toBeTruthy());
  });
});
