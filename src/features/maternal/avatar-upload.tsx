import { useState } from 'react';
import { App, Avatar, Tooltip, Upload } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { checkUpload } from '../../shared/policies/upload';

/** Spec 001 §5: the avatar tip (only jpg/png under 1M), and the refusal's words 超出文件类型限制. */
export const AVATAR_TIP = '点击上传头像：只能上传jpg/png文件，且不超过1M';

/** Why a chosen file is refused as an avatar (the policy the server runs again), or undefined. */
export function avatarRefusal(file: { name: string; type: string; size: number }): string | undefined {
  const checked = checkUpload(file, 'avatar');
  return checked.ok ? undefined : `${checked.message}：只能上传jpg/png文件，且不超过1M`;
}

export interface AvatarUploadProps {
  src: string | undefined;
  /** Shown when there is no photo: the resident's name's first character. */
  name: string;
  greyed: boolean;
  /** Uploads the file and saves it as the resident's photo; rejects with the message to show. */
  onUpload?: (file: File) => Promise<void>;
}

/** The header's avatar: click to upload a png/jpeg (refused before sending otherwise). Without onUpload it only shows. */
export function AvatarUpload({ src, name, greyed, onUpload }: AvatarUploadProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const avatar = (
    <Avatar
      size={48}
      src={src || undefined}
      icon={busy ? <LoadingOutlined /> : undefined}
      style={{ background: greyed ? '#bfbfbf' : '#eb2f96', flex: 'none', cursor: onUpload ? 'pointer' : undefined }}
      data-testid="maternal-avatar"
    >
      {busy ? null : name.slice(0, 1)}
    </Avatar>
  );
  if (!onUpload) return avatar;
  return (
    <Tooltip title={AVATAR_TIP}>
      <Upload
        accept="image/png,image/jpeg"
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          const refusal = avatarRefusal(file);
          if (!refusal) return true;
          void message.error(refusal);
          return Upload.LIST_IGNORE;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setBusy(true);
          onUpload(file as File)
            .then(() => {
              void message.success('头像已更新');
              onSuccess?.('ok');
            })
            .catch((e: unknown) => {
              const text = (e as { message?: string })?.message || '头像上传失败';
              void message.error(text);
              onError?.(new Error(text));
            })
            .finally(() => setBusy(false));
        }}
      >
        {avatar}
      </Upload>
    </Tooltip>
  );
}
