import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSessionClock,
  maintenanceText,
  REFRESH_RETRY_MS,
  type ClockHost,
  type SessionEffects,
  type SessionRules,
} from './session-clock';

const MIN = 60_000;

// vitest's fake timers also fake Date.now, so the clock's host is the real API under a fake clock.
const host: ClockHost = {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

const rules = (over: Partial<SessionRules> = {}): SessionRules => ({
  keepOnlineMinutes: () => 20,
  idleWarningSeconds: 120,
  tokenRefreshAgeMs: 30 * MIN,
  tokenCheckMs: 10_000,
  onlineCountFirstMs: 10_000,
  onlineCountMs: 60_000,
  errorLogMs: 10_000,
  maintenanceWarningMs: 5_000,
  maintenanceCountdownSeconds: 60,
  isRootTenant: false,
  ...over,
});

function fakeEffects(over: Partial<SessionEffects> = {}) {
  const warnings: (number | null)[] = [];
  const maintenance: string[] = [];
  const logouts: string[] = [];
  const online: number[] = [];
  let issuedAt: number | undefined = Date.now();
  const effects: SessionEffects = {
    tokenIssuedAt: () => issuedAt,
    refreshToken: vi.fn(async () => {
      issuedAt = Date.now();
    }),
    isAbnormal: () => false,
    readMaintenance: vi.fn(async () => ({ on: false, text: '' })),
    fetchOnlineCount: vi.fn(async () => 7),
    sendErrorLog: vi.fn(async () => true),
    idleWarning: (s) => warnings.push(s),
    maintenanceWarning: (text) => maintenance.push(text),
    onlineCount: (n) => online.push(n),
    logout: (reason) => logouts.push(reason),
    ...over,
  };
  return { effects, warnings, maintenance, logouts, online, setIssuedAt: (v: number | undefined) => (issuedAt = v) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('token refresh', () => {
  it('is checked every 10 s and happens once the token is 30 minutes old', async () => {
    const f = fakeEffects();
    const clock = createSessionClock(host, f.effects, rules());
    clock.start();
    // A working user: active every minute, so the idle logout stays away.
    for (let i = 0; i < 29; i += 1) {
      await vi.advanceTimersByTimeAsync(MIN);
      clock.activity();
    }
    await vi.advanceTimersByTimeAsync(MIN - 10_000);
    expect(f.effects.refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(f.effects.refreshToken).toHaveBeenCalledTimes(1);
    // The new token is young again: no second refresh in the next minutes.
    clock.activity();
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(f.effects.refreshToken).toHaveBeenCalledTimes(1);
    clock.stop();
  });

  it('waits a minute after a failed refresh instead of asking every 10 s', async () => {
    const f = fakeEffects({ refreshToken: vi.fn(async () => Promise.reject(new Error('down'))) });
    f.setIssuedAt(Date.now() - 31 * MIN);
    const clock = createSessionClock(host, f.effects, rules());
    clock.start();
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS - 10_000);
    expect(f.effects.refreshToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(f.effects.refreshToken).toHaveBeenCalledTimes(2);
    clock.stop();
  });
});

describe('idle logout', () => {
  it('warns from 120 s before, counts down each second, and logs out at 0', async () => {
    const f = fakeEffects();
    const clock = createSessionClock(host, f.effects, rules());
    clock.start();
    await vi.advanceTimersByTimeAsync(18 * MIN - 1000);
    expect(f.warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.warnings).toEqual([120]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(f.warnings).toEqual([120, 119, 118, 117]);
    expect(f.logouts).toEqual([]);
    await vi.advanceTimersByTimeAsync(117_000);
    expect(f.warnings.at(-2)).toBe(1);
    expect(f.warnings.at(-1)).toBeNull();
    expect(f.logouts).toEqual(['idle']);
    expect(clock.running).toBe(false);
  });

  it('activity hides the warning and starts the idle time again', async () => {
    const f = fakeEffects();
    const clock = createSessionClock(host, f.effects, rules());
    clock.start();
    await vi.advanceTimersByTimeAsync(19 * MIN);
    expect(f.warnings.at(-1)).toBe(60);
    clock.activity();
    expect(f.warnings.at(-1)).toBeNull();
    await vi.advanceTimersByTimeAsync(18 * MIN - 1000);
    expect(f.warnings.at(-1)).toBeNull();
    expect(f.logouts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.warnings.at(-1)).toBe(120);
    clock.stop();
  });

  it('follows the user’s keepOnlineTime, read on every check', async () => {
    let minutes = 20;
    const f = fakeEffects();
    const clock = createSessionClock(host, f.effects, rules({ keepOnlineMinutes: () => minutes }));
    clock.start();
    minutes = 10;
    await vi.advanceTimersByTimeAsync(8 * MIN);
    expect(f.warnings).toEqual([120]);
    await vi.advanceTimersByTimeAsync(2 * MIN);
    expect(f.logouts).toEqual(['idle']);
  });

  it('still logs out on time when the tab’s timers were throttled', async () => {
    const f = fakeEffects();
    const clock = createSessionClock(host, f.effects, rules());
    clock.start();
    // The wall clock jumps 25 minutes while no timer ran (a sleeping laptop): the next tick decides.
    vi.setSystemTime(Date.now() + 25 * MIN);
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.logouts).toEqual(['idle']);
  });
});

describe('maintenance countdown', () => {
  const announce = () => vi.fn(async () => ({ on: true, text: '服务器将在{N}秒后重启，请暂停录入以免数据丢失，预计维护约20分钟' }));

  it('warns every 5 s with the seconds left, then logs a tenant user out', async () => {
    const f = fakeEffects({ readMaintenance: announce() });
    const clock = createSessionClock(host, f.effects, rules());
    clock.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(f.maintenance).toEqual(['服务器将在60秒后重启，请暂停录入以免数据丢失，预计维护约20分钟']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(f.maintenance).toHaveLength(2);
    expect(f.maintenance[1]).toBe('服务器将在55秒后重启，请暂停录入以免数据丢失，预计维护约20分钟');
    await vi.advanceTimersByTimeAsync(50_000);
    expect(f.maintenance).toHaveLength(12);
    expect(f.maintenance.at(-1)).toContain('在5秒后');
    expect(f.logouts).toEqual([]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(f.logouts).toEqual(['maintenance']);
  });

  it('does not log out the root tenant', async () => {
    const f = fakeEffects({ readMaintenance: announce() });
    const clock = createSessionClock(host, f.effects, rules({ isRootTenant: true }));
    clock.start();
    await vi.advanceTimersByTimeAsync(10_000 + 65_000);
    expect(f.logouts).toEqual([]);
    expect(f.maintenance.at(-1)).toContain('在0秒后');
    expect(clock.running).toBe(true);
    clock.stop();
  });

  it('stops counting when the switch goes off again', async () => {
    let on = true;
    const f = fakeEffects({ readMaintenance: vi.fn(async () => ({ on, text: '维护{N}' })) });
    const clock = createSessionClock(host, f.effects, rules({ maintenanceCountdownSeconds: 120 }));
    clock.start();
    await vi.advanceTimersByTimeAsync(10_000);
    on = false;
    await vi.advanceTimersByTimeAsync(60_000);
    const shown = f.maintenance.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(f.maintenance).toHaveLength(shown);
    expect(f.logouts).toEqual([]);
    clock.stop();
  });

  it('fills the copywriting’s N', () => {
    expect(maintenanceText('服务器将在N秒后重启', 30)).toBe('服务器将在30秒后重启');
    expect(maintenanceText('{N}s', 5)).toBe('5s');
  });
});

describe('abnormal session and background polls', () => {
  it('logs out a session whose stored ids hold several values', async () => {
    let abnormal = false;
    const f = fakeEffects({ isAbnormal: () => abnormal });
    const clock = createSessionClock(host, f.effects, rules());
    clock.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(f.logouts).toEqual([]);
    abnormal = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(f.logouts).toEqual(['abnormal']);
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(f.logouts).toEqual(['abnormal']);
  });

  it('polls the online count after 10 s and then every 60 s, and sends the error log every 10 s', async () => {
    const f = fakeEffects();
    const clock = createSessionClock(host, f.effects, rules());
    clock.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(f.online).toEqual([7]);
    expect(f.effects.sendErrorLog).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.online).toEqual([7, 7]);
    expect(f.effects.sendErrorLog).toHaveBeenCalledTimes(7);
    clock.stop();
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(f.effects.sendErrorLog).toHaveBeenCalledTimes(7);
    expect(f.online).toEqual([7, 7]);
  });
});
