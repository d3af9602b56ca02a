import { createContext, useContext, useEffect, useRef, useState, type RefObject } from 'react';

/** Rows whose widget mounts with the form; a clinic's forms (about 50 fields) stay within it. */
export const EAGER_ROWS = 60;
/** Widgets mounted per idle slice: about 2 ms each, so a slice stays well under a long task. */
export const IDLE_CHUNK = 15;

type Mount = () => void;

interface IdleApi {
  request: (run: () => void) => number;
  cancel: (handle: number) => void;
}

/** The browser's idle callbacks, taken once: a form keeps the pair it started with. */
function browserIdle(): IdleApi {
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = window;
  if (typeof request === 'function' && typeof cancel === 'function') {
    // Bound: called on anything but window, the browser throws "Illegal invocation".
    return { request: (run) => request.call(window, run, { timeout: 300 }), cancel: (h) => cancel.call(window, h) };
  }
  return { request: (run) => window.setTimeout(run, 16), cancel: (h) => window.clearTimeout(h) };
}

/**
 * Decides when each field row's widget mounts in a long form. The row itself (label, asterisk,
 * messages, the Formily field and its rules) is always there at once; only the antd control waits.
 * The first EAGER_ROWS rows mount with the form; the rest show a placeholder with the value and
 * mount as soon as they come near the viewport, when focused, or in idle time in document order,
 * so shortly after the first paint every widget is real. Antd's Select, DatePicker and checkbox
 * groups cost 2–3 ms each to mount, which on a 300-field form is most of the first render.
 * Without IntersectionObserver (jsdom, old browsers) every widget mounts at once.
 */
export class WidgetMountScheduler {
  private eagerLeft: number;
  private readonly pending = new Map<Element, Mount>();
  private readonly observer: IntersectionObserver | undefined;
  private idleHandle: number | undefined;
  private disposed = false;

  constructor(
    eagerRows = EAGER_ROWS,
    private readonly idle: IdleApi | undefined = typeof window === 'undefined' ? undefined : browserIdle(),
  ) {
    const canDefer = typeof IntersectionObserver === 'function' && idle !== undefined;
    this.eagerLeft = canDefer ? eagerRows : Infinity;
    this.observer = canDefer
      ? new IntersectionObserver(
          (entries) => {
            for (const e of entries) if (e.isIntersecting) this.mountNow(e.target);
          },
          { rootMargin: '100% 0px' },
        )
      : undefined;
  }

  /** Called once per row as it first renders: true when its widget mounts right away. */
  claimEager(): boolean {
    if (this.eagerLeft <= 0) return false;
    this.eagerLeft -= 1;
    return true;
  }

  /** A row waiting for its widget; the returned function forgets it (the row unmounted). */
  defer(placeholder: Element, mount: Mount): () => void {
    if (this.disposed || !this.observer) {
      mount();
      return () => undefined;
    }
    this.pending.set(placeholder, mount);
    this.observer.observe(placeholder);
    this.scheduleIdle();
    return () => this.forget(placeholder);
  }

  /** The form mounted (again, as StrictMode does): rows may wait once more. */
  revive(): void {
    this.disposed = false;
  }

  /** The form unmounted: stop observing and idling; a row registering now mounts at once. */
  dispose(): void {
    this.disposed = true;
    this.observer?.disconnect();
    if (this.idleHandle !== undefined) this.idle?.cancel(this.idleHandle);
    this.pending.clear();
  }

  get waiting(): number {
    return this.pending.size;
  }

  private mountNow(placeholder: Element): void {
    const mount = this.pending.get(placeholder);
    this.forget(placeholder);
    mount?.();
  }

  private forget(placeholder: Element): void {
    this.pending.delete(placeholder);
    this.observer?.unobserve(placeholder);
  }

  private scheduleIdle(): void {
    if (this.idleHandle !== undefined || !this.idle) return;
    this.idleHandle = this.idle.request(() => {
      this.idleHandle = undefined;
      // Map order is insertion order, which is render order: top of the form first.
      for (const placeholder of [...this.pending.keys()].slice(0, IDLE_CHUNK)) this.mountNow(placeholder);
      if (this.pending.size > 0) this.scheduleIdle();
    });
  }
}

export const WidgetMountContext = createContext<WidgetMountScheduler | null>(null);

/**
 * Whether this row's widget is mounted, and the ref its placeholder takes. Focusing the
 * placeholder (Tab, or the submit flow's focus on the first invalid field) mounts the widget
 * and moves the focus into it.
 */
export function useWidgetMount(): { mounted: boolean; placeholderRef: RefObject<HTMLDivElement>; mountAndFocus: () => void } {
  const scheduler = useContext(WidgetMountContext);
  const [mounted, setMounted] = useState(() => !scheduler || scheduler.claimEager());
  const placeholderRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const el = placeholderRef.current;
    if (mounted || !scheduler || !el) return;
    return scheduler.defer(el, () => setMounted(true));
  }, [mounted, scheduler]);

  useEffect(() => {
    const row = focusAfter.current;
    if (!mounted || !row) return;
    focusAfter.current = null;
    row.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, [tabindex]:not([tabindex="-1"])')?.focus();
  }, [mounted]);

  const mountAndFocus = () => {
    focusAfter.current = placeholderRef.current?.parentElement ?? null;
    setMounted(true);
  };
  return { mounted, placeholderRef, mountAndFocus };
}
