/**
 * Every background timer of a logged-in session in one place (spec 000 §4 Session, §9): token
 * refresh, idle warning and logout, maintenance countdown, abnormal session, online count and the
 * error-log send. Pure scheduling: the clock and every effect are injected, so tests drive it with
 * a fake clock and SessionWatch plugs in the real calls.
 *
 * Decisions are made from elapsed time (now() − last activity, now() − countdown start), never by
 * counting ticks: a throttled background tab or a jumped clock still logs out on time.
 */

export interface ClockHost {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type LogoutReason = 'idle' | 'maintenance' | 'abnormal';

export interface MaintenanceState {
  /** system_updating_tags switched on. */
  on: boolean;
  /** system_updating_copywriting; {N} (or N) is replaced by the seconds left. */
  text: string;
}

export interface SessionEffects {
  /** When the current access token was issued (ms), or undefined when unknown. */
  tokenIssuedAt(): number | undefined;
  refreshToken(): Promise<void>;
  /** Stored department / role / team ids hold several values (spec §4). */
  isAbnormal(): boolean;
  readMaintenance(): Promise<MaintenanceState>;
  fetchOnlineCount(): Promise<number>;
  sendErrorLog(): Promise<unknown>;
  /** Seconds left before the idle logout, or null when the warning must go away. */
  idleWarning(secondsLeft: number | null): void;
  /** One maintenance warning (shown every 5 s while the countdown runs). */
  maintenanceWarning(text: string, secondsLeft: number): void;
  onlineCount(count: number): void;
  logout(reason: LogoutReason): void;
}

export interface SessionRules {
  /** Read on every check: the user's defaults may arrive (or change) after the clock started. */
  keepOnlineMinutes: () => number;
  idleWarningSeconds: number;
  tokenRefreshAgeMs: number;
  tokenCheckMs: number;
  onlineCountFirstMs: number;
  onlineCountMs: number;
  errorLogMs: number;
  maintenanceWarningMs: number;
  maintenanceCountdownSeconds: number;
  /** The root tenant watches the countdown but is not logged out (spec §6). */
  isRootTenant: boolean;
}

export interface SessionClock {
  start(): void;
  stop(): void;
  /** Mouse, keyboard or touch: the idle time starts again. */
  activity(): void;
  readonly running: boolean;
}

/** Waits after a failed refresh before trying again, so a dead server is not asked every 10 s. */
export const REFRESH_RETRY_MS = 60_000;

export function maintenanceText(template: string, secondsLeft: number): string {
  return template.includes('{N}') ? template.split('{N}').join(String(secondsLeft)) : template.replace(/N/g, String(secondsLeft));
}

export function createSessionClock(host: ClockHost, effects: SessionEffects, rules: SessionRules): SessionClock {
  const handles: { kind: 'interval' | 'timeout'; handle: unknown }[] = [];
  let running = false;
  let lastActivity = 0;
  let warningShown = false;
  let refreshing = false;
  let nextRefreshAttempt = 0;
  let countdownStart: number | null = null;
  // Set when a root-tenant countdown ran out: no new countdown until the switch goes off again.
  let countdownDone = false;
  let loggedOut = false;

  const keepOnlineMs = () => Math.max(1, rules.keepOnlineMinutes()) * 60_000;

  const every = (ms: number, fn: () => void) => handles.push({ kind: 'interval', handle: host.setInterval(fn, ms) });
  const after = (ms: number, fn: () => void) => handles.push({ kind: 'timeout', handle: host.setTimeout(fn, ms) });

  function endSession(reason: LogoutReason): void {
    if (loggedOut) return;
    loggedOut = true;
    clock.stop();
    effects.logout(reason);
  }

  /** Once a second: the idle countdown (the warning text changes every second). */
  function checkIdle(): void {
    const idleMs = host.now() - lastActivity;
    const leftMs = keepOnlineMs() - idleMs;
    if (leftMs <= 0) {
      // stop() (in endSession) takes the warning away.
      endSession('idle');
      return;
    }
    if (leftMs <= rules.idleWarningSeconds * 1000) {
      warningShown = true;
      effects.idleWarning(Math.ceil(leftMs / 1000));
    } else if (warningShown) {
      warningShown = false;
      effects.idleWarning(null);
    }
  }

  /** Every 10 s: abnormal session first (nothing else matters then), then the token's age. */
  function checkToken(): void {
    if (effects.isAbnormal()) {
      endSession('abnormal');
      return;
    }
    const issued = effects.tokenIssuedAt();
    const now = host.now();
    if (issued === undefined || refreshing || now < nextRefreshAttempt) return;
    if (now - issued < rules.tokenRefreshAgeMs) return;
    refreshing = true;
    effects
      .refreshToken()
      .catch(() => {
        nextRefreshAttempt = host.now() + REFRESH_RETRY_MS;
      })
      .finally(() => {
        refreshing = false;
      });
  }

  let maintenanceTemplate = '';
  function pollMaintenance(): void {
    effects
      .readMaintenance()
      .then((state) => {
        if (!running) return;
        if (!state.on) {
          countdownStart = null;
          countdownDone = false;
          return;
        }
        maintenanceTemplate = state.text;
        if (countdownStart === null && !countdownDone) {
          countdownStart = host.now();
          warnMaintenance();
        }
      })
      .catch(() => {
        // An unreadable parameter is not a maintenance announcement; the next poll asks again.
      });
  }

  /** Every 5 s while a countdown runs: warn, and at zero log out (except the root tenant). */
  function warnMaintenance(): void {
    if (countdownStart === null) return;
    const left = Math.ceil(rules.maintenanceCountdownSeconds - (host.now() - countdownStart) / 1000);
    if (left > 0) {
      effects.maintenanceWarning(maintenanceText(maintenanceTemplate, left), left);
      return;
    }
    if (rules.isRootTenant) {
      // The platform keeps working through maintenance; it is told once that the time is up.
      countdownStart = null;
      countdownDone = true;
      effects.maintenanceWarning(maintenanceText(maintenanceTemplate, 0), 0);
      return;
    }
    endSession('maintenance');
  }

  function pollOnline(): void {
    effects
      .fetchOnlineCount()
      .then((count) => {
        if (running) effects.onlineCount(count);
      })
      .catch(() => {
        // The count is informative; a failed poll keeps the last number.
      });
  }

  const clock: SessionClock = {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      loggedOut = false;
      lastActivity = host.now();
      every(1000, checkIdle);
      every(rules.tokenCheckMs, checkToken);
      every(rules.errorLogMs, () => {
        effects.sendErrorLog().catch(() => undefined);
      });
      every(rules.maintenanceWarningMs, warnMaintenance);
      // The online count and the maintenance parameters: first after 10 s, then every 60 s.
      after(rules.onlineCountFirstMs, () => {
        pollOnline();
        pollMaintenance();
        every(rules.onlineCountMs, () => {
          pollOnline();
          pollMaintenance();
        });
      });
      checkToken();
    },
    stop() {
      running = false;
      for (const { kind, handle } of handles.splice(0)) {
        if (kind === 'interval') host.clearInterval(handle);
        else host.clearTimeout(handle);
      }
      if (warningShown) {
        warningShown = false;
        effects.idleWarning(null);
      }
    },
    activity() {
      if (!running) return;
      lastActivity = host.now();
      if (warningShown) {
        warningShown = false;
        effects.idleWarning(null);
      }
    },
  };
  return clock;
}
