// blade-sign-contract (spec 001 §7 line 122): the signing service's two calls kept here —
// sign-up, a resident's application (a contract 待签约 marked 居民申请), and do-signing-contract, the
// doctor's signing of it (as usercontracts/sign-contract). doctorpromotion and screening are not
// contract calls and are left to their own work.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { ArchId, Id } from '../../http/route-schemas';
import { envelope } from '../../../src/shared/contract/envelope';
import { ContractView } from '../../../src/shared/contract/contracts';
import { contractView } from '../services/contract-views';
import { saveContract, signContract } from '../services/contracts';
import { CONTRACT_ACCESS, contractCtx, packIdsOf, Terms } from './user-contracts';

const BASE = '/blade-sign-contract';
const optional = Type.Optional;

export const signContractRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      `${BASE}/sign-up`,
      {
        config: { access: CONTRACT_ACCESS.sign },
        schema: { body: Type.Object({ archId: ArchId, ...Terms }), response: { 200: envelope(ContractView) } },
      },
      async (request) => {
        const ctx = contractCtx(deps, request);
        const b = request.body;
        const row = await saveContract(ctx, { ...b, remark: b.remark ?? undefined, packIds: packIdsOf(b.packIds) }, 2);
        return ok(contractView(row, ctx.now), '签约申请已提交');
      },
    );

    app.post(
      `${BASE}/do-signing-contract`,
      {
        config: { access: CONTRACT_ACCESS.sign },
        schema: {
          body: Type.Object({
            id: Id,
            rowVersion: optional(Type.Integer({ minimum: 1 })),
            autograph: optional(Type.String({ maxLength: 250_000 })),
          }),
          response: { 200: envelope(ContractView) },
        },
      },
      async (request) => {
        const ctx = contractCtx(deps, request);
        const { id, rowVersion, autograph } = request.body;
        return ok(contractView(await signContract(ctx, id, rowVersion, autograph), ctx.now), '签约成功');
      },
    );
  };
