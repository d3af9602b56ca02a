import { lazy, Suspense } from 'react';
import { Flex, theme, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { getLastTenantId } from '../../api/session';
import { DEMO_TENANT_ID, FIRST_PAGE_PATH } from '../../shared/config';
import { commonMessages } from '../../shared/i18n/common-messages';
import { useMessages } from '../../shared/i18n/i18n-context';
import { LanguageSwitch } from '../../components/language-switch';
import { defaultLoginApi, type LoginApi } from './login-api';
import { LoginForm } from './login-form';
import { loginMessages } from './login-messages';
import { useLogin } from './use-login';

/**
 * The department / role choice (and its Select) only shows after a login that needs it: loaded
 * then, so the login page's first download stays small (issue 17, scripts/bundle-budget.ts).
 */
const ChoiceModal = lazy(() => import('./choice-modal').then((m) => ({ default: m.ChoiceModal })));

/** /login and /login/:platform. `api` is injectable so stories and tests run without a server. */
export function LoginPage({ api = defaultLoginApi }: { api?: LoginApi }) {
  const m = useMessages(loginMessages);
  const common = useMessages(commonMessages);
  const navigate = useNavigate();
  const login = useLogin(api, () => navigate(FIRST_PAGE_PATH, { replace: true }));
  const { token } = theme.useToken();

  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      {/* A plain panel in the card's look, not antd's Card: Card imports Tabs (for its head tabs),
          about 19 KB gzip the login page never uses — and the login page has a 300 KB budget. */}
      <section
        style={{
          width: '100%',
          maxWidth: 400,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {common.systemTitle}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        <Typography.Paragraph type="secondary">{m.heading}</Typography.Paragraph>
        {login.config && (
          <LoginForm
            initialTenantId={getLastTenantId() ?? DEMO_TENANT_ID}
            tenantMode={login.config.tenantMode}
            captchaMode={login.config.captchaMode}
            captcha={login.captcha}
            submitting={login.submitting}
            // While the choice dialog is open its own copy of the error is the one shown.
            error={login.pending ? undefined : login.error}
            failures={login.failures}
            onRefreshCaptcha={login.refreshCaptcha}
            onSubmit={(values) => void login.submit(values)}
          />
        )}
      </section>
      {login.pending && (
        <Suspense fallback={null}>
          <ChoiceModal
            open
            options={login.pending.options}
            captcha={login.captcha}
            captchaMode={login.config?.captchaMode ?? false}
            submitting={login.submitting}
            error={login.error}
            failures={login.failures}
            onRefreshCaptcha={login.refreshCaptcha}
            onSubmit={(values) => void login.choose(values)}
            onCancel={login.cancelChoice}
          />
        </Suspense>
      )}
    </Flex>
  );
}
