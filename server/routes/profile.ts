import type { FastifyPluginAsync } from 'fastify';
import { checkMobile, checkNewPassword } from '../../src/engine/helpers/patterns';
import type { AppDeps } from '../app-deps';
import { checkPasswordUnderLockout } from '../auth/password-check';
import { hashPassword, md5Hex } from '../auth/passwords';
import { decryptPkcs1v15 } from '../auth/rsa';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { header } from '../http/request-values';
import { findUserById } from '../repositories/users';
import { applyPasswordChange, assertPasswordNotReused } from '../services/password-change';
import { SIGNED_IN } from '../http/route-access';

const updateInfoBody = {
  body: {
    type: 'object',
    properties: {
      realName: { type: 'string', maxLength: 50 },
      name: { type: 'string', maxLength: 50 },
      phone: { type: 'string', maxLength: 20 },
      email: { type: 'string', maxLength: 100 },
      avatar: { type: 'string', maxLength: 500 },
      keepOnlineTime: { type: 'integer' },
    },
  },
} as const;

const passwordBody = {
  body: {
    type: 'object',
    required: ['oldPassword', 'newPassword', 'newPassword1'],
    properties: {
      oldPassword: { type: 'string', minLength: 1, maxLength: 1024 },
      newPassword: { type: 'string', maxLength: 1024 },
      newPassword1: { type: 'string', maxLength: 1024 },
    },
  },
} as const;

const platformBody = {
  body: {
    type: 'object',
    required: ['userType'],
    properties: { userType: { type: 'string', maxLength: 20 }, userExt: { type: 'string', maxLength: 10000 }, authorizeCode: { type: 'string', maxLength: 200 } },
  },
} as const;

const pageQuery = {
  querystring: {
    type: 'object',
    properties: { current: { type: 'integer', minimum: 1 }, size: { type: 'integer', minimum: 1, maximum: 200 } },
  },
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
    return { accounts: Array.isArray(o.accounts) ? o.accounts : [], authorizeCode: typeof o.authorizeCode === 'string' ? o.authorizeCode : '' };
  } catch {
    return { accounts: [], authorizeCode: '' };
  }
}

/** The profile screen (/info/index): personal info, password, platform info, login log. */
export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.post('/blade-user/update-info', { config: { access: SIGNED_IN }, schema: updateInfoBody }, async (request) => {
      const body = request.body as { realName?: string; name?: string; phone?: string; email?: string; avatar?: string; keepOnlineTime?: number };
      if (body.realName !== undefined && body.realName.trim() === '') throw badRequest('请输入姓名');
      if (body.phone !== undefined) {
        const mobile = checkMobile(body.phone);
        if (!mobile.ok) throw badRequest(mobile.message ?? '手机号码格式不正确');
      }
      if (body.email && !EMAIL.test(body.email)) throw badRequest('邮箱格式不正确');
      if (body.keepOnlineTime !== undefined && (body.keepOnlineTime < 10 || body.keepOnlineTime > 120 || body.keepOnlineTime % 5 !== 0)) {
        throw badRequest('在线保持时长应为10到120分钟，且为5的倍数');
      }
      const set = {
        ...(body.realName !== undefined && { real_name: body.realName.trim() }),
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.phone !== undefined && { phone: body.phone.trim() }),
        ...(body.email !== undefined && { email: body.email.trim() }),
        ...(body.avatar !== undefined && { avatar: body.avatar }),
        ...(body.keepOnlineTime !== undefined && { keep_online_time: body.keepOnlineTime }),
      };
      if (Object.keys(set).length > 0) {
        await deps.db.updateTable('blade_user').set(set).where('tenant_id', '=', request.auth.tenant_id).where('id', '=', request.auth.user_id).execute();
      }
      return ok(true, '修改成功');
    });

    app.post('/blade-user/update-password', { config: { access: SIGNED_IN }, schema: passwordBody }, async (request) => {
      const body = request.body as { oldPassword: string; newPassword: string; newPassword1: string };
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
      if (next === '') throw badRequest('请输入新密码');
      const policy = checkNewPassword(next);
      if (!policy.ok) throw badRequest(policy.message ?? '密码不符合要求');
      if (next !== again) throw badRequest('两次密码输入不一致');
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

    app.get('/blade-user/platform-detail', { config: { access: SIGNED_IN } }, async (request) => {
      const user = await findUserById(deps.db, request.auth.tenant_id, request.auth.user_id);
      if (!user) throw notFound('用户不存在');
      const ext = readUserExt(user.user_ext);
      return ok({ userId: user.id, userType: user.user_type, userExt: ext.accounts.length ? JSON.stringify(ext.accounts) : '', authorizeCode: ext.authorizeCode });
    });

    app.post('/blade-user/update-platform', { config: { access: SIGNED_IN }, schema: platformBody }, async (request) => {
      const body = request.body as { userType: string; userExt?: string; authorizeCode?: string };
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
      await deps.db
        .updateTable('blade_user')
        .set({ user_type: body.userType, user_ext: JSON.stringify({ accounts: rows, authorizeCode }) })
        .where('tenant_id', '=', request.auth.tenant_id)
        .where('id', '=', request.auth.user_id)
        .execute();
      return ok(true, '修改成功');
    });

    // The caller's own login history, newest first.
    app.get('/blade-user/loglogin/list', { config: { access: SIGNED_IN }, schema: pageQuery }, async (request) => {
      const { current = 1, size = 10 } = request.query as { current?: number; size?: number };
      const base = deps.db.selectFrom('blade_login_log').where('tenant_id', '=', request.auth.tenant_id).where('user_id', '=', request.auth.user_id);
      const [rows, total] = await Promise.all([
        base.select(['id', 'account', 'ip', 'result', 'message', 'create_time', 'user_agent']).orderBy('create_time', 'desc').limit(size).offset((current - 1) * size).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok(
        page(
          rows.map((r) => ({ id: r.id, account: r.account, ip: r.ip, result: r.result, message: r.message, userAgent: r.user_agent, createTime: r.create_time.toISOString() })),
          Number(total.n),
          current,
          size,
        ),
      );
    });
  };
