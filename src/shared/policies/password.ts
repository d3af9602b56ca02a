// The new-password policy (000 §5 / the personal info page). The engine offers it to rules as the
// function isStrongPassword (rules/passwordchange.rules.json), which the profile's password form
// runs in the browser and the server's password change runs again.

export const PASSWORD_MESSAGE = '设置密码最小长度为8位，密码由数字、大小字母和特殊字符组合而成';
const PASSWORD_RE = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[~!@#$%^&*_])[\da-zA-Z~!@#$%^&*_]{8,}$/;

/** New password policy: empty is allowed (keeps the old one); otherwise 8+ with all four classes. */
export function checkNewPassword(input: string | null | undefined): { ok: boolean; message?: string } {
  if (input === null || input === undefined || input === '') return { ok: true };
  return PASSWORD_RE.test(input) ? { ok: true } : { ok: false, message: PASSWORD_MESSAGE };
}
