import { act, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FormValues } from '../../engine';
import { renderWithUi, TEST_NOW } from '../test/render';
import { SchemaForm } from './schema-form';

/** A saved-looking record with everything required filled except the measurements typed in the test. */
const FILLED: FormValues = {
  visitDate: '2024-06-10',
  visitMethod: '1',
  birthDate: '1964-03-02',
  symptoms: ['1'],
  drugCompliance: '0',
  adverseReaction: '1',
  followupClass: '1',
  referral: '1',
  outcome: '1',
  nextVisitDate: '2024-09-10',
  doctorSign: '张医生',
};

// No delay between keys: the engine's work is what is tested, not typing speed.
const userEvent = userEventLib.setup({ delay: null });

const row = (prop: string) => document.querySelector(`[data-field="${prop}"]`) as HTMLElement;

async function typeInto(label: string, text: string) {
  const input = screen.getByLabelText(label, { selector: 'input' });
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

function renderHypertension(onSubmit = vi.fn(), values?: FormValues) {
  renderWithUi(
    <SchemaForm formCode="hypertensionfollowup" source="bundled" values={values} now={TEST_NOW} onSubmit={onSubmit} draft={false} />,
  );
  return onSubmit;
}

describe('SchemaForm on the hypertension follow-up', { timeout: 30_000 }, () => {
  it('computes BMI and the blood-pressure grade as the user types, with the rule behind them', async () => {
    renderHypertension(vi.fn(), FILLED);
    await typeInto('收缩压', '150');
    await typeInto('舒张压', '95');
    await typeInto('身高', '165');
    await typeInto('体重', '68');
    expect(screen.getByLabelText('体质指数', { selector: 'input' })).toHaveProperty('value', '24.98');
    // 150/95 at age 60: 1级高血压 (bp_grade 2), not controlled.
    expect(within(row('bpLevel')).getByText('1级高血压')).toBeTruthy();
    expect(within(row('bpControl')).getByText('未达标')).toBeTruthy();
    // The calculated field says why: its rule and the inputs it read.
    await userEvent.click(within(row('bmi')).getByRole('button', { name: /为什么/ }));
    const why = await screen.findByTestId('why-content');
    expect(why.textContent).toContain('bmi.calc');
    expect(why.textContent).toContain('体重 = 68');
    expect(why.textContent).toContain('身高 = 165');
  });

  it("shows a field's help text beside its label, on hover", async () => {
    renderHypertension(vi.fn(), FILLED);
    const help = within(row('birthDate')).getByLabelText('取自居民健康档案');
    await userEvent.hover(help);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '取自居民健康档案');
    // A field without help has no mark.
    expect(row('visitDate').querySelector('.fr-item-help')).toBeNull();
  });

  it('shows the progress of required fields from the engine', async () => {
    renderHypertension();
    const bar = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    const before = bar();
    await typeInto('收缩压', '130');
    expect(bar()).toBeGreaterThan(before);
  });

  it('on submit focuses the first invalid field and warns with its exact message', async () => {
    const onSubmit = renderHypertension();
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('随访日期不能为空', { selector: '.ant-message *' })).toBeTruthy();
    expect(row('visitDate').contains(document.activeElement)).toBe(true);
    expect(within(row('visitDate')).getByRole('alert').textContent).toBe('随访日期不能为空');
    expect(within(row('sbp')).getByRole('alert').textContent).toBe('收缩压不能为空');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('an implausible value is an error message on the field and blocks saving', async () => {
    const onSubmit = renderHypertension(vi.fn(), { ...FILLED, sbp: 120, dbp: 80, weight: 60 });
    await typeInto('心率', '999');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('心率数值异常', { selector: '.ant-message *' })).toBeTruthy();
    expect(row('heartRate').contains(document.activeElement)).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('an anomaly asks 有异常是否保存? listing it; 否 returns to the form, 是 saves with the acknowledgement', async () => {
    const onSubmit = renderHypertension(vi.fn(), { ...FILLED, followupClass: '2', height: 165, weight: 68 });
    await typeInto('收缩压', '80');
    await typeInto('舒张压', '90');
    // The anomaly shows on the field as it happens, amber.
    const warning = row('sbp').querySelector('.fr-msg-warning[data-rule="bp.order"]');
    expect(warning?.textContent).toContain('收缩压应高于舒张压');
    // 80 is also below 90: the separate 血压偏低 warning (the guideline grade has no 偏低).
    expect(row('sbp').querySelector('.fr-msg-warning[data-rule="bp.low"]')?.textContent).toContain('血压偏低');

    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('有异常是否保存?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('收缩压: 收缩压应高于舒张压')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /否/ }));
    // (jsdom runs no CSS transitions, so the closed dialog's node stays; the answer is what counts.)
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    const dialogs = await screen.findAllByRole('dialog');
    const again = dialogs[dialogs.length - 1] as HTMLElement;
    await userEvent.click(within(again).getByRole('button', { name: /是/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values, ack] = onSubmit.mock.calls[0] as [Record<string, unknown>, { prompt: string; ruleIds: string[] }];
    // 80/90: 1级 by the diastolic (bp_grade 2); the systolic below 90 is also 血压偏低.
    expect(values).toMatchObject({ sbp: 80, dbp: 90, bmi: 24.98, bpLevel: '2' });
    expect(ack.prompt).toBe('有异常是否保存?');
    expect(ack.ruleIds).toEqual(['bp.order', 'bp.low']);
  });

  it('hides and requires fields as the rules say: ending management asks for the reason', async () => {
    renderHypertension(vi.fn(), FILLED);
    expect(row('stopReason')).toBeNull();
    await act(async () => {
      await userEvent.click(within(row('outcome')).getByText('终止管理'));
    });
    expect(row('stopReason')).not.toBeNull();
    expect(row('stopReason').querySelector('.fr-item-asterisk')).not.toBeNull();
    // 随访结局 is required: clicking the chosen option again keeps it (and the reason stays);
    // choosing 继续随访 hides the reason again.
    await userEvent.click(within(row('outcome')).getByText('终止管理'));
    expect(within(row('outcome')).getByLabelText('终止管理')).toHaveProperty('checked', true);
    expect(row('stopReason')).not.toBeNull();
    await userEvent.click(within(row('outcome')).getByText('继续随访'));
    await waitFor(() => expect(row('stopReason')).toBeNull());
  });

  it('a required single choice cannot be unticked: the preselected 继续随访 stays, and so does the required 下次随访日期', async () => {
    // A new record: 随访结局 starts as its default 继续随访, which shows and requires the next visit date.
    renderHypertension();
    const continuing = within(row('outcome')).getByLabelText('继续随访');
    expect(continuing).toHaveProperty('checked', true);
    expect(row('nextVisitDate').querySelector('.fr-item-asterisk')).not.toBeNull();
    await userEvent.click(within(row('outcome')).getByText('继续随访'));
    await userEvent.click(continuing);
    expect(within(row('outcome')).getByLabelText('继续随访')).toHaveProperty('checked', true);
    expect(row('nextVisitDate')).not.toBeNull();
    expect(row('nextVisitDate').querySelector('.fr-item-asterisk')).not.toBeNull();
    // Saving still asks for it, with the rule's message.
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await within(row('nextVisitDate')).findByText('继续随访时请填写下次随访日期')).toBeTruthy();
  });

  it('an optional single choice still clears on a second click (002 §5): 转诊 goes back to unanswered', async () => {
    renderHypertension(vi.fn(), FILLED);
    expect(within(row('referral')).getByLabelText('否')).toHaveProperty('checked', true);
    await userEvent.click(within(row('referral')).getByText('否'));
    await waitFor(() => expect(within(row('referral')).getByLabelText('否')).toHaveProperty('checked', false));
  });

  it('shows no blood-pressure grade or control before both pressures are entered (a blank form never says 未达标)', async () => {
    renderHypertension(vi.fn(), FILLED);
    expect(within(row('bpLevel')).queryByText('未达标')).toBeNull();
    expect(row('bpControl').textContent).not.toContain('未达标');
    expect(row('bpControl').textContent).not.toContain('达标');
    await typeInto('收缩压', '150');
    expect(row('bpControl').textContent).not.toContain('达标');
    await typeInto('舒张压', '95');
    expect(within(row('bpControl')).getByText('未达标')).toBeTruthy();
  });
});
