import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/route-access';
import { leaveDetail, startLeave } from '../services/leave-service';
import { optionalText } from './flow-paging';
import { flowAnswers as answers } from '../../../src/shared/contract/flow';

const startBody = {
  body: Type.Object({
    processDefinitionId: optionalText(300),
    startTime: optionalText(30),
    endTime: optionalText(30),
    reason: optionalText(1000),
    taskUser: optionalText(60),
  }),
};
const detailQuery = { querystring: Type.Object({ businessId: Type.String({ minLength: 1, maxLength: 40 }) }) };

/** blade-desk process/leave (spec 000 leave workflow, spec 002 §7): any signed-in user files a leave for an approver. */
export const flowLeaveRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/blade-desk/process/leave/start-process',
      { config: { access: SIGNED_IN }, schema: { ...startBody, response: { 200: answers.leave } } },
      async (request) => {
        return ok(await startLeave(deps.db, request.auth, request.body, new Date(deps.now())), '流程发起成功');
      },
    );

    app.get(
      '/blade-desk/process/leave/detail',
      { config: { access: SIGNED_IN }, schema: { ...detailQuery, response: { 200: answers.leave } } },
      async (request) => {
        return ok(await leaveDetail(deps.db, request.auth, request.query.businessId.trim()));
      },
    );
  };
