import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UiProviders } from '../../components/ui-providers';
import type { FormValues } from '../../engine';
import type { RuntimeStatus } from '../schema-form/engine-runtime';
import { clearDraft, saveDraft } from './draft-store';
import { useDraft } from './use-draft';

// Encryption is the slow, asynchronous step a clear can overtake. Each seal() here waits until the
// test lets it finish, so the order of "write started", "cleared" and "write finished" is exact.
const pendingSeals: Array<() => void> = [];
vi.mock('./draft-crypto', () => ({
  seal: (value: unknown) =>
    new Promise((resolve) => {
      pendingSeals.push(() => resolve({ iv: 'iv', data: JSON.stringify(value) }));
    }),
  unseal: (sealed: { data: string }) => Promise.resolve(JSON.parse(sealed.data) as unknown),
}));

const SCOPE = { userId: 'u1', archiveId: 'a1', formCode: 'hypertensionfollowup', version: 1 };
const STORED = 'saber-draft:u1:a1:new:hypertensionfollowup:1';
const wrapper = ({ children }: { children: ReactNode }) => <UiProviders lang="zh">{children}</UiProviders>;

/** Lets every encryption that has started finish, and the writes after them run. */
async function finishSeals() {
  await act(async () => {
    for (const finish of pendingSeals.splice(0)) finish();
    await Promise.resolve();
    await Promise.resolve();
  });
}

/** The draft hook as <SchemaForm> drives it: a status per change, and the unsaved inputs (or none). */
function renderDraft(unsaved: { current: FormValues | undefined }) {
  return renderHook(
    (status: RuntimeStatus) =>
      useDraft(
        SCOPE,
        status,
        () => unsaved.current,
        () => undefined,
        false,
      ),
    {
      wrapper,
      initialProps: { progress: 0, dirty: false, revision: 0 },
    },
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  pendingSeals.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('draft writes never outlive a save', () => {
  it('a write still encrypting when the save clears the draft is dropped', async () => {
    const unsaved = { current: { sbp: 150 } as FormValues | undefined };
    const hook = renderDraft(unsaved);
    hook.rerender({ progress: 10, dirty: true, revision: 1 });
    act(() => vi.advanceTimersByTime(600));
    expect(pendingSeals).toHaveLength(1);

    // The save succeeds while that write is encrypting: the form is clean and the draft cleared.
    unsaved.current = undefined;
    hook.rerender({ progress: 10, dirty: false, revision: 1 });
    await finishSeals();
    act(() => vi.advanceTimersByTime(5_000));
    expect(localStorage.getItem(STORED)).toBeNull();
  });

  it('writes nothing when the inputs equal the saved baseline by the time the write is due', async () => {
    const unsaved = { current: { sbp: 150 } as FormValues | undefined };
    const hook = renderDraft(unsaved);
    hook.rerender({ progress: 10, dirty: true, revision: 1 });
    act(() => vi.advanceTimersByTime(300));
    // Saved before the status reached this hook (the runtime already compares equal to the baseline).
    unsaved.current = undefined;
    act(() => vi.advanceTimersByTime(300));
    expect(pendingSeals).toHaveLength(0);
    await finishSeals();
    expect(localStorage.getItem(STORED)).toBeNull();
  });

  it('still keeps the draft of unsaved changes, 600 ms after the last one', async () => {
    const unsaved = { current: { sbp: 150 } as FormValues | undefined };
    const hook = renderDraft(unsaved);
    hook.rerender({ progress: 10, dirty: true, revision: 1 });
    act(() => vi.advanceTimersByTime(599));
    expect(pendingSeals).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    await finishSeals();
    expect(JSON.parse(localStorage.getItem(STORED) ?? 'null')).toMatchObject({ iv: 'iv' });
    expect(localStorage.getItem(STORED)).toContain('150');
  });

  it('an older write that finishes last never overwrites a newer one', async () => {
    const older = saveDraft(SCOPE, { values: { sbp: 140 }, savedAt: 'a' });
    const newer = saveDraft(SCOPE, { values: { sbp: 150 }, savedAt: 'b' });
    const [finishOlder, finishNewer] = pendingSeals.splice(0);
    finishNewer?.();
    expect(await newer).toBe(true);
    finishOlder?.();
    expect(await older).toBe(false);
    expect(localStorage.getItem(STORED)).toContain('150');
    clearDraft(SCOPE);
    expect(localStorage.getItem(STORED)).toBeNull();
  });
});
