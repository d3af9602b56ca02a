import { checkUpload } from '../../shared/policies/upload';

/**
 * The profile's one check outside its forms (schemas/profileinfo.json and passwordchange.json
 * hold the others): the avatar, checked before uploading with the policy the server runs again.
 */

/** Avatar: png or jpeg, at most 1024 KB; anything else is 超出文件类型限制. */
export const avatarAccepted = (file: { name: string; type: string; size: number }): boolean => checkUpload(file, 'avatar').ok;
