// register-guest (spec 000 §7, the login page's registration: tenantId, name, realName, account,
// password, oauthId). Anyone may call it, so what it creates can do nothing: an account with no
// role, disabled (status 0) and marked as a guest waiting for an administrator. Logging in answers
// 该账号已被停用 until an administrator of that institution grants a role (blade-user/grant), which
// enables it; search/newUser lists the guests waiting. The route limits calls per client address.
import type { AppDeps } from '../../app-deps';
import { hashPassword } from '../../auth/index';
import { newId } from '../../db/ids';
import { NotFound, Refusal } from '../../domain/errors';
import { ACCOUNT_TAKEN, findActiveTenant, findUserByAccountLive, insertAdminUser } from '../repositories/user-admin';
import { assertAccountRoom } from './user-admin';
import { revealPassword } from './user-admin-passwords';
import type { GuestRegistered } from '../../../src/shared/contract/users';

export interface GuestInput {
  tenantId: string;
  name?: string | undefined;
  realName?: string | undefined;
  account: string;
  /** RSA-encrypted with the server's public key. */
  password: string;
  password2?: string | undefined;
  oauthId?: string | undefined;
}

const ACCOUNT = /^[A-Za-z0-9_.@-]{2,45}$/;

export async function registerGuest(deps: AppDeps, input: GuestInput, now: Date): Promise<GuestRegistered> {
  const tenantId = input.tenantId.trim();
  const account = input.account.trim();
  if (tenantId === '') throw new Refusal('请先输入租户编号');
  if (account === '') throw new Refusal('请先输入账号名称');
  if (!ACCOUNT.test(account)) throw new Refusal('登录账号只能由2-45位字母、数字、下划线、点、@或中划线组成');
  const tenant = await findActiveTenant(deps.db, tenantId);
  // The platform (000000) has no guests: its accounts administer every institution.
  if (!tenant || tenant.is_root) throw new NotFound('租户不存在');
  const plain = revealPassword(deps.rsa, input.password.trim(), input.password2, '请先输入密码');
  if (await findUserByAccountLive(deps.db, tenantId, account)) throw new Refusal(ACCOUNT_TAKEN);
  await assertAccountRoom(deps.db, tenantId, 1);
  const realName = (input.realName ?? '').trim() || (input.name ?? '').trim() || account;
  const id = newId(now.getTime());
  await insertAdminUser(deps.db, {
    id,
    tenant_id: tenantId,
    account,
    name: (input.name ?? '').trim() || realName,
    real_name: realName,
    password_hash: await hashPassword(plain),
    avatar: '',
    email: '',
    phone: '',
    sex: 0,
    keep_online_time: 20,
    create_user: null,
    update_user: null,
    dept_id: '',
    role_id: '',
    team_id: '',
    status: 0,
    guest_pending: 1,
    oauth_id: (input.oauthId ?? '').trim(),
    update_time: now,
    update_user_name: '访客注册',
  });
  return { id, tenantId, account, status: 0 };
}
