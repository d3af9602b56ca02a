import { Alert, Button, Form, Input } from 'antd';
import type { Captcha } from '../../api/types';
import { useMessages } from '../../shared/i18n/i18n-context';
import { CaptchaField } from './captcha-field';
import { loginMessages } from './login-messages';
import type { LoginValues } from './use-login';

interface Props {
  initialTenantId: string;
  tenantMode: boolean;
  captchaMode: boolean;
  captcha?: Captcha;
  submitting: boolean;
  error?: string;
  /** Refused logins so far: each one empties the captcha field. */
  failures: number;
  onRefreshCaptcha: () => void;
  onSubmit: (values: LoginValues) => void;
}

/** The credentials form: tenant, account, password and (when the server wants it) a captcha. */
export function LoginForm({
  initialTenantId,
  tenantMode,
  captchaMode,
  captcha,
  submitting,
  error,
  failures,
  onRefreshCaptcha,
  onSubmit,
}: Props) {
  const m = useMessages(loginMessages);
  return (
    <Form<LoginValues>
      layout="vertical"
      size="large"
      initialValues={{ tenantId: initialTenantId }}
      onFinish={onSubmit}
      requiredMark={false}
      disabled={submitting}
    >
      {tenantMode && (
        <Form.Item name="tenantId" label={m.tenantId} rules={[{ required: true, whitespace: true, message: m.tenantRequired }]}>
          <Input autoComplete="organization" placeholder={m.tenantId} />
        </Form.Item>
      )}
      <Form.Item name="username" label={m.account} rules={[{ required: true, whitespace: true, message: m.accountRequired }]}>
        <Input autoComplete="username" placeholder={m.account} />
      </Form.Item>
      <Form.Item name="password" label={m.password} rules={[{ required: true, message: m.passwordRequired }]}>
        <Input.Password autoComplete="current-password" placeholder={m.password} />
      </Form.Item>
      {captchaMode && <CaptchaField captcha={captcha} onRefresh={onRefreshCaptcha} failures={failures} />}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {m.submit}
      </Button>
    </Form>
  );
}
