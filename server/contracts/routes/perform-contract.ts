// blade-perform-contract/performcontract (spec 001 §7 line 123, 002 line 200): the performance of
// contracts — for each contract owed service (已签约, 生效中, also run out), how many of its packs'
// service items have been done, counted from the resident's records in the period
// (services/agreement.ts, performanceOf).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { Refusal, NotFound } from '../../domain/errors';
import { envelope, pageOf } from '../../../src/shared/contract/envelope';
import { PerformData, PerformRow } from '../../../src/shared/contract/contracts';
import { performanceOf, performTotals } from '../services/agreement';
import { listContracts, PERFORMING_ONLY } from '../services/contract-lists';
import { findContractByNo } from '../repositories/contracts';
import { CONTRACT_ACCESS, contractCtx } from './user-contracts';

const BASE = '/blade-perform-contract/performcontract';
const optional = Type.Optional;
const ListQuery = Type.Object(
  { current: optional(Type.Integer({ minimum: 1 })), size: optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  { additionalProperties: Type.String({ maxLength: 200 }) },
);

export const performContractRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // A page of the contracts owed service, each with its planned and done items and the rate.
    app.get(
      `${BASE}/list`,
      { config: { access: CONTRACT_ACCESS.read }, schema: { querystring: ListQuery, response: { 200: envelope(pageOf(PerformRow)) } } },
      async (request) => {
        const ctx = contractCtx(deps, request);
        const r = await listContracts(ctx, request.query, PERFORMING_ONLY);
        const rows = [];
        for (const row of r.rows) {
          const { contract, items } = await performanceOf(ctx, row);
          rows.push({ ...contract, ...performTotals(items) });
        }
        return ok(page(rows, r.total, r.current, r.size));
      },
    );

    // One contract's items (cnStr: its contract number, or its id): planned, done, and the records that count.
    app.post(
      `${BASE}/listPerformDatas`,
      {
        config: { access: CONTRACT_ACCESS.read },
        schema: {
          querystring: Type.Object({ cnStr: optional(Type.String({ maxLength: 60 })) }),
          body: optional(Type.Union([Type.Object({ cnStr: optional(Type.String({ maxLength: 60 })) }), Type.Null()])),
          response: { 200: envelope(PerformData) },
        },
      },
      async (request) => {
        const cnStr = param(request, 'cnStr');
        if (!cnStr) throw new Refusal('请提供签约协议编号');
        const ctx = contractCtx(deps, request);
        const row = await findContractByNo(ctx.db, ctx.tenantId, cnStr);
        if (!row) throw new NotFound('签约协议不存在');
        return ok(await performanceOf(ctx, row));
      },
    );
  };
