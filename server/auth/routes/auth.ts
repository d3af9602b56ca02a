import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { authenticateClient } from '../services/clients';
import { handleTokenRequest, logoutSession } from '../services/login-service';
import { registerLoginRateLimits } from './login-rate-limit';
import { bearerToken } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { header, param } from '../../http/request-values';
import { loadUserInfo } from '../services/user-info';
import { SIGNED_IN } from '../../http/route-access';
import { authAnswers as answers, type TokenError } from '../../../src/shared/contract/auth';

const open = { config: { public: true } } as const;
const answering = <T>(answer: T) => ({ schema: { response: { 200: answer } } });

/** oauth/token's refusal: BladeX's bare {error_code, error_description} (the contract's TokenError), outside the 200 schema. */
const refuse = (reply: FastifyReply, status: number, description: string) =>
  reply.code(status).send({ error_code: status, error_description: description } satisfies TokenError);

/** blade-auth: login, captcha, public key, logout and the current user (spec 000 §7). */
export const authRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const limited = await registerLoginRateLimits(app, deps);

    app.get('/blade-auth/oauth/login-config', { ...open, ...answering(answers.loginConfig) }, async () =>
      ok({ tenantMode: deps.config.tenantMode, captchaMode: deps.config.captchaMode, defaultTenantId: '000000' }),
    );

    app.get('/blade-auth/oauth/public-key', { ...open, ...answering(answers.publicKey) }, async () => ok(deps.rsa.publicKeyPem));

    // Not enveloped: BladeX clients read key and image at the top level.
    app.get('/blade-auth/oauth/captcha', { ...open, ...answering(answers.captcha), preHandler: limited.captcha }, async () => {
      const { key, image } = await deps.captcha.issue();
      return { key, image };
    });

    app.post('/blade-auth/oauth/token', { ...open, ...answering(answers.token), preHandler: limited.token }, async (request, reply) => {
      const client = await authenticateClient(deps.db, header(request, 'authorization'));
      if (!client) return refuse(reply, 401, '客户端认证失败');
      // The client's own token lifetimes (应用管理), else the server's.
      const tokens = deps.tokens.withLifetimes(client.accessTtl, client.refreshTtl);
      const outcome = await handleTokenRequest(tokens === deps.tokens ? deps : { ...deps, tokens }, {
        allowedGrants: client.grantTypes,
        grantType: param(request, 'grant_type'),
        tenantId: header(request, 'tenant-id') || param(request, 'tenantId'),
        username: param(request, 'username'),
        password: param(request, 'password'),
        refreshToken: param(request, 'refresh_token'),
        captchaKey: header(request, 'captcha-key'),
        captchaCode: header(request, 'captcha-code'),
        chosen: { deptId: header(request, 'dept-id'), roleId: header(request, 'role-id'), teamId: header(request, 'team-id') },
        currentToken: bearerToken(request) ?? '',
        ip: request.ip,
        userAgent: header(request, 'user-agent'),
      });
      if (!outcome.ok) return refuse(reply, outcome.status, outcome.description);
      return outcome.body;
    });

    app.get('/blade-auth/oauth/logout', { config: { access: SIGNED_IN }, ...answering(answers.done) }, async (request) => {
      await logoutSession(deps, request.auth.tenant_id, request.auth.sid);
      return ok(true, '退出成功');
    });

    app.get('/blade-auth/oauth/user-info', { config: { access: SIGNED_IN }, ...answering(answers.userInfo) }, async (request) =>
      ok(await loadUserInfo(deps, request.auth)),
    );
  };
