import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { listHistoryByOtherId } from '../repositories/record-other-history';
import { historyView } from '../services/record-views';
import { ARCHIVE_WORK } from '../../http/route-access';
import { followupAnswers } from '../../../src/shared/contract/followups';

// A child or maternal archive's key, which is not always digits.
const otherIdQuery = Type.Object({ otherId: Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z_-]+$' }) });

/** userarchivesotherdev (spec 001 §7): the change history of a child or maternal archive's records. */
export const archiveOtherRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/blade-iph-business/userarchivesotherdev/history',
      { config: { access: ARCHIVE_WORK }, schema: { querystring: otherIdQuery, response: { 200: followupAnswers.history } } },
      async (request) => {
        const { otherId } = request.query;
        // Scoped to the caller's tenant: another tenant's otherId answers an empty history, as an unknown one does.
        return ok((await listHistoryByOtherId(deps.db, request.auth.tenant_id, otherId)).map(historyView));
      },
    );
  };
