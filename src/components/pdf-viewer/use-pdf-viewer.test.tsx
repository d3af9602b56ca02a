import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePdfViewer, type PdfViewing } from './use-pdf-viewer';

// What the screen's viewer is handed: open, loading, the PDF or why there is none.
vi.mock('./pdf-viewer', () => ({
  PdfViewer: ({
    open,
    data,
    error,
    title,
    onClose,
  }: {
    open: boolean;
    data?: Uint8Array;
    error?: string;
    title?: string;
    onClose: () => void;
  }) =>
    open ? (
      <div data-testid="viewer">
        <span data-testid="title">{title ?? ''}</span>
        <span data-testid="state">{error ?? (data ? `PDF ${data.length} bytes` : 'loading')}</span>
        <button onClick={onClose}>close</button>
      </div>
    ) : null,
}));

function deferred() {
  let resolve!: (data: Uint8Array) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Uint8Array>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function mount() {
  const hook = {} as { current: PdfViewing };
  function Screen() {
    hook.current = usePdfViewer();
    return hook.current.viewer;
  }
  render(<Screen />);
  return hook;
}

afterEach(cleanup);

const state = () => screen.getByTestId('state').textContent;

describe('usePdfViewer', () => {
  it('opens at once, loading, then shows the PDF with its title', async () => {
    const hook = mount();
    const pdf = deferred();
    act(() => hook.current.show(() => pdf.promise, { title: '健康档案' }));
    expect(state()).toBe('loading');
    expect(screen.getByTestId('title').textContent).toBe('健康档案');
    await act(async () => pdf.resolve(new Uint8Array(3)));
    expect(state()).toBe('PDF 3 bytes');
  });

  it('a later request wins over a slower earlier one', async () => {
    const hook = mount();
    const first = deferred();
    const second = deferred();
    act(() => hook.current.show(() => first.promise));
    act(() => hook.current.show(() => second.promise));
    await act(async () => second.resolve(new Uint8Array(2)));
    await act(async () => first.resolve(new Uint8Array(9)));
    expect(state()).toBe('PDF 2 bytes');
  });

  it('closing drops an answer still coming', async () => {
    const hook = mount();
    const pdf = deferred();
    act(() => hook.current.show(() => pdf.promise));
    act(() => screen.getByText('close').click());
    await act(async () => pdf.resolve(new Uint8Array(4)));
    expect(screen.queryByTestId('viewer')).toBeNull();
  });

  it('says why there is no PDF: the error’s message, the fallback when it has none, or the caller’s text', async () => {
    const hook = mount();
    const refused = deferred();
    act(() => hook.current.show(() => refused.promise, { fallback: '获取失败' }));
    await act(async () => refused.reject(new Error('无权查看该居民')));
    expect(state()).toBe('无权查看该居民');

    const bare = deferred();
    act(() => hook.current.show(() => bare.promise, { fallback: '获取失败' }));
    await act(async () => bare.reject(new Error('')));
    expect(state()).toBe('获取失败');

    const fixed = deferred();
    act(() => hook.current.show(() => fixed.promise, { failureText: () => '协议生成失败' }));
    await act(async () => fixed.reject(new Error('500')));
    expect(state()).toBe('协议生成失败');
  });
});
