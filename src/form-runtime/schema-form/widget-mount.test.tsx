import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_CHUNK, useWidgetMount, WidgetMountContext, WidgetMountScheduler } from './widget-mount';

/** An IntersectionObserver the test drives: `reveal(el)` reports el as on screen. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.watched.add(el);
  }
  unobserve(el: Element) {
    this.watched.delete(el);
  }
  disconnect() {
    this.watched.clear();
  }
  reveal(el: Element) {
    if (!this.watched.has(el)) return;
    this.callback([{ target: el, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

/** Idle callbacks run only when the test says so. */
function idleQueue() {
  const queue = new Map<number, () => void>();
  let next = 0;
  return {
    api: {
      request: (run: () => void) => {
        queue.set(++next, run);
        return next;
      },
      cancel: (h: number) => void queue.delete(h),
    },
    runOne() {
      const [handle, run] = [...queue.entries()][0] ?? [];
      if (handle === undefined || !run) return false;
      queue.delete(handle);
      run();
      return true;
    },
    get size() {
      return queue.size;
    },
  };
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WidgetMountScheduler', () => {
  it('mounts the first rows at once and the rest when they come on screen, or in idle time top first', () => {
    const idle = idleQueue();
    const scheduler = new WidgetMountScheduler(2, idle.api);
    expect([scheduler.claimEager(), scheduler.claimEager(), scheduler.claimEager()]).toEqual([true, true, false]);

    const mounted: number[] = [];
    const rows = Array.from({ length: IDLE_CHUNK + 3 }, () => document.createElement('div'));
    rows.forEach((row, i) => scheduler.defer(row, () => mounted.push(i)));
    expect(scheduler.waiting).toBe(rows.length);

    // Scrolled to the last row: it mounts before the rows above it.
    FakeObserver.last?.reveal(rows[rows.length - 1] as Element);
    expect(mounted).toEqual([rows.length - 1]);

    // Idle time mounts the rest in document order, one slice at a time.
    idle.runOne();
    expect(mounted.slice(1)).toEqual(Array.from({ length: IDLE_CHUNK }, (_, i) => i));
    idle.runOne();
    expect(mounted).toHaveLength(rows.length);
    expect(scheduler.waiting).toBe(0);
    expect(idle.size).toBe(0);
  });

  it('a row that unmounted while waiting is never mounted', () => {
    const idle = idleQueue();
    const scheduler = new WidgetMountScheduler(0, idle.api);
    const mount = vi.fn();
    const forget = scheduler.defer(document.createElement('div'), mount);
    forget();
    idle.runOne();
    expect(mount).not.toHaveBeenCalled();
  });

  it('without IntersectionObserver (jsdom, old browsers) every widget mounts at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const scheduler = new WidgetMountScheduler(0, idleQueue().api);
    expect(scheduler.claimEager()).toBe(true);
    const mount = vi.fn();
    scheduler.defer(document.createElement('div'), mount);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('after the form unmounted nothing waits: idle work is cancelled, a late row mounts at once', () => {
    const idle = idleQueue();
    const scheduler = new WidgetMountScheduler(0, idle.api);
    const early = vi.fn();
    scheduler.defer(document.createElement('div'), early);
    scheduler.dispose();
    expect(idle.size).toBe(0);
    const late = vi.fn();
    scheduler.defer(document.createElement('div'), late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(early).not.toHaveBeenCalled();
  });
});

function Row({ name }: { name: string }) {
  const { mounted, placeholderRef, mountAndFocus } = useWidgetMount();
  return (
    <div data-field={name}>
      {mounted ? (
        <input aria-label={name} />
      ) : (
        <div ref={placeholderRef} tabIndex={0} data-testid={`${name}-pending`} onFocus={mountAndFocus} />
      )}
    </div>
  );
}

describe('a row waiting for its widget', () => {
  it('shows its placeholder; focusing it mounts the widget and moves the focus into it', () => {
    const scheduler = new WidgetMountScheduler(1, idleQueue().api);
    render(
      <WidgetMountContext.Provider value={scheduler}>
        <Row name="first" />
        <Row name="second" />
      </WidgetMountContext.Provider>,
    );
    expect(screen.getByLabelText('first')).toBeTruthy();
    expect(screen.queryByLabelText('second')).toBeNull();
    act(() => screen.getByTestId('second-pending').focus());
    expect(document.activeElement).toBe(screen.getByLabelText('second'));
    expect(scheduler.waiting).toBe(0);
  });

  it('mounts when it comes on screen', () => {
    const scheduler = new WidgetMountScheduler(0, idleQueue().api);
    render(
      <WidgetMountContext.Provider value={scheduler}>
        <Row name="only" />
      </WidgetMountContext.Provider>,
    );
    act(() => FakeObserver.last?.reveal(screen.getByTestId('only-pending')));
    expect(screen.getByLabelText('only')).toBeTruthy();
  });
});
