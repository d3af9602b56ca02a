import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
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
});
