// The profile screen's two forms on the server (/info/index: 个人信息 and 修改密码): the bundled
// documents schemas/profileinfo.json and schemas/passwordchange.json, checked as the browser checks them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { User } from '../../auth/index';
import { checkDialog, dialogValues, DIALOG_FORMS } from '../../forms/index';
import type { TenantCache } from '../../platform/services/tenant-cache';

export interface ProfileCheck {
  db: Kysely<Database>;
  tenantId: string;
  now: Date;
  dictionaries?: TenantCache<unknown> | undefined;
}

/** blade-user/update-info's body: each field optional (what is not sent stays as stored). */
export interface ProfileInfoBody {
  realName?: string;
  name?: string;
  phone?: string;
  email?: string;
  avatar?: string;
  keepOnlineTime?: number;
}

const PROFILE_FIELDS = ['realName', 'name', 'phone', 'email', 'keepOnlineTime'] as const;

/**
 * Checks the profile as it would be after this call — the fields sent over the stored ones — with
 * the personal-info form, and returns the change to write (text trimmed; the avatar as sent: its
 * upload was checked when it was uploaded).
 */
export async function checkProfileInfo(ctx: ProfileCheck, stored: User, body: ProfileInfoBody) {
  const after = {
    realName: body.realName ?? stored.real_name,
    name: body.name ?? stored.name,
    phone: body.phone ?? stored.phone,
    email: body.email ?? stored.email,
    keepOnlineTime: body.keepOnlineTime ?? stored.keep_online_time,
  };
  await checkDialog(ctx, DIALOG_FORMS.profileInfo, dialogValues(after, PROFILE_FIELDS));
  return {
    ...(body.realName !== undefined && { real_name: body.realName.trim() }),
    ...(body.name !== undefined && { name: body.name.trim() }),
    ...(body.phone !== undefined && { phone: body.phone.trim() }),
    ...(body.email !== undefined && { email: body.email.trim() }),
    ...(body.avatar !== undefined && { avatar: body.avatar }),
    ...(body.keepOnlineTime !== undefined && { keep_online_time: body.keepOnlineTime }),
  };
}

/**
 * The new password and its confirmation (decrypted), checked with the password form: required,
 * the policy of 000 §5 with its Chinese message, the same twice. The old password is the caller's
 * to verify (under the login lockout) before this runs; it is present by then.
 */
export async function checkNewPasswordForm(ctx: ProfileCheck, newPassword: string, newPassword1: string): Promise<void> {
  await checkDialog(ctx, DIALOG_FORMS.password, { oldPassword: 'verified', newPassword, newPassword1 });
}
