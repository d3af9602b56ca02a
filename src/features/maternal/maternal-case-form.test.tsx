import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
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
    // Enter in the date field submits the form (antd's Form), as a user who presses it does.
    await user.type(screen.getByTestId('lmp-input'), '2026-09-20{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    await user.type(screen.getByTestId('rest-region-input'), '城南街道');
    await act(async () => answer(maternalCaseFixture({ id: '9301', lastMenstrualPeriod: '2026-09-20', restRegion: '' })));
    // The answer came back for what was sent: the later typing is neither overwritten nor called saved.
    expect(screen.getByTestId('rest-region-input')).toHaveProperty('value', '城南街道');
    expect(dirty.at(-1)).toBe(true);
  });

  it('starts a filing from the opener’s LMP and BARCODE, and shows a closed case read only', () => {
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
    expect(screen.getByTestId('lmp-input')).toHaveProperty('value', '2026-09-20');
    expect(screen.getByDisplayValue('MB-77')).toBeTruthy();
    expect(screen.queryByTestId('maternal-case-readonly')).toBeNull();
    unmount();
    render(
      <UiProviders lang="zh">
        <CaseForm
          archId="9001"
          c={maternalCaseFixture({ id: '9301', status: '2', statusText: '结案', barcode: 'OLD-1' })}
          onSaved={() => undefined}
          onDirtyChange={() => undefined}
          prefill={{ barcode: 'MB-77' }}
          readOnlyNote="孕产妇档案已结案，不能修改"
        />
      </UiProviders>,
    );
    // The case's own values win over a prefill; nothing can be changed or saved.
    expect(screen.getByDisplayValue('OLD-1')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('rest-region-input')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('maternal-case-save')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('maternal-case-readonly').textContent).toContain('孕产妇档案已结案，不能修改');
  });
});
