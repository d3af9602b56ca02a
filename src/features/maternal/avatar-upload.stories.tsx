import type { Meta, StoryObj } from '@storybook/react-vite';
import { AvatarUpload } from './avatar-upload';

/** The maternal header's avatar: click to upload a png/jpeg (a gif or a file over 1M refused before sending). */
const meta: Meta<typeof AvatarUpload> = {
  title: 'Maternal/AvatarUpload',
  component: AvatarUpload,
  args: { src: undefined, name: '陈秀英', greyed: false, onUpload: () => new Promise((resolve) => setTimeout(resolve, 800)) },
};
export default meta;

type Story = StoryObj<typeof AvatarUpload>;

/** No photo yet: the name's first character; a click opens the file chooser. */
export const NoPhoto: Story = {};
/** The photo the archive holds. */
export const WithPhoto: Story = {
  args: {
    src:
      'data:image/svg+xml;utf8,' +
      encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" fill="#f6c"/></svg>'),
  },
};
/** A cancelled case: greyed. */
export const Greyed: Story = { args: { greyed: true } };
/** Shown only (no upload). */
export const ReadOnly: Story = { args: { onUpload: undefined } };
/** The upload refused by the server: its message shows. */
export const UploadFails: Story = { args: { onUpload: () => Promise.reject(new Error('上传失败，请稍后再试')) } };
