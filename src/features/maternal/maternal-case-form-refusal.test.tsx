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

const input = (prop: string) => document.querySelector<HTMLInputElement>(`[data-field="${prop}"] input`)!;

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
    const lmp = new Date(Date.now() - 70 * 86_400_000).toLocaleDateString('sv-SE');
    await user.type(input('restRegion'), '城南街道');
    await user.type(input('lastMenstrualPeriod'), `${lmp}{Enter}`);
    await user.click(screen.getByRole('button', { name: /建\s*档/ }));
    expect((await screen.findByTestId('maternal-case-error')).textContent).toContain('该居民已有在管的孕产妇档案');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ archId: '9001', lastMenstrualPeriod: lmp, restRegion: '城南街道' });
    // Nothing was filed: the typing stays, still marked not saved, and the button still files.
    expect(saved).not.toHaveBeenCalled();
    expect(input('restRegion')).toHaveProperty('value', '城南街道');
    expect(input('lastMenstrualPeriod')).toHaveProperty('value', lmp);
    expect(dirty.at(-1)).toBe(true);
    expect(screen.getByRole('button', { name: /建\s*档/ })).toBeTruthy();
  });
});
