import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProviders } from '../../components/ui-providers';
import type { MaternalCaseInput } from './maternal-api';
import { CaseForm } from './maternal-case-form';

// The server refuses a second open pregnancy for the resident (server/archives-other: 400 with this msg).
const sent: MaternalCaseInput[] = [];
vi.mock('./maternal-api', () => ({
  saveMaternalCase: (input: MaternalCaseInput) => {
    sent.push(input);
    return Promise.reject(new Error('该居民已有在管的孕产妇档案'));
  },
}));

describe('CaseForm refused', { timeout: 30_000 }, () => {
  it('shows the server’s refusal of a second open pregnancy and keeps what was typed', async () => {
    const saved = vi.fn();
    const dirty: boolean[] = [];
    render(
      <UiProviders lang="zh">
        <CaseForm archId="9001" c={null} onSaved={saved} onDirtyChange={(d) => dirty.push(d)} />
      </UiProviders>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByTestId('rest-region-input'), '城南街道');
    await user.type(screen.getByTestId('lmp-input'), '2026-09-20{Enter}');
    expect((await screen.findByTestId('maternal-case-error')).textContent).toContain('该居民已有在管的孕产妇档案');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ archId: '9001', lastMenstrualPeriod: '2026-09-20', restRegion: '城南街道' });
    // Nothing was filed: the typing stays, still marked not saved, and the button still files.
    expect(saved).not.toHaveBeenCalled();
    expect(screen.getByTestId('rest-region-input')).toHaveProperty('value', '城南街道');
    expect(screen.getByTestId('lmp-input')).toHaveProperty('value', '2026-09-20');
    expect(dirty.at(-1)).toBe(true);
    expect(screen.getByTestId('maternal-case-save').textContent).toMatch(/建\s*档/);
  });
});
