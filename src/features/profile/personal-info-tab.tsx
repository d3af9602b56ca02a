import { useEffect, useState } from 'react';
import { App, Avatar, Button, Form, Space, Spin, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { getProfile, updateProfile, uploadAvatar, type ProfileInfo } from '../../api/profile';
import { getUserDefault, getUserInfo, setUserDefault, setUserInfo } from '../../api/session';
import { DocumentForm } from '../../form-runtime';
import type { ProfileTexts } from './profile-messages';
import { avatarAccepted } from './profile-rules';

/** The personal-info form: schemas/profileinfo.json + rules (name, the spec's mobile messages, email, keep-online time), run again by the server. */
export const PROFILE_FORM = 'profileinfo';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Personal info: avatar (uploaded apart), names, phone, email and the keep-online time the idle logout uses. */
export function PersonalInfoTab({ t }: { t: ProfileTexts }) {
  const { message } = App.useApp();
  const [info, setInfo] = useState<ProfileInfo>();
  const [avatar, setAvatar] = useState('');
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    let alive = true;
    getProfile()
      .then((loaded) => {
        if (!alive) return;
        setInfo(loaded);
        setAvatar(loaded.avatar ?? '');
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  // The form opens with the stored profile: nothing to type into before it is here.
  if (!info) return <Spin />;

  const upload = (
    <Form.Item label={t.avatar} extra={t.avatarTip} labelCol={{ span: 4 }}>
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
                setAvatar(link);
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
  );

  return (
    <DocumentForm
      formCode={PROFILE_FORM}
      values={{
        realName: info.realName ?? null,
        name: info.name ?? null,
        phone: info.phone ?? null,
        email: info.email ?? null,
        keepOnlineTime: info.keepOnlineTime ?? 20,
      }}
      submitText={t.save}
      onSubmit={async (values) => {
        const keepOnlineTime = typeof values.keepOnlineTime === 'number' ? values.keepOnlineTime : info.keepOnlineTime;
        const realName = text(values.realName);
        try {
          await updateProfile({
            avatar,
            realName,
            name: text(values.name),
            phone: text(values.phone),
            email: text(values.email),
            keepOnlineTime,
          });
        } catch (error) {
          void message.error(errorText(error));
          throw error;
        }
        // The session follows at once: the idle timer reads keepOnlineTime, the header the name and avatar.
        const defaults = getUserDefault();
        if (defaults) setUserDefault({ ...defaults, keepOnlineTime });
        const user = getUserInfo();
        if (user) setUserInfo({ ...user, real_name: realName, avatar });
        void message.success(t.saved);
      }}
    >
      {upload}
    </DocumentForm>
  );
}
