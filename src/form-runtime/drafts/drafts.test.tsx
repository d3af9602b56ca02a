import { webcrypto } from 'node:crypto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Button } from 'antd';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormValues } from '../../engine';
import { clearSession } from '../../api/session';
import { SchemaForm } from '../schema-form/schema-form';
import { renderWithUi, TEST_NOW } from '../test/render';
import { seal, unseal } from './draft-crypto';
import { draftStoreKey, loadDraft, saveDraft } from './draft-store';
import { CLOSE_WARNING, useUnsavedGuard } from './use-unsaved-guard';

const userEvent = userEventLib.setup({ delay: null });
const SCOPE = { userId: 'u1', archiveId: 'a1', formCode: 'hypertensionfollowup', version: 1 };

beforeAll(() => {
  // jsdom has getRandomValues but no SubtleCrypto; Node's Web Crypto is the same API browsers have.
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('draft encryption', () => {
  it('round-trips, never stores the plain text, and is unreadable after logout', async () => {
    const sealed = await seal({ sbp: 150, doctorSign: '张医生' });
    expect(JSON.stringify(sealed)).not.toContain('张医生');
    expect(await unseal(sealed)).toEqual({ sbp: 150, doctorSign: '张医生' });
    await saveDraft(SCOPE, { values: { sbp: 150 }, savedAt: 'x' });
    expect((await loadDraft(SCOPE))?.values).toEqual({ sbp: 150 });
    clearSession();
    expect(await unseal(sealed)).toBeUndefined();
    expect(await loadDraft(SCOPE)).toBeUndefined();
  });

  it('drafts sealed at once before the tab has a key are all readable (one key is made, not two)', async () => {
    const [a, b, c] = await Promise.all([seal({ sbp: 1 }), seal({ sbp: 15 }), seal({ sbp: 150 })]);
    expect(await unseal(a)).toEqual({ sbp: 1 });
    expect(await unseal(b)).toEqual({ sbp: 15 });
    expect(await unseal(c)).toEqual({ sbp: 150 });
    // After a logout the next draft gets a new key, and the old text stays unreadable.
    clearSession();
    const d = await seal({ sbp: 160 });
    expect(await unseal(d)).toEqual({ sbp: 160 });
    expect(await unseal(c)).toBeUndefined();
  });

  it('a draft survives a session that timed out, and is offered after the next login', async () => {
    await saveDraft(SCOPE, { values: { sbp: 150 }, savedAt: 'x' });
    clearSession({ keepDrafts: true });
    expect((await loadDraft(SCOPE))?.values).toEqual({ sbp: 150 });
    clearSession();
    expect(await loadDraft(SCOPE)).toBeUndefined();
  });

  it('keeps drafts apart per user, archive, record, form and version', () => {
    expect(draftStoreKey(SCOPE)).toBe('draft:u1:a1:new:hypertensionfollowup:1');
    expect(draftStoreKey({ ...SCOPE, version: 2 })).not.toBe(draftStoreKey(SCOPE));
    expect(draftStoreKey({ ...SCOPE, userId: 'u2' })).not.toBe(draftStoreKey(SCOPE));
    // A saved record's draft is never offered in a new record of the same form, nor the reverse.
    expect(draftStoreKey({ ...SCOPE, recordId: 'r9' })).toBe('draft:u1:a1:r9:hypertensionfollowup:1');
  });
});

interface HostProps {
  onSubmit?: () => void | Promise<void>;
  onSaved?: () => void;
  values?: FormValues;
}

function Host({ onSubmit = () => undefined, onSaved, values }: HostProps) {
  const { guard, dirty, confirmClose } = useUnsavedGuard();
  const [closed, setClosed] = useState<string>('');
  return (
    <>
      <span data-testid="dirty">{String(dirty)}</span>
      <span data-testid="closed">{closed}</span>
      <Button onClick={() => void confirmClose().then((ok) => setClosed(ok ? 'closed' : 'kept'))}>关闭</Button>
      <SchemaForm
        formCode="hypertensionfollowup"
        source="bundled"
        now={TEST_NOW}
        values={values}
        draft={{ userId: 'u1', archiveId: 'a1' }}
        guard={guard}
        onSubmit={onSubmit}
        onSaved={onSaved}
      />
    </>
  );
}

describe('drafts and the close confirmation in a form', { timeout: 30_000 }, () => {
  it('asks before closing only when changes would be lost', async () => {
    renderWithUi(<Host />);
    await userEvent.click(screen.getByRole('button', { name: /^关\s*闭$/ }));
    await waitFor(() => expect(screen.getByTestId('closed').textContent).toBe('closed'));
    expect(screen.queryByText(CLOSE_WARNING)).toBeNull();

    const sbp = screen.getByLabelText('收缩压', { selector: 'input' });
    await userEvent.type(sbp, '150');
    expect(screen.getByTestId('dirty').textContent).toBe('true');
    // Typed back to how it was opened: nothing would be lost.
    await userEvent.clear(sbp);
    await waitFor(() => expect(screen.getByTestId('dirty').textContent).toBe('false'));

    await userEvent.type(sbp, '150');
    await userEvent.click(screen.getByRole('button', { name: /^关\s*闭$/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getAllByText('警告').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(CLOSE_WARNING)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.getByTestId('closed').textContent).toBe('kept'));
  });

  it('saves an encrypted draft while typing and offers it back after a reload', async () => {
    const first = renderWithUi(<Host />);
    await userEvent.type(screen.getByLabelText('收缩压', { selector: 'input' }), '150');
    // Waits for this form's draft, readable with this tab's key: a write the previous test left
    // encrypting can land after the storage was cleared, under a key that is gone.
    await waitFor(async () => expect((await loadDraft(SCOPE))?.values).toMatchObject({ sbp: 150 }), { timeout: 5000 });
    expect(localStorage.getItem(`saber-${draftStoreKey(SCOPE)}`)).not.toContain('150');
    first.unmount();

    renderWithUi(<Host />);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getAllByText('恢复草稿?').length).toBeGreaterThan(0);
    await act(async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: /恢\s*复/ }));
    });
    await waitFor(() => expect(screen.getByLabelText('收缩压', { selector: 'input' })).toHaveProperty('value', '150'));
  });
});

/** A saved record that passes every rule, so 保存 reaches onSubmit without a prompt. */
const SAVED: FormValues = {
  visitDate: '2024-06-10',
  visitMethod: '1',
  birthDate: '1964-03-02',
  symptoms: ['1'],
  sbp: 128,
  dbp: 82,
  height: 165,
  weight: 62,
  drugCompliance: '0',
  adverseReaction: '1',
  followupClass: '1',
  referral: '1',
  outcome: '1',
  nextVisitDate: '2024-09-10',
  doctorSign: '张医生',
};
const DRAFT_KEY = 'saber-draft:u1:a1:new:hypertensionfollowup:1';

/** Changes the saved record's heart rate, waits for its draft, then presses 保存. */
async function editAndSave() {
  const rate = screen.getByLabelText('心率', { selector: 'input' });
  await userEvent.clear(rate);
  await userEvent.type(rate, '76');
  expect(screen.getByTestId('dirty').textContent).toBe('true');
  await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull(), { timeout: 3000 });
  await userEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
}

describe('a save counts only when onSubmit resolves', { timeout: 30_000 }, () => {
  it('a refused save (onSubmit rejects) keeps the changes unsaved: close still asks, the draft stays', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const onSubmit = vi.fn(() => Promise.reject(new Error('数据已被他人修改')));
      renderWithUi(<Host values={SAVED} onSubmit={onSubmit} />);
      await editAndSave();
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      // The button leaves its loading state once the rejection has been handled.
      await waitFor(() => expect(document.querySelector('.fr-actions .ant-btn-loading')).toBeNull());

      expect(screen.getByTestId('dirty').textContent).toBe('true');
      expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
      await userEvent.click(screen.getByRole('button', { name: /^关\s*闭$/ }));
      expect(within(await screen.findByRole('dialog', {}, { timeout: 5000 })).getByText(CLOSE_WARNING)).toBeTruthy();
      // Nothing escaped as an unhandled promise error.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('a save that succeeds (onSubmit resolves) leaves nothing unsaved: closes at once, no draft', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithUi(<Host values={SAVED} onSubmit={onSubmit} />);
    await editAndSave();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('dirty').textContent).toBe('false'));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^关\s*闭$/ }));
    await waitFor(() => expect(screen.getByTestId('closed').textContent).toBe('closed'));
    expect(screen.queryByText(CLOSE_WARNING)).toBeNull();
    // And no late write brings the saved values back as a draft.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('the draft is gone before the host is told of the save, so a reload at 保存成功 offers nothing', async () => {
    // The host says 保存成功 in onSaved; what is stored at that moment is what a reload would find.
    const atSaved: Array<string | null> = [];
    const onSubmit = vi.fn(async () => {
      // The server's answer takes a while, as in the browser.
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    renderWithUi(<Host values={SAVED} onSubmit={onSubmit} onSaved={() => atSaved.push(localStorage.getItem(DRAFT_KEY))} />);
    await editAndSave();
    await waitFor(() => expect(atSaved).toHaveLength(1));
    expect(atSaved).toEqual([null]);
    expect(screen.getByTestId('dirty').textContent).toBe('false');
  });

  it('a refused save never tells the host it was saved', async () => {
    const onSaved = vi.fn();
    renderWithUi(<Host values={SAVED} onSubmit={() => Promise.reject(new Error('refused'))} onSaved={onSaved} />);
    await editAndSave();
    await waitFor(() => expect(document.querySelector('.fr-actions .ant-btn-loading')).toBeNull());
    expect(onSaved).not.toHaveBeenCalled();
  });
});
