// The signature device on the workstation (pen pad with fingerprint; spec 001 lines 68, 126, 151): a
// local HTTP service that is initialised for device id 3, polled for ink every 50 ms and for its
// confirm / cancel key every 500 ms (key 1 confirms, 0 clears), and uninitialised when the dialog
// closes. This module is the polling and the states; the service and a simulator sit behind one
// interface.

export const SIGNATURE_DEVICE_ID = 3;
export const INK_POLL_MS = 50;
export const KEY_POLL_MS = 500;
export const SIGNATURE_MESSAGES = { noDevice: '没有连接设备!' } as const;

/** One stroke point on the pad, 0–1 of its width and height, with the pen's pressure; pressure 0 is the pen lifted (a stroke ends). */
export interface InkPoint {
  x: number;
  y: number;
  pressure: number;
}

/** What the local service offers (its vendor's calls under one shape). */
export interface SignatureDevice {
  /** true when the device answered and is ready. */
  initialise(deviceId: number): Promise<boolean>;
  uninitialise(): Promise<void>;
  /** The points drawn since the last call. */
  ink(): Promise<InkPoint[]>;
  clear(): Promise<void>;
  /** The key pressed since the last call: 1 confirm, 0 clear, null none. */
  key(): Promise<0 | 1 | null>;
}

export type SignatureState = 'disconnected' | 'connected';

export interface SignatureSession {
  state(): SignatureState;
  stop(): Promise<void>;
}

/** A timer as the host gives it (the browser's setInterval, or a test's). */
export interface Ticker {
  every(ms: number, run: () => void): () => void;
}

/**
 * Starts a signing session: initialise (没有连接设备! when the device does not answer), then poll ink
 * and keys; `onInk` gets new points, `onConfirm` the confirm key, `onClear` the clear key (the pad is
 * cleared too). A poll still running when the next is due is skipped, so a slow service is not flooded.
 */
export async function startSigning(
  device: SignatureDevice,
  ticker: Ticker,
  on: { onInk(points: InkPoint[]): void; onConfirm(): void; onClear(): void },
): Promise<SignatureSession> {
  let state: SignatureState = 'disconnected';
  if (!(await device.initialise(SIGNATURE_DEVICE_ID).catch(() => false))) throw new Error(SIGNATURE_MESSAGES.noDevice);
  state = 'connected';
  let inkBusy = false;
  let keyBusy = false;
  const stopInk = ticker.every(INK_POLL_MS, () => {
    if (inkBusy) return;
    inkBusy = true;
    void device
      .ink()
      .then((points) => points.length && on.onInk(points))
      .catch(() => undefined)
      .finally(() => (inkBusy = false));
  });
  const stopKey = ticker.every(KEY_POLL_MS, () => {
    if (keyBusy) return;
    keyBusy = true;
    void device
      .key()
      .then(async (key) => {
        if (key === 1) on.onConfirm();
        if (key === 0) {
          await device.clear();
          on.onClear();
        }
      })
      .catch(() => undefined)
      .finally(() => (keyBusy = false));
  });
  return {
    state: () => state,
    async stop() {
      stopInk();
      stopKey();
      state = 'disconnected';
      await device.uninitialise().catch(() => undefined);
    },
  };
}

/** The browser's timers as a Ticker. */
export const intervalTicker: Ticker = {
  every(ms, run) {
    const id = setInterval(run, ms);
    return () => clearInterval(id);
  },
};

/** A fetch as the host gives it (the browser's; the page's CSP allows the service's origin, decision 0039). */
export type SignatureFetch = (url: string) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

/**
 * The pad through its local HTTP service (`{base}/initialise?deviceId=3`, `/uninitialise`, `/ink`,
 * `/clear`, `/key`, each answering `{code: 0, data}`; ink data a list of {x, y, pressure}, key data
 * 1, 0 or null). The vendors' services name their calls differently: a clinic whose service differs
 * puts a small adapter in front of it that answers these paths (decision 0039). A refused call, an
 * HTTP error or a code other than 0 counts as no answer.
 */
export function httpSignatureDevice(base: string, fetchFn: SignatureFetch): SignatureDevice {
  const root = base.replace(/\/$/, '');
  const call = async (path: string): Promise<unknown> => {
    const res = await fetchFn(`${root}${path}`);
    if (!res.ok) throw new Error(SIGNATURE_MESSAGES.noDevice);
    const answer = (await res.json()) as { code?: unknown; data?: unknown } | null;
    if (!answer || answer.code !== 0) throw new Error(SIGNATURE_MESSAGES.noDevice);
    return answer.data;
  };
  const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);
  return {
    initialise: async (deviceId) =>
      call(`/initialise?deviceId=${deviceId}`).then(
        () => true,
        () => false,
      ),
    uninitialise: async () => {
      await call('/uninitialise');
    },
    ink: async () => {
      const data = await call('/ink');
      if (!Array.isArray(data)) return [];
      return data
        .map((p: { x?: unknown; y?: unknown; pressure?: unknown }) => ({ x: number(p?.x), y: number(p?.y), pressure: number(p?.pressure) }))
        .filter((p) => [p.x, p.y, p.pressure].every(Number.isFinite));
    },
    clear: async () => {
      await call('/clear');
    },
    key: async () => {
      const data = await call('/key');
      return data === 1 || data === 0 ? data : null;
    },
  };
}

/** An answer of the simulated service: the HTTP status and the JSON body, as the service sends them. */
export interface SimulatedPadAnswer {
  status: number;
  body: { code: number; data?: unknown; msg?: string };
}

/**
 * The pad's local service, simulated: `answer(pathAndQuery)` is what it answers to
 * `GET {base}{pathAndQuery}` (the protocol `httpSignatureDevice` speaks); `draw` and `press` act as
 * the person signing. The browser journeys (tests/e2e/device-bridges.spec.ts) answer the page's
 * requests with it; `simulatedSignatureDevice` reads it through `httpSignatureDevice`, so both run
 * the same code. A pad not connected refuses initialise (code 1).
 */
export function simulatedSignatureService(connected = true): {
  answer(pathAndQuery: string): SimulatedPadAnswer;
  draw(points: InkPoint[]): void;
  press(key: 0 | 1): void;
  initialised(): boolean;
  /** The points drawn and not yet handed out. */
  pendingInk(): number;
} {
  let pending: InkPoint[] = [];
  let key: 0 | 1 | null = null;
  let on = false;
  const ok = (data: unknown = null): SimulatedPadAnswer => ({ status: 200, body: { code: 0, data } });
  return {
    answer(pathAndQuery) {
      const url = new URL(pathAndQuery, 'http://simulated-pad');
      switch (url.pathname) {
        case '/initialise':
          on = connected && Number(url.searchParams.get('deviceId')) === SIGNATURE_DEVICE_ID;
          return on ? ok(true) : { status: 200, body: { code: 1, msg: SIGNATURE_MESSAGES.noDevice } };
        case '/uninitialise':
          on = false;
          return ok();
        case '/ink': {
          const out = pending;
          pending = [];
          return ok(out);
        }
        case '/clear':
          pending = [];
          return ok();
        case '/key': {
          const k = key;
          key = null;
          return ok(k);
        }
        default:
          return { status: 404, body: { code: -1, msg: 'not found' } };
      }
    },
    draw(points) {
      pending.push(...points);
    },
    press(k) {
      key = k;
    },
    initialised: () => on,
    pendingInk: () => pending.length,
  };
}

/** A pad that answers as the service does (the simulated service through the HTTP device); `draw` and `press` act as the person signing. */
export function simulatedSignatureDevice(connected = true): SignatureDevice & {
  draw(points: InkPoint[]): void;
  press(key: 0 | 1): void;
  initialised(): boolean;
} {
  const service = simulatedSignatureService(connected);
  const device = httpSignatureDevice('http://simulated-pad', async (url) => {
    const { status, body } = service.answer(url.slice('http://simulated-pad'.length));
    return { ok: status < 400, json: async () => body };
  });
  return { ...device, draw: service.draw, press: service.press, initialised: service.initialised };
}
