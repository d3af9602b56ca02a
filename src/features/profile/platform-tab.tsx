import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { getDictionary, type DictEntry } from '../../api/dict';
import { getPlatformDetail, updatePlatform, type PlatformAccount } from '../../api/profile';
import type { ProfileTexts } from './profile-messages';

interface Values {
  userType?: string;
  authorizeCode?: string;
  systemAssAccounts: PlatformAccount[];
}

/** The platforms come from the sys_platform dictionary (seeded at platform level). */
export const PLATFORM_DICT = 'sys_platform';

function parseRows(userExt: string): PlatformAccount[] {
  if (!userExt) return [];
  try {
    const rows: unknown = JSON.parse(userExt);
    return Array.isArray(rows) ? (rows as PlatformAccount[]) : [];
  } catch {
    return [];
  }
}

/** Change platform info: the user platform, the authorisation code, and accounts on other platforms. */
export function PlatformTab({ t }: { t: ProfileTexts }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [platforms, setPlatforms] = useState<DictEntry[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    getDictionary(PLATFORM_DICT)
      .then((entries) => alive && setPlatforms(entries))
      .catch(() => undefined);
    getPlatformDetail()
      .then((detail) => {
        // A user who started typing on a slow network keeps what they typed.
        if (alive && !form.isFieldsTouched())
          form.setFieldsValue({
            userType: detail.userType || undefined,
            authorizeCode: detail.authorizeCode,
            systemAssAccounts: parseRows(detail.userExt),
          });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [form]);

  const options = platforms.map((p) => ({ value: p.dictKey, label: p.dictValue }));

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const rows = values.systemAssAccounts ?? [];
      await updatePlatform({
        userType: values.userType ?? '',
        userExt: rows.length ? JSON.stringify(rows) : '',
        authorizeCode: (values.authorizeCode ?? '').trim(),
      });
      void message.success(t.saved);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values> form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 16 }} onFinish={save} initialValues={{ systemAssAccounts: [] }}>
      <Form.Item label={t.userType} name="userType" rules={[{ required: true, message: t.userTypeRequired }]}>
        <Select options={options} style={{ width: 320 }} aria-label={t.userType} />
      </Form.Item>
      <Form.Item
        label={t.authorizeCode}
        name="authorizeCode"
        rules={[{ required: true, whitespace: true, message: t.authorizeCodeRequired }]}
      >
        <Input maxLength={200} style={{ width: 320 }} />
      </Form.Item>
      <Form.Item label={t.accounts}>
        <Form.List name="systemAssAccounts">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'platform']} rules={[{ required: true, message: t.platformRequired }]}>
                    <Select options={options} placeholder={t.platform} style={{ width: 220 }} aria-label={t.platform} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'account']} rules={[{ required: true, whitespace: true, message: t.accountRequired }]}>
                    <Input placeholder={t.account} maxLength={100} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'password']} rules={[{ required: true, message: t.passwordRequired }]}>
                    <Input.Password placeholder={t.password} maxLength={100} autoComplete="off" />
                  </Form.Item>
                  <Button type="text" icon={<MinusCircleOutlined />} aria-label={t.remove} onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ platform: undefined, account: '', password: '' })}>
                {t.addAccount}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t.save}
        </Button>
      </Form.Item>
    </Form>
  );
}
