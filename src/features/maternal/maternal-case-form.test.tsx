import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProviders } from '../../components/ui-providers';
import type { MaternalCase, MaternalCaseInput } from './maternal-api';
import { maternalCaseFixture } from './maternal-case-fixture';
import { CaseForm } from './maternal-case-form';

// The save call held open, so the test can type while it is on its way.
let answer: (c: MaternalCase) => void = () => undefined;
const sent: MaternalCaseInput[] = [];
vi.mock('./maternal-api', () => ({
  saveMaternalCase: (input: MaternalCaseInput) => {
    sent.push(input);
    return new Promise<MaternalCase>((resolve) => {
      answer = resolve;
    });
  },
}));

afterEach(cleanup);

/** A field's input in the form document (schemas/maternalcase.json) by its prop. */
const input = (prop: string) => document.querySelector<HTMLInputElement>(`[data-field="${prop}"] input`)!;
const lmpBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toLocaleDateString('sv-SE');

describe('CaseForm (孕产妇档案)', { timeout: 30_000 }, () => {
  it('keeps what is typed while a save is on its way, and says it is not saved yet', async () => {
    const dirty: boolean[] = [];
    // The shell's part: the saved case comes back into the form as its `c`.
    function Host() {
      const [c, setC] = useState<MaternalCase | null>(null);
      return <CaseForm archId="9001" c={c} onSaved={setC} onDirtyChange={(d) => dirty.push(d)} />;
    }
    render(
      <UiProviders lang="zh">
        <Host />
      </UiProviders>,
    );
    const user = userEvent.setup();
    const lmp = lmpBefore(70);
    // Enter in the date field takes the typed date; 建档 sends it.
    await user.type(input('lastMenstrualPeriod'), `${lmp}{Enter}`);
    await user.click(screen.getByRole('button', { name: /建\s*档/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ archId: '9001', lastMenstrualPeriod: lmp, gravidity: 1, parity: 0 });
    await user.type(input('restRegion'), '城南街道');
    await act(async () => answer(maternalCaseFixture({ id: '9301', lastMenstrualPeriod: lmp, restRegion: '' })));
    // The answer came back for what was sent: the later typing is neither overwritten nor called saved.
    expect(input('restRegion')).toHaveProperty('value', '城南街道');
    expect(input('lastMenstrualPeriod')).toHaveProperty('value', lmp);
    expect(dirty.at(-1)).toBe(true);
  });

  it('refuses a future LMP on the field with the server’s words, sending nothing', async () => {
    sent.length = 0;
    render(
      <UiProviders lang="zh">
        <CaseForm archId="9001" c={null} onSaved={() => undefined} onDirtyChange={() => undefined} />
      </UiProviders>,
    );
    const user = userEvent.setup();
    await user.type(input('lastMenstrualPeriod'), `${lmpBefore(-3)}{Enter}`);
    await user.click(screen.getByRole('button', { name: /建\s*档/ }));
    const lmpRow = document.querySelector<HTMLElement>('[data-field="lastMenstrualPeriod"]')!;
    await waitFor(() => expect(lmpRow.textContent).toContain('末次月经日期不能晚于今天'));
    expect(sent).toHaveLength(0);
    expect(input('lastMenstrualPeriod')).toHaveProperty('value', lmpBefore(-3));
  });

  it('starts a filing from the opener’s LMP and BARCODE, and shows a closed or cancelled case read only', () => {
    const { unmount } = render(
      <UiProviders lang="zh">
        <CaseForm
          archId="9001"
          c={null}
          onSaved={() => undefined}
          onDirtyChange={() => undefined}
          prefill={{ lastMenstrualPeriod: '2026-09-20', barcode: 'MB-77' }}
        />
      </UiProviders>,
    );
    expect(input('lastMenstrualPeriod')).toHaveProperty('value', '2026-09-20');
    expect(screen.getByDisplayValue('MB-77')).toBeTruthy();
    // The due date follows the LMP (LMP + 280 days), shown, not typed.
    expect(document.querySelector('[data-field="dueDate"] input')).toHaveProperty('value', '2027-06-27');
    expect(screen.queryByTestId('maternal-case-readonly')).toBeNull();
    unmount();
    render(
      <UiProviders lang="zh">
        <CaseForm
          archId="9001"
          c={maternalCaseFixture({ id: '9301', status: '2', statusText: '结案', barcode: 'OLD-1', restRegion: '城南街道' })}
          onSaved={() => undefined}
          onDirtyChange={() => undefined}
          prefill={{ barcode: 'MB-77' }}
          readOnlyNote="孕产妇档案已结案，不能修改"
        />
      </UiProviders>,
    );
    // The case's own values win over a prefill; nothing can be changed or saved: the values read as text.
    const form = screen.getByTestId('maternal-case-form');
    expect(within(form).getByText('OLD-1')).toBeTruthy();
    expect(within(form).getByText('城南街道')).toBeTruthy();
    expect(within(form).queryByText('MB-77')).toBeNull();
    expect(within(form).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(form).queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.getByTestId('maternal-case-readonly').textContent).toContain('孕产妇档案已结案，不能修改');
    cleanup();
    // A cancelled case is never saved again: read only, in the words the server refuses it with.
    render(
      <UiProviders lang="zh">
        <CaseForm
          archId="9001"
          c={maternalCaseFixture({ id: '9302', status: '3', statusText: '已注销' })}
          onSaved={() => undefined}
          onDirtyChange={() => undefined}
        />
      </UiProviders>,
    );
    expect(screen.getByTestId('maternal-case-readonly').textContent).toContain('该档案已注销，不能修改');
    expect(within(screen.getByTestId('maternal-case-form')).queryAllByRole('textbox')).toHaveLength(0);
  });
});
