import type { Rule } from 'antd/es/form';
import { checkMobile, checkNewPassword } from '../../engine/helpers/patterns';
import { checkUpload } from '../../engine/helpers/upload';

/**
 * The profile's validation rules (spec 000 §5) as antd form rules. The mobile and password checks
 * are the engine's, the same ones the server runs, so both sides give the same message.
 */

export const KEEP_ONLINE = { min: 10, max: 120, step: 5 } as const;

export const mobileRule: Rule = {
  validator: async (_rule, value: unknown) => {
    const verdict = checkMobile(value);
    if (!verdict.ok) throw new Error(verdict.message);
  },
};

/** Empty passes here (spec §5: "empty allowed"); the required rule beside it asks for a value. */
export const newPasswordRule: Rule = {
  validator: async (_rule, value: string | undefined) => {
    const verdict = checkNewPassword(value);
    if (!verdict.ok) throw new Error(verdict.message);
  },
};

export const isKeepOnlineTime = (value: unknown): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= KEEP_ONLINE.min && value <= KEEP_ONLINE.max && value % KEEP_ONLINE.step === 0;

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Avatar: png or jpeg, at most 1024 KB; anything else is 超出文件类型限制 (the server checks again). */
export const avatarAccepted = (file: { name: string; type: string; size: number }): boolean => checkUpload(file, 'avatar').ok;
