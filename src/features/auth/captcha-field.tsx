import { useEffect } from 'react';
import { Form, Input, Space } from 'antd';
import type { Captcha } from '../../api/types';
import { useMessages } from '../../shared/i18n/i18n-context';
import { loginMessages } from './login-messages';

/**
 * Captcha input with its image; clicking the image asks for a new one. Each change of `failures`
 * (a refused login) empties the input: the digits typed belong to a captcha the server has spent.
 */
export function CaptchaField({
  captcha,
  onRefresh,
  failures,
  name = 'captchaCode',
}: {
  captcha: Captcha | undefined;
  onRefresh: () => void;
  failures: number;
  name?: string;
}) {
  const m = useMessages(loginMessages);
  const form = Form.useFormInstance();
  useEffect(() => {
    if (failures > 0) form.setFieldValue(name, '');
  }, [failures, form, name]);
  return (
    <Form.Item label={m.captcha} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={[{ required: true, message: m.captchaRequired }]}>
          <Input autoComplete="off" maxLength={8} placeholder={m.captcha} aria-label={m.captcha} />
        </Form.Item>
        <button
          type="button"
          onClick={onRefresh}
          title={m.captchaImage}
          style={{ padding: 0, border: 'none', background: 'none', cursor: 'pointer', height: 32 }}
        >
          {captcha ? <img src={captcha.image} alt={m.captchaImage} height={32} /> : <span style={{ display: 'inline-block', width: 96 }} />}
        </button>
      </Space.Compact>
    </Form.Item>
  );
}
