import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { ok } from '../http/envelope';
import { listHistoryByOtherId } from '../repositories/record-other-history';
import { historyView } from '../services/record-views';
import { ARCHIVE_WORK } from '../http/route-access';

const otherIdQuery = { type: 'object', required: ['otherId'], properties: { otherId: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z_-]+$' } } } as const;

/** userarchivesotherdev (spec 001 §7): the change history of a child or maternal archive's records. */
export const archiveOtherRoutes = (deps: AppDeps): FastifyPluginAsync => async (app) => {
  app.get('/blade-iph-business/userarchivesotherdev/history', { config: { access: ARCHIVE_WORK }, schema: { querystring: otherIdQuery } }, async (request) => {
    const { otherId } = request.query as { otherId: string };
    // Scoped to the caller's tenant: another tenant's otherId answers an empty history, as an unknown one does.
    return ok((await listHistoryByOtherId(deps.db, request.auth.tenant_id, otherId)).map(historyView));
  });
};
