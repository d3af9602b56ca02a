import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { simulatedSignatureDevice, type SignatureDevice } from '../../bridges/signature-device';
import { UiProviders } from '../../components/ui-providers';
import { appendInk } from './pen-pad-ink';
import { configuredSignatureDevice } from './pen-pad-device';
import { SignaturePadDialog } from './signature-pad-dialog';

// jsdom has no canvas: a 2D context that takes every call (and counts the strokes drawn), and a PNG.
let strokes = 0;
beforeEach(() => {
  strokes = 0;
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, prop) => (prop in target ? target[prop] : prop === 'beginPath' ? () => (strokes += 1) : () => undefined),
    set: (target, prop, value) => ((target[prop] = value), true),
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
  // Only the pad's polling intervals are faked: the dialog's own animations keep real time.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The simulator, counting how often each call is polled. */
function countedPad(connected = true) {
  const pad = simulatedSignatureDevice(connected);
  const calls = { ink: 0, key: 0 };
  const device: SignatureDevice = {
    ...pad,
    ink: () => ((calls.ink += 1), pad.ink()),
    key: () => ((calls.key += 1), pad.key()),
  };
  return { pad, device, calls };
}

function renderDialog(device: SignatureDevice, onConfirm = vi.fn()) {
  const view = render(
    <UiProviders lang="zh">
      <SignaturePadDialog open device={device} onConfirm={onConfirm} onCancel={() => undefined} />
    </UiProviders>,
  );
  const rerender = (open: boolean) =>
    view.rerender(
      <UiProviders lang="zh">
        <SignaturePadDialog open={open} device={device} onConfirm={onConfirm} onCancel={() => undefined} />
      </UiProviders>,
    );
  return { onConfirm, rerender };
}

/** Moves the pad's clock on: each poll that comes due runs and its answer settles before the next. */
const tick = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => new Promise((r) => setTimeout(r, 0)));
};

const SIGNATURE = [
  { x: 0.1, y: 0.5, pressure: 0.6 },
  { x: 0.2, y: 0.4, pressure: 0.7 },
  { x: 0.3, y: 0.6, pressure: 0.5 },
];

describe('电子签名 in 签名板 mode', { timeout: 30_000 }, () => {
  it('polls ink every 50 ms and keys every 500 ms; the ink is drawn on the canvas and 确认 on the pad confirms it', async () => {
    const user = userEvent.setup();
    const { pad, device, calls } = countedPad();
    const { onConfirm } = renderDialog(device);
    await user.click(await screen.findByText('签名板'));
    await waitFor(() => expect(pad.initialised()).toBe(true));
    expect(await screen.findByText('请居民在签名板上签名，按签名板的确认键提交、清除键重签')).toBeTruthy();

    await tick(500);
    expect(calls).toEqual({ ink: 10, key: 1 });

    // The confirm key on an empty pad: the dialog's own refusal, nothing sent.
    pad.press(1);
    await tick(500);
    expect(await screen.findByText('签名为空，请在签名板上签名后再确认')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    const before = strokes;
    pad.draw(SIGNATURE);
    await tick(50);
    expect(strokes).toBeGreaterThan(before);
    await waitFor(() => expect(screen.queryByText('签名为空，请在签名板上签名后再确认')).toBeNull());
    pad.press(1);
    await tick(500);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('data:image/png;base64,iVBORw0KGgo='));
  });

  it('清除 on the pad clears the canvas: a confirm after it is refused as empty', async () => {
    const user = userEvent.setup();
    const { pad, device } = countedPad();
    const { onConfirm } = renderDialog(device);
    await user.click(await screen.findByText('签名板'));
    await waitFor(() => expect(pad.initialised()).toBe(true));
    pad.draw(SIGNATURE);
    await tick(50);
    pad.press(0);
    await tick(500);
    pad.press(1);
    await tick(500);
    expect(await screen.findByText('签名为空，请在签名板上签名后再确认')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says 没有连接设备! when the pad does not answer; back to 手写 the mouse signs again', async () => {
    const user = userEvent.setup();
    const { device, calls } = countedPad(false);
    renderDialog(device);
    await user.click(await screen.findByText('签名板'));
    expect(await screen.findByText('没有连接设备!')).toBeTruthy();
    await tick(1000);
    expect(calls).toEqual({ ink: 0, key: 0 });
    await user.click(screen.getByText('手写'));
    expect(screen.queryByText('没有连接设备!')).toBeNull();
    expect(screen.getByText('请居民在下方区域内签名')).toBeTruthy();
  });

  it('lets the pad go when the dialog closes: no more polling', async () => {
    const user = userEvent.setup();
    const { pad, device, calls } = countedPad();
    const { rerender } = renderDialog(device);
    await user.click(await screen.findByText('签名板'));
    await waitFor(() => expect(pad.initialised()).toBe(true));
    rerender(false);
    await waitFor(() => expect(pad.initialised()).toBe(false));
    const before = { ...calls };
    await tick(1000);
    expect(calls).toEqual(before);
  });
});

describe('the pen pad’s ink and service', () => {
  const style = {
    dotSize: 0,
    minWidth: 1,
    maxWidth: 3,
    penColor: '#000',
    velocityFilterWeight: 0.7,
    compositeOperation: 'source-over' as const,
  };

  it('turns the pad’s points into canvas strokes; a lifted pen ends a stroke', () => {
    const size = { width: 600, height: 200 };
    let ink = appendInk({ groups: [], drawing: false }, SIGNATURE.slice(0, 2), size, style, 1);
    ink = appendInk(ink, [SIGNATURE[2]!, { x: 0.3, y: 0.6, pressure: 0 }, { x: 0.8, y: 2, pressure: 0.4 }], size, style, 2);
    expect(ink.groups.map((g) => g.points.map((p) => [p.x, p.y]))).toEqual([
      [
        [60, 100],
        [120, 80],
        [180, 120],
      ],
      [[480, 200]],
    ]);
    expect(ink.drawing).toBe(true);
  });

  it('asks the service the system parameter names; none named is a pad that does not answer', async () => {
    const asked: string[] = [];
    const service = configuredSignatureDevice(
      async () => 'http://127.0.0.1:19197/',
      async (url) => {
        asked.push(url);
        return { ok: true, json: async () => ({ code: 0, data: url.endsWith('/ink') ? [{ x: 0.5, y: 0.5, pressure: 1 }] : 1 }) };
      },
    );
    expect(await service.initialise(3)).toBe(true);
    expect(await service.ink()).toEqual([{ x: 0.5, y: 0.5, pressure: 1 }]);
    expect(await service.key()).toBe(1);
    await service.uninitialise();
    expect(asked).toEqual([
      'http://127.0.0.1:19197/initialise?deviceId=3',
      'http://127.0.0.1:19197/ink',
      'http://127.0.0.1:19197/key',
      'http://127.0.0.1:19197/uninitialise',
    ]);
    expect(
      await configuredSignatureDevice(
        async () => '',
        async () => ({ ok: true, json: async () => ({ code: 0 }) }),
      ).initialise(3),
    ).toBe(false);
    const refused = configuredSignatureDevice(
      async () => 'http://127.0.0.1:19197',
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(await refused.initialise(3)).toBe(false);
  });
});
