import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { getPublicKey } from '../../api/auth';
import { encryptPassword } from '../../api/password-crypto';
import { updatePassword } from '../../api/profile';
import type { ProfileTexts } from './profile-messages';
import { newPasswordRule } from './profile-rules';

interface Values {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** The encryption and the call, replaceable in tests (jsencrypt needs a real key). */
export interface PasswordApi {
  getPublicKey: () => Promise<string>;
  encrypt: (pem: string, plain: string) => string;
  updatePassword: typeof updatePassword;
}

const realApi: PasswordApi = { getPublicKey, encrypt: encryptPassword, updatePassword };

/** Change password: old, new (spec §5 policy), confirmation; sent RSA-encrypted like the login. */
export function PasswordTab({ t, api = realApi }: { t: ProfileTexts; api?: PasswordApi }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const pem = await api.getPublicKey();
      await api.updatePassword({
        oldPassword: api.encrypt(pem, values.oldPassword),
        newPassword: api.encrypt(pem, values.newPassword),
        newPassword1: api.encrypt(pem, values.newPassword1),
      });
      form.resetFields();
      void message.success(t.passwordChanged);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values> form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 12 }} onFinish={save}>
      <Form.Item label={t.oldPassword} name="oldPassword" rules={[{ required: true, message: t.oldPasswordRequired }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={t.newPassword} name="newPassword" rules={[{ required: true, message: t.newPasswordRequired }, newPasswordRule]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t.newPassword1}
        name="newPassword1"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t.newPassword1Required },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t.passwordMismatch);
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t.save}
          </Button>
          <Button onClick={() => form.resetFields()}>{t.reset}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
