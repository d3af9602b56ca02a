import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { databaseRateLimitStore } from '../../auth/index';
import { fail, forbidden, ok, page } from '../../http/envelope';
import { MAX_IMPORT_BYTES, readXlsxUpload } from '../../http/xlsx-upload';
import { param } from '../../http/request-values';
import { ARCHIVE_WORK, SIGNED_IN, type RouteAccess } from '../../http/route-access';
import { AdminId, AdminIdList, intEnum, paging, text } from '../../http/route-schemas';
import { createUser, grantRoles, removeUsers, unlockUsers, updatePlatformData, updateUser } from '../services/user-admin';
import { importTemplate, importUsers } from '../services/user-admin-import';
import { registerGuest } from '../services/user-admin-guest';
import {
  listDoctors,
  listMainDoctors,
  loginLogDetail,
  newUserPage,
  removeLoginLogs,
  userDetail,
  userInfoCard,
  userPage,
  userSelectPage,
} from '../services/user-admin-lists';
import { XLSX_TYPE } from '../../reports/index';
import { userAnswers as answers } from '../../../src/shared/contract/users';

const optional = Type.Optional;
const DigitsOrEmpty = Type.String({ maxLength: 40, pattern: '^[0-9]*$' });
const IdsText = Type.String({ maxLength: 4000, pattern: '^[0-9,]*$' });

/** The fields of BladeX's user form (submit / update); lengths here, meaning in users/services/user-admin.ts. */
const userFields = {
  account: optional(text(45)),
  name: optional(text(50)),
  realName: optional(text(50)),
  email: optional(text(100)),
  phone: optional(text(20)),
  sex: optional(intEnum(0, 1, 2, 9)),
  avatar: optional(text(500)),
  deptId: optional(IdsText),
  roleId: optional(IdsText),
  teamId: optional(IdsText),
  postId: optional(IdsText),
  userType: optional(text(20)),
  status: optional(intEnum(0, 1)),
  rowVersion: optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  // RSA-encrypted (base64 of 2048-bit blocks): a create's password and its confirmation.
  password: optional(text(1024)),
  password2: optional(text(1024)),
};

const pageQuery = {
  querystring: Type.Object({ ...paging(), deptId: optional(DigitsOrEmpty), account: optional(text(45)), realName: optional(text(50)) }),
  response: { 200: answers.userPage },
};
const idQuery = { querystring: Type.Object({ id: AdminId }) };
const detailQuery = { ...idQuery, response: { 200: answers.user } };
const loginLogQuery = { ...idQuery, response: { 200: answers.loginLog } };
const idsQuery = { querystring: Type.Object({ ids: optional(AdminIdList) }), response: { 200: answers.done } };
const submitBody = { body: Type.Object({ id: optional(DigitsOrEmpty), ...userFields }), response: { 200: answers.saved } };
const updateBody = {
  body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9]+$' }), ...userFields }),
  response: { 200: answers.saved },
};
const grantQuery = {
  querystring: Type.Object({ userIds: optional(IdsText), roleIds: optional(IdsText) }),
  response: { 200: answers.done },
};
const userIdsQuery = { querystring: Type.Object({ userIds: optional(IdsText) }), response: { 200: answers.done } };
const guestBody = {
  body: Type.Object({
    tenantId: text(12),
    name: optional(text(50)),
    realName: optional(text(50)),
    account: text(45),
    password: text(1024),
    password2: optional(text(1024)),
    oauthId: optional(text(100)),
  }),
  response: { 200: answers.guest },
};
const listQuery = { querystring: Type.Object(paging()), response: { 200: answers.userPage } };
const doctorQuery = { querystring: Type.Object({ userIds: optional(IdsText) }), response: { 200: answers.doctors } };
const mainDoctorQuery = { querystring: Type.Object({ category: optional(text(200)) }), response: { 200: answers.doctors } };
const selectQuery = {
  querystring: Type.Object({ ...paging(), realName: optional(text(50)), account: optional(text(45)), id_in: optional(IdsText) }),
  response: { 200: answers.doctorPage },
};
const userInfoQuery = { querystring: Type.Object({ userId: optional(DigitsOrEmpty) }), response: { 200: answers.card } };
const platformBody = {
  body: Type.Object({
    userId: Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9]+$' }),
    userType: text(20),
    userExt: optional(text(10000)),
  }),
  response: { 200: answers.done },
};
const importQuery = { querystring: Type.Object({ isCovered: optional(text(10)) }), response: { 200: answers.imported } };
const refused = { response: { 200: answers.none } };
const fileAnswer = { response: { 200: answers.file } };

/** Who may call what (route-access.user-admin.table.ts says the same for the seeded accounts). */
const USER_MENU: RouteAccess = { permission: 'user' };
const can = (code: 'user_add' | 'user_edit' | 'user_delete' | 'user_unlock' | 'user_role' | 'user_import'): RouteAccess => ({
  permission: code,
});

/** loglogin/submit: the honest answer to a client that would write an audit row. */
const LOGIN_LOG_IS_THE_SERVERS = '登录日志由服务器在每次登录时记录，客户端不能新增或修改';
/** get-supper-pwd: there is no super password to hand out (server/README.md, "Users"). */
const NO_SUPER_PASSWORD = '系统不提供超级密码：请由管理员为该账号重置密码（重置后旧会话全部失效，并记入安全日志）';

/** A refusal written by the route itself (its status and body are outside the 200 schema). */
const refuse = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).send(body);

const truthy = (value: string) => ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());

/**
 * blade-user administration (spec 000 Users, 002 §7 loglogin, issue 21 §2): the users of the
 * caller's tenant — list, detail, create and change (row versions), remove, roles, unlock, import —
 * the guests' registration, the doctor pickers of the archive screens, and the login log's rows.
 * Thin: every rule is in services/user-admin*.ts.
 */
export const userAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } });
    // register-guest is public (the login page's registration), so the per-user write limit cannot
    // count it: it is counted per client address instead, at the write limit's rate, in the same
    // database table (every server process shares the count).
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.db, deps.now) });
    const guestLimiter = app.createRateLimit({
      max: deps.config.writeRatePerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `register-guest:${request.ip}`,
    });

    app.get('/blade-user/page', { config: { access: USER_MENU }, schema: pageQuery }, async (request) => {
      const result = await userPage(deps, request.auth, request.query);
      return ok(page(result.rows, result.total, result.current, result.size));
    });

    app.get('/blade-user/detail', { config: { access: USER_MENU }, schema: detailQuery }, async (request) =>
      ok(await userDetail(deps, request.auth, request.query.id)),
    );

    app.post('/blade-user/submit', { config: { access: can('user_add') }, schema: submitBody }, async (request) => {
      const { body } = request;
      if (body.id) {
        const saved = await updateUser(deps, request.auth, body);
        return ok({ id: saved.id, rowVersion: saved.row_version }, '修改成功');
      }
      return ok(await createUser(deps, request.auth, body), '新增成功');
    });

    // BladeX's update: the same change as submit with an id, never a password.
    app.post('/blade-user/update', { config: { access: can('user_edit') }, schema: updateBody }, async (request) => {
      const { password: _password, password2: _password2, ...body } = request.body;
      const saved = await updateUser(deps, request.auth, body);
      return ok({ id: saved.id, rowVersion: saved.row_version }, '修改成功');
    });

    app.post('/blade-user/remove', { config: { access: can('user_delete') }, schema: idsQuery }, async (request) => {
      await removeUsers(deps, request.auth, param(request, 'ids'));
      return ok(true, '删除成功');
    });

    app.post('/blade-user/grant', { config: { access: can('user_role') }, schema: grantQuery }, async (request) => {
      await grantRoles(deps, request.auth, param(request, 'userIds'), param(request, 'roleIds'));
      return ok(true, '操作成功');
    });

    app.post('/blade-user/relieve-account', { config: { access: can('user_unlock') }, schema: userIdsQuery }, async (request) => {
      await unlockUsers(deps, request.auth, param(request, 'userIds'));
      return ok(true, '操作成功');
    });

    app.post('/blade-user/register-guest', { config: { public: true }, schema: guestBody }, async (request, reply) => {
      const verdict = await guestLimiter(request);
      if (!verdict.isAllowed && verdict.isExceeded) {
        const wait = Math.max(1, verdict.ttlInSeconds);
        return refuse(reply.header('Retry-After', String(wait)), 429, fail(429, `注册过于频繁，请${wait}秒后再试`));
      }
      const guest = await registerGuest(deps, request.body, new Date(deps.now()));
      return ok(guest, '注册成功，请等待管理员分配角色后登录');
    });

    app.get('/blade-user/search/newUser', { config: { access: USER_MENU }, schema: listQuery }, async (request) => {
      const result = await newUserPage(deps, request.auth, request.query);
      return ok(page(result.rows, result.total, result.current, result.size));
    });

    app.get('/blade-user/listDoctor', { config: { access: ARCHIVE_WORK }, schema: doctorQuery }, async (request) =>
      ok(await listDoctors(deps, request.auth, request.query.userIds)),
    );

    app.get('/blade-user/listMainDoctor', { config: { access: ARCHIVE_WORK }, schema: mainDoctorQuery }, async (request) =>
      ok(await listMainDoctors(deps, request.auth, request.query.category)),
    );

    app.get('/blade-user/user-sel', { config: { access: ARCHIVE_WORK }, schema: selectQuery }, async (request) => {
      const result = await userSelectPage(deps, request.auth, request.query);
      return ok(page(result.rows, result.total, result.current, result.size));
    });

    app.get('/blade-user/getUserInfo', { config: { access: SIGNED_IN }, schema: userInfoQuery }, async (request) =>
      ok(await userInfoCard(deps, request.auth, request.query.userId)),
    );

    app.post('/blade-user/update-platform-data', { config: { access: can('user_edit') }, schema: platformBody }, async (request) => {
      await updatePlatformData(deps, request.auth, request.body);
      return ok(true, '修改成功');
    });

    app.get('/blade-user/loglogin/detail', { config: { access: SIGNED_IN }, schema: loginLogQuery }, async (request) =>
      ok(await loginLogDetail(deps, request.auth, request.query.id)),
    );

    app.post('/blade-user/loglogin/remove', { config: { access: { permission: 'log_login' } }, schema: idsQuery }, async (request) => {
      await removeLoginLogs(deps, request.auth, param(request, 'ids'));
      return ok(true, '删除成功');
    });

    // The login log is the server's audit of login attempts: a row a client could write would be a
    // forged one. Refused for everybody, whatever is sent.
    app.post('/blade-user/loglogin/submit', { config: { access: SIGNED_IN }, schema: refused }, async () => {
      throw forbidden(LOGIN_LOG_IS_THE_SERVERS);
    });

    // A "super password" would open every account past its password, lockout and audit: there is none.
    app.get('/blade-user/get-supper-pwd', { config: { access: SIGNED_IN }, schema: refused }, async () => {
      throw forbidden(NO_SUPER_PASSWORD);
    });

    app.post(
      '/blade-user/import-user',
      { config: { access: can('user_import') }, schema: importQuery, bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024 },
      async (request, reply) => {
        const { content, fields } = await readXlsxUpload(request);
        const isCovered = fields.isCovered ?? request.query.isCovered ?? '';
        const outcome = await importUsers(deps, request.auth, content, truthy(isCovered));
        if (!outcome.ok) {
          // The import log of the spec's dialog: code ≠ 200, data = the rows that are wrong.
          return refuse(reply, 400, {
            code: 400,
            success: false,
            data: outcome.problems,
            msg: `导入失败：${outcome.problems.length}行数据有误，未导入任何用户`,
          });
        }
        const { created, updated, passwords } = outcome;
        return ok({ created, updated, passwords }, '导入成功');
      },
    );

    app.get('/blade-user/export-template', { config: { access: can('user_import') }, schema: fileAnswer }, async (request, reply) => {
      const buffer = await importTemplate(deps, request.auth);
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`)
        .send(buffer);
    });
  };
