import { useEffect, useState } from 'react';
import { App, Avatar, Button, Form, Input, InputNumber, Space, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { getProfile, updateProfile, uploadAvatar, type ProfileInfo } from '../../api/profile';
import { getUserDefault, getUserInfo, setUserDefault, setUserInfo } from '../../api/session';
import type { ProfileTexts } from './profile-messages';
import { avatarAccepted, EMAIL, isKeepOnlineTime, KEEP_ONLINE, mobileRule } from './profile-rules';

type Values = Pick<ProfileInfo, 'avatar' | 'realName' | 'name' | 'phone' | 'email' | 'keepOnlineTime'>;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Personal info: avatar, names, phone, email and the keep-online time the idle logout uses. */
export function PersonalInfoTab({ t }: { t: ProfileTexts }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const avatar = Form.useWatch('avatar', form);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    let alive = true;
    getProfile()
      .then((info) => {
        // A user who started typing on a slow network keeps what they typed.
        if (alive && !form.isFieldsTouched()) form.setFieldsValue({ avatar: info.avatar, realName: info.realName, name: info.name, phone: info.phone, email: info.email, keepOnlineTime: info.keepOnlineTime });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [form]);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      await updateProfile(values);
      // The session follows at once: the idle timer reads keepOnlineTime, the header the name and avatar.
      const defaults = getUserDefault();
      if (defaults) setUserDefault({ ...defaults, keepOnlineTime: values.keepOnlineTime });
      const user = getUserInfo();
      if (user) setUserInfo({ ...user, real_name: values.realName, avatar: values.avatar });
      void message.success(t.saved);
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values> form={form} layout="horizontal" labelCol={{ span: 4 }} wrapperCol={{ span: 12 }} onFinish={save} initialValues={{ keepOnlineTime: 20 }}>
      <Form.Item label={t.avatar} extra={t.avatarTip}>
        <Space align="center" size="large">
          <Avatar size={72} src={avatar || undefined} icon={<UserOutlined />} />
          <Upload
            accept="image/png,image/jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              if (avatarAccepted(file)) return true;
              void message.error(t.fileRejected);
              return Upload.LIST_IGNORE;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              setUploading(true);
              uploadAvatar(file as File)
                .then((link) => {
                  form.setFieldValue('avatar', link);
                  onSuccess?.(link);
                })
                .catch((error: unknown) => {
                  void message.error(errorText(error));
                  onError?.(error instanceof Error ? error : new Error(errorText(error)));
                })
                .finally(() => setUploading(false));
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              {t.avatarUpload}
            </Button>
          </Upload>
        </Space>
      </Form.Item>
      <Form.Item name="avatar" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t.realName} name="realName" rules={[{ required: true, whitespace: true, message: t.realNameRequired }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label={t.name} name="name">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label={t.phone} name="phone" required rules={[mobileRule]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item label={t.email} name="email" rules={[{ pattern: EMAIL, message: t.emailFormat }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        label={t.keepOnlineTime}
        name="keepOnlineTime"
        required
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (!isKeepOnlineTime(value)) throw new Error(t.keepOnlineRange);
            },
          },
        ]}
      >
        <InputNumber min={KEEP_ONLINE.min} max={KEEP_ONLINE.max} step={KEEP_ONLINE.step} precision={0} addonAfter={t.minutes} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t.save}
        </Button>
      </Form.Item>
    </Form>
  );
}
