import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import {
  type AccessClaims,
  hashPassword,
  findUserById,
  type User,
  findSecurityLog,
  listSecurityLog,
  type SecurityLogRow,
} from '../../auth/index';
import { badRequest, forbidden, notFound, ok, page } from '../../http/envelope';
import { header, param } from '../../http/request-values';
import { applyPasswordChange } from '../services/password-change';
import { ADMINISTRATORS } from '../../http/route-access';
import { LIST_PAGE_SIZE, text, textEnum } from '../../http/route-schemas';
import { dateTime } from '../../forms/index';
import { generatedPassword } from '../services/user-admin-passwords';
import { userAnswers as answers, type PasswordGiven, type SecurityLogView } from '../../../src/shared/contract/users';

const ADMIN_ALIASES = new Set(['administrator', 'admin']);

function requireAdministrator(auth: AccessClaims): void {
  if (!auth.role_alias.split(',').some((alias) => ADMIN_ALIASES.has(alias.trim()))) throw forbidden('只有管理员可以执行此操作');
}

const optional = Type.Optional;
const logQuery = {
  querystring: Type.Object({
    // The log pages no further than 100,000 (tighter than the input guard's bound).
    current: optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    size: optional(Type.Integer({ minimum: 1, maximum: LIST_PAGE_SIZE })),
    account: optional(text(100)),
    action: optional(textEnum('password_change', 'password_reset')),
  }),
  response: { 200: answers.securityLogPage },
};

const detailQuery = {
  querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) }),
  response: { 200: answers.securityLog },
};
const resetAnswer = { response: { 200: answers.passwordsGiven } };

const logView = (row: SecurityLogRow): SecurityLogView => ({
  id: row.id,
  action: row.action,
  actorId: row.actor_id,
  actorAccount: row.actor_account,
  targetId: row.target_id,
  targetAccount: row.target_account,
  ip: row.ip,
  userAgent: row.user_agent,
  message: row.message,
  createTime: dateTime(row.create_time),
});

/**
 * An administrator's password reset (spec 000 §7 blade-user/reset-password) and the security log
 * of password changes and resets (spec 002 blade-log/usual list and detail), each within the
 * caller's tenant (issue 22 §4).
 */
export const userSecurityRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post('/blade-user/reset-password', { config: { access: ADMINISTRATORS }, schema: resetAnswer }, async (request) => {
      requireAdministrator(request.auth);
      const ids = param(request, 'userIds')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '');
      if (ids.length === 0) throw badRequest('请选择用户');
      if (ids.length > 100 || ids.some((id) => !/^[0-9]{1,40}$/.test(id))) throw badRequest('参数[userIds]格式不正确');
      // All or none: every id must be a user of the caller's tenant before anything changes.
      const users: User[] = [];
      for (const id of new Set(ids)) {
        const user = await findUserById(deps.db, request.auth.tenant_id, id);
        if (!user) throw notFound('用户不存在');
        users.push(user);
      }
      const given: PasswordGiven[] = [];
      for (const user of users) {
        const password = generatedPassword();
        await applyPasswordChange(deps, {
          user,
          newHash: await hashPassword(password),
          action: 'password_reset',
          actor: { id: request.auth.user_id, account: request.auth.account },
          keepSessionId: null,
          ip: request.ip,
          userAgent: header(request, 'user-agent'),
        });
        given.push({ userId: user.id, account: user.account, password });
      }
      return ok(given, '重置密码成功，请将临时密码告知用户');
    });

    app.get('/blade-log/usual/list', { config: { access: ADMINISTRATORS }, schema: logQuery }, async (request) => {
      requireAdministrator(request.auth);
      const { current = 1, size = 10, account, action } = request.query;
      const { rows, total } = await listSecurityLog(deps.db, request.auth.tenant_id, { account, action }, current, size);
      return ok(page(rows.map(logView), total, current, size));
    });

    app.get('/blade-log/usual/detail', { config: { access: ADMINISTRATORS }, schema: detailQuery }, async (request) => {
      requireAdministrator(request.auth);
      const { id } = request.query;
      const row = await findSecurityLog(deps.db, request.auth.tenant_id, id);
      if (!row) throw notFound('数据不存在!');
      return ok(logView(row));
    });
  };
