import { useEffect, useRef, useState } from 'react';
import { App, Button, Modal } from 'antd';
import { configureRequest } from '../../api/request';
import { installErrorCapture, recordFailedCall } from '../../api/error-log';
import {
  ERROR_LOG_SEND_INTERVAL_MS,
  IDLE_WARNING_SECONDS,
  MAINTENANCE_COUNTDOWN_SECONDS,
  MAINTENANCE_WARNING_INTERVAL_MS,
  ONLINE_COUNT_FIRST_DELAY_MS,
  ONLINE_COUNT_INTERVAL_MS,
  TOKEN_CHECK_INTERVAL_MS,
  TOKEN_REFRESH_AGE_MINUTES,
} from '../../shared/config';
import { useMessages } from '../../shared/i18n/i18n-context';
import { logoutEverywhere } from '../shell/session-actions';
import { createSessionClock, type ClockHost, type LogoutReason, type SessionEffects, type SessionRules } from './session-clock';
import { isRootTenant, keepOnlineMinutes, realSessionEffects } from './session-effects';
import { sessionMessages } from './session-messages';

/** What counts as the user being there (spec §4: mouse, keyboard, touch). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;

const browserHost: ClockHost = {
  now: () => Date.now(),
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export interface SessionWatchProps {
  /** How the session ends; the shell's logout by default (clears everything, goes to /login). */
  onLogout?: (options: { keepDrafts: boolean }) => Promise<void>;
  /** Tests replace the real calls; the UI effects (warnings, logout) always stay this component's. */
  effects?: Omit<SessionEffects, 'idleWarning' | 'maintenanceWarning' | 'logout'>;
  host?: ClockHost;
}

/**
 * Mounted once inside the logged-in shell. Owns the session clock (token refresh, idle logout,
 * maintenance countdown, abnormal session, online count, error-log sending), installs the error
 * capture, and renders only the idle warning; the other notices are antd messages.
 */
export function SessionWatch({ onLogout = logoutEverywhere, effects, host = browserHost }: SessionWatchProps) {
  const t = useMessages(sessionMessages);
  const { message } = App.useApp();
  const [idleSeconds, setIdleSeconds] = useState<number | null>(null);
  // The clock lives for the whole mount; the latest texts and callbacks are read through a ref.
  const latest = useRef({ t, message, onLogout });
  latest.current = { t, message, onLogout };
  const clockRef = useRef<ReturnType<typeof createSessionClock> | null>(null);

  useEffect(() => {
    const uninstallCapture = installErrorCapture();
    configureRequest({ onCallFailed: recordFailedCall });

    const ui: Pick<SessionEffects, 'idleWarning' | 'maintenanceWarning' | 'logout'> = {
      idleWarning: setIdleSeconds,
      maintenanceWarning: (text, left) => {
        const { t: m, message: toast } = latest.current;
        // Shown for 4.9 s every 5 s (spec §8), so one notice replaces the previous one.
        void toast.warning({ content: text || m.maintenanceDefault(left), duration: 4.9, key: 'session-maintenance' });
      },
      logout: (reason: LogoutReason) => {
        const { t: m, message: toast, onLogout: end } = latest.current;
        if (reason === 'abnormal') void toast.error(m.abnormal);
        if (reason === 'maintenance') void toast.warning(m.maintenanceLogout);
        // Idle and maintenance end a session the user did not close: their unsaved drafts stay.
        void end({ keepDrafts: reason === 'idle' || reason === 'maintenance' });
      },
    };
    const rules: SessionRules = {
      keepOnlineMinutes,
      idleWarningSeconds: IDLE_WARNING_SECONDS,
      tokenRefreshAgeMs: TOKEN_REFRESH_AGE_MINUTES * 60_000,
      tokenCheckMs: TOKEN_CHECK_INTERVAL_MS,
      onlineCountFirstMs: ONLINE_COUNT_FIRST_DELAY_MS,
      onlineCountMs: ONLINE_COUNT_INTERVAL_MS,
      errorLogMs: ERROR_LOG_SEND_INTERVAL_MS,
      maintenanceWarningMs: MAINTENANCE_WARNING_INTERVAL_MS,
      maintenanceCountdownSeconds: MAINTENANCE_COUNTDOWN_SECONDS,
      isRootTenant: isRootTenant(),
    };
    const clock = createSessionClock(host, effects ? { ...effects, ...ui } : realSessionEffects(ui), rules);
    clockRef.current = clock;
    const onActivity = () => clock.activity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    clock.start();

    return () => {
      clock.stop();
      clockRef.current = null;
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      configureRequest({ onCallFailed: undefined });
      uninstallCapture();
    };
    // One clock per mount: effects and host are fixed for a mount by design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Modal
      open={idleSeconds !== null}
      title={t.idleTitle}
      closable={false}
      maskClosable={false}
      centered
      destroyOnHidden
      // No zoom: the warning must disappear the moment the user is back (and tests see that).
      transitionName=""
      maskTransitionName=""
      footer={
        <Button type="primary" onClick={() => clockRef.current?.activity()}>
          {t.stay}
        </Button>
      }
    >
      <p role="alert">{idleSeconds !== null ? t.idleWarning(idleSeconds) : ''}</p>
    </Modal>
  );
}
