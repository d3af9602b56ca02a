import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { loadUserDefault, loadUserInfo } from '../../auth/index';
import { SIGNED_IN } from '../../http/route-access';
import { userAnswers as answers } from '../../../src/shared/contract/users';

/** blade-user: the current user's info and defaults. */
export const userRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get('/blade-user/info', { config: { access: SIGNED_IN }, schema: { response: { 200: answers.userInfo } } }, async (request) =>
      ok(await loadUserInfo(deps, request.auth)),
    );
    app.get(
      '/blade-user/getUserDefault',
      { config: { access: SIGNED_IN }, schema: { response: { 200: answers.userDefault } } },
      async (request) => ok(await loadUserDefault(deps, request.auth)),
    );
  };
