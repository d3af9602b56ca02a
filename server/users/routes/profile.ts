import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import {
  checkPasswordUnderLockout,
  hashPassword,
  md5Hex,
  decryptPkcs1v15,
  listTenantLogins,
  listUserLogins,
  findUserById,
  updateOwnProfile,
  updateUserPlatform,
} from '../../auth/index';
import { badRequest, forbidden, notFound, ok, page } from '../../http/envelope';
import { header } from '../../http/request-values';
import { dateTime } from '../../forms/index';
import { applyPasswordChange, assertPasswordNotReused } from '../services/password-change';
import { checkNewPasswordForm, checkProfileInfo } from '../services/profile-forms';
import { mayCall, NO_PERMISSION, SIGNED_IN } from '../../http/route-access';
import { paging, text, textEnum } from '../../http/route-schemas';
import { userAnswers as answers, type LoginLogRow, type PlatformDetail } from '../../../src/shared/contract/users';

const optional = Type.Optional;
const updateInfoBody = {
  body: Type.Object({
    realName: optional(text(50)),
    name: optional(text(50)),
    phone: optional(text(20)),
    email: optional(text(100)),
    avatar: optional(text(500)),
    keepOnlineTime: optional(Type.Integer()),
  }),
  response: { 200: answers.done },
};

// RSA-encrypted texts ('' for a new password left empty: the password form's rules say so).
const passwordBody = {
  body: Type.Object({ oldPassword: Type.String({ minLength: 1, maxLength: 1024 }), newPassword: text(1024), newPassword1: text(1024) }),
  response: { 200: answers.done },
};

const platformBody = {
  body: Type.Object({ userType: text(20), userExt: optional(text(10000)), authorizeCode: optional(text(200)) }),
  response: { 200: answers.done },
};
const platformDetail = { response: { 200: answers.platformDetail } };

const LOG_TEXT = Type.Optional(Type.String({ maxLength: 100 }));
const loginLogQuery = {
  querystring: Type.Object({
    ...paging(),
    scope: Type.Optional(textEnum('own', 'tenant')),
    account_like: LOG_TEXT,
    account: LOG_TEXT,
    ip_like: LOG_TEXT,
    result_equal: LOG_TEXT,
    createTime_datege: LOG_TEXT,
    createTime_datelt: LOG_TEXT,
    createTime_dategt: LOG_TEXT,
  }),
  response: { 200: answers.loginLogPage },
};

/**
 * blade_user.user_ext holds the platform rows and the authorisation code as one JSON object
 * ({accounts, authorizeCode}); the wire keeps the spec's userExt (the rows' JSON) and a separate
 * authorizeCode. Older rows hold the bare array.
 */
function readUserExt(stored: string): { accounts: unknown[]; authorizeCode: string } {
  if (!stored) return { accounts: [], authorizeCode: '' };
  try {
    const parsed: unknown = JSON.parse(stored);
    if (Array.isArray(parsed)) return { accounts: parsed, authorizeCode: '' };
    const o = parsed as { accounts?: unknown; authorizeCode?: unknown };
    return {
      accounts: Array.isArray(o.accounts) ? o.accounts : [],
      authorizeCode: typeof o.authorizeCode === 'string' ? o.authorizeCode : '',
    };
  } catch {
    return { accounts: [], authorizeCode: '' };
  }
}

/** The profile screen (/info/index): personal info, password, platform info, login log. */
export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post('/blade-user/update-info', { config: { access: SIGNED_IN }, schema: updateInfoBody }, async (request) => {
      const { body } = request;
      const user = await findUserById(deps.db, request.auth.tenant_id, request.auth.user_id);
      if (!user) throw notFound('用户不存在');
      // The personal-info form's rules (schemas/profileinfo.json), as the 个人信息 tab runs them.
      const change = await checkProfileInfo(
        { db: deps.db, tenantId: request.auth.tenant_id, now: new Date(deps.now()), dictionaries: deps.caches },
        user,
        body,
      );
      await updateOwnProfile(deps.db, request.auth.tenant_id, request.auth.user_id, change);
      return ok(true, '修改成功');
    });

    app.post('/blade-user/update-password', { config: { access: SIGNED_IN }, schema: passwordBody }, async (request) => {
      const { body } = request;
      const user = await findUserById(deps.db, request.auth.tenant_id, request.auth.user_id);
      if (!user) throw notFound('用户不存在');
      // Passwords arrive RSA-encrypted (the policy can only be checked on the clear text); the old one may be md5.
      const reveal = (value: string) => (value === '' ? '' : decryptPkcs1v15(deps.rsa.privateKey, value));
      // The old password is checked under the login lockout: guessing it here counts like guessing at login.
      const old = await checkPasswordUnderLockout(deps, user, body.oldPassword);
      if (old.kind === 'locked') throw badRequest(old.message);
      if (old.kind === 'wrong') throw badRequest(old.lockedMessage ?? '原密码不正确');
      const next = reveal(body.newPassword);
      const again = reveal(body.newPassword1);
      if (next === null || again === null) throw badRequest('密码需经公钥加密后提交');
      // Required, the policy and the confirmation: the password form's rules (schemas/passwordchange.json).
      await checkNewPasswordForm(
        { db: deps.db, tenantId: request.auth.tenant_id, now: new Date(deps.now()), dictionaries: deps.caches },
        next,
        again,
      );
      await assertPasswordNotReused(deps, user, md5Hex(next));
      await applyPasswordChange(deps, {
        user,
        newHash: await hashPassword(next),
        action: 'password_change',
        actor: { id: user.id, account: user.account },
        keepSessionId: request.auth.sid,
        ip: request.ip,
        userAgent: header(request, 'user-agent'),
      });
      return ok(true, '修改密码成功');
    });

    app.get('/blade-user/platform-detail', { config: { access: SIGNED_IN }, schema: platformDetail }, async (request) => {
      const user = await findUserById(deps.db, request.auth.tenant_id, request.auth.user_id);
      if (!user) throw notFound('用户不存在');
      const ext = readUserExt(user.user_ext);
      return ok<PlatformDetail>({
        userId: user.id,
        userType: user.user_type,
        userExt: ext.accounts.length ? JSON.stringify(ext.accounts) : '',
        authorizeCode: ext.authorizeCode,
      });
    });

    app.post('/blade-user/update-platform', { config: { access: SIGNED_IN }, schema: platformBody }, async (request) => {
      const { body } = request;
      if (!body.userType) throw badRequest('请选择用户平台');
      if (body.authorizeCode !== undefined && body.authorizeCode.trim() === '') throw badRequest('请输入授权码');
      const ext = body.userExt ?? '';
      let rows: unknown = [];
      if (ext) {
        try {
          rows = JSON.parse(ext);
        } catch {
          throw badRequest('平台账号信息格式不正确');
        }
        if (!Array.isArray(rows)) throw badRequest('平台账号信息格式不正确');
        for (const row of rows as Record<string, unknown>[]) {
          if (!row.platform) throw badRequest('请选择平台');
          if (!row.account) throw badRequest('请输入账号');
          if (!row.password) throw badRequest('请输入密码');
        }
      }
      const user = await findUserById(deps.db, request.auth.tenant_id, request.auth.user_id);
      if (!user) throw notFound('用户不存在');
      // A call without authorizeCode (the spec's three fields) keeps the code already stored.
      const authorizeCode = body.authorizeCode?.trim() ?? readUserExt(user.user_ext).authorizeCode;
      await updateUserPlatform(
        deps.db,
        request.auth.tenant_id,
        request.auth.user_id,
        body.userType,
        JSON.stringify({ accounts: rows, authorizeCode }),
      );
      return ok(true, '修改成功');
    });

    // The caller's own login history, newest first (the profile's 登录日志); with scope=tenant the
    // tenant's whole log for those granted 登录日志 (log_login), searchable (/monitor/log/login).
    app.get('/blade-user/loglogin/list', { config: { access: SIGNED_IN }, schema: loginLogQuery }, async (request) => {
      const { current = 1, size = 10, scope } = request.query;
      if (scope === 'tenant' && !(await mayCall(deps, request.auth, { permission: 'log_login' }))) throw forbidden(NO_PERMISSION);
      const { rows, total } =
        scope === 'tenant'
          ? await listTenantLogins(deps.db, request.auth.tenant_id, request.query, current, size)
          : await listUserLogins(deps.db, request.auth.tenant_id, request.auth.user_id, current, size);
      return ok(
        page(
          rows.map((r): LoginLogRow => ({
            id: r.id,
            account: r.account,
            ip: r.ip,
            result: r.result,
            message: r.message,
            userAgent: r.user_agent,
            createTime: dateTime(r.create_time),
          })),
          total,
          current,
          size,
        ),
      );
    });
  };
