import { useCallback, useEffect, useRef, useState } from 'react';
import { needsChoice, setUserDefault, setUserInfo, storeLogin, toSessionUser } from '../../api/session';
import type { Captcha, LoginConfig, TokenResponse } from '../../api/types';
import { useMessages } from '../../shared/i18n/i18n-context';
import { loginErrorText, type LoginApi } from './login-api';
import { choiceOptions, type ChoiceOptions } from './login-choices';
import type { ChoiceValues } from './choice-modal';
import { loginMessages } from './login-messages';

export interface LoginValues {
  /** Absent when the server runs without tenant mode: its default tenant is used. */
  tenantId?: string;
  username: string;
  password: string;
  captchaCode?: string;
}

/** Credentials kept between the first token call and the repeat with the chosen department. */
interface PendingChoice {
  tenantId: string;
  username: string;
  encryptedPassword: string;
  options: ChoiceOptions;
}

/**
 * The login sequence (spec 000 §4 Login): config → public key → encrypt → token call, then either
 * a stored session, an error_description, or a department/role/team choice and a second call.
 *
 * A failure is reported once, as `error` (the form shows it inline; no toast beside it), and counts
 * in `failures`: the forms clear their captcha field on each, since the server spent that captcha
 * and a new image is on its way.
 */
export function useLogin(api: LoginApi, onLoggedIn: () => void) {
  const m = useMessages(loginMessages);
  const [config, setConfig] = useState<LoginConfig>();
  const [captcha, setCaptcha] = useState<Captcha>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  const [failures, setFailures] = useState(0);
  const [pending, setPending] = useState<PendingChoice>();
  // Callbacks from props change every render; a ref keeps the effects below from re-running.
  const handlers = useRef({ onLoggedIn });
  handlers.current = { onLoggedIn };

  const refreshCaptcha = useCallback(() => {
    api.getCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  }, [api]);

  useEffect(() => {
    let live = true;
    api.getLoginConfig().then(
      (c) => {
        if (!live) return;
        setConfig(c);
        if (c.captchaMode) refreshCaptcha();
      },
      () => {
        // Without the settings we still offer the plain form; the server will say what is missing.
        if (!live) return;
        setConfig({ tenantMode: true, captchaMode: false, defaultTenantId: '' });
        setError(m.configFailed);
      },
    );
    return () => {
      live = false;
    };
  }, [api, refreshCaptcha, m.configFailed]);

  const fail = useCallback(
    (text: string) => {
      setError(text);
      setFailures((n) => n + 1);
      // A captcha is single-use on the server: whatever went wrong, the old one is spent.
      if (config?.captchaMode) refreshCaptcha();
    },
    [config?.captchaMode, refreshCaptcha],
  );

  const finish = useCallback(
    async (answer: TokenResponse, credentials: Omit<PendingChoice, 'options'>) => {
      if (!answer.access_token && needsChoice(answer)) {
        // Spec §4: the user info is stored and no token is set until the choice is made.
        setUserInfo(toSessionUser(answer));
        setPending({ ...credentials, options: choiceOptions(answer) });
        if (config?.captchaMode) refreshCaptcha();
        return;
      }
      if (!answer.access_token) return fail(m.unknownError);
      storeLogin(answer);
      setPending(undefined);
      try {
        setUserDefault(await api.getUserDefault());
      } catch {
        // The home page works from the login answer alone; defaults are refetched when needed.
      }
      handlers.current.onLoggedIn();
    },
    [api, config?.captchaMode, fail, m.unknownError, refreshCaptcha],
  );

  const submit = useCallback(
    async (values: LoginValues) => {
      setSubmitting(true);
      setError(undefined);
      try {
        const encryptedPassword = await api.encryptPassword(await api.getPublicKey(), values.password);
        const tenantId = (values.tenantId ?? config?.defaultTenantId ?? '').trim();
        const credentials = { tenantId, username: values.username.trim(), encryptedPassword };
        const answer = await api.login({
          tenantId: credentials.tenantId,
          username: credentials.username,
          password: encryptedPassword,
          captcha: config?.captchaMode && captcha ? { key: captcha.key, code: values.captchaCode ?? '' } : undefined,
        });
        await finish(answer, credentials);
      } catch (e) {
        fail(loginErrorText(e, m.unknownError));
      } finally {
        setSubmitting(false);
      }
    },
    [api, captcha, config, fail, finish, m.unknownError],
  );

  const choose = useCallback(
    async (values: ChoiceValues) => {
      if (!pending) return;
      setSubmitting(true);
      setError(undefined);
      try {
        const answer = await api.login({
          tenantId: pending.tenantId,
          username: pending.username,
          password: pending.encryptedPassword,
          captcha: config?.captchaMode && captcha ? { key: captcha.key, code: values.captchaCode ?? '' } : undefined,
          choice: { deptId: values.deptId, roleId: values.roleId, teamId: values.teamId },
        });
        await finish(answer, pending);
      } catch (e) {
        fail(loginErrorText(e, m.unknownError));
      } finally {
        setSubmitting(false);
      }
    },
    [api, captcha, config?.captchaMode, fail, finish, m.unknownError, pending],
  );

  const cancelChoice = useCallback(() => setPending(undefined), []);

  return { config, captcha, refreshCaptcha, submitting, error, failures, pending, submit, choose, cancelChoice };
}
