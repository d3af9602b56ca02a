// 家庭医生签约 usercontracts (spec 001 §7 line 114): generating, signing, bringing into effect,
// terminating, cancelling and removing a resident's contract, its lists and its agreement. Each call
// checks the caller's tenant and its menu or button code (server/seed: menu 3770, buttons 4310–4314).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { mayCall } from '../../http/route-access';
import { param } from '../../http/request-values';
import { ArchId, Id, text } from '../../http/route-schemas';
import { actorOf, idList } from '../../forms/index';
import { Refusal } from '../../domain/errors';
import { envelope } from '../../../src/shared/contract/envelope';
import {
  AgreementUrl,
  ContractDefaults,
  ContractDetail,
  ContractPage,
  ContractView,
  PickOption,
} from '../../../src/shared/contract/contracts';
import { agreementContent } from '../services/agreement';
import { CANCELLED_ONLY, listContracts } from '../services/contract-lists';
import { autographLink, contractView } from '../services/contract-views';
import {
  bringAllIntoEffect,
  bringIntoEffect,
  cancel,
  contractDefaults,
  contractOf,
  invalidate,
  oneKeySign,
  removeContract,
  requireArchive,
  saveAutograph,
  saveContract,
  signContract,
  terminate,
  type ContractContext,
} from '../services/contracts';
import { pickOptions } from '../services/pick-options';
import { contractsOfArchive, contractsOfGwId, CONTRACT_STATE } from '../repositories/contracts';

const BASE = '/blade-iph-business/usercontracts';
export const CONTRACT_ACCESS = {
  read: { permission: 'contractsign' },
  sign: { permission: 'contract_sign' },
  effect: { permission: 'contract_effect' },
  terminate: { permission: 'contract_terminate' },
  cancel: { permission: 'contract_cancel' },
  remove: { permission: 'contract_remove' },
  /** contract-remove: the signers may withdraw a contract 待签约 (the dialog closed unfinished); the rest is contract_remove's. */
  removeOrWithdraw: { permission: ['contract_remove', 'contract_sign'] },
} as const;
const optional = Type.Optional;
const Version = optional(Type.Integer({ minimum: 1 }));
const DateText = Type.String({ maxLength: 10 });
/** ids as a comma list or an array; BladeX sends either. */
const Ids = optional(Type.Union([text(8000), Type.Array(Id, { maxItems: 500 })]));
const idsOf = (request: FastifyRequest): string[] => {
  const sent = (request.body as { ids?: unknown } | null | undefined)?.ids;
  return Array.isArray(sent) ? sent.map(String) : idList(param(request, 'ids'));
};

/** The dialog's terms (schemas/contractsign.json) as the body carries them. */
export const Terms = {
  teamId: optional(text(40)),
  doctorId: optional(text(40)),
  packIds: optional(Type.Union([Type.Array(Id, { maxItems: 50 }), text(2000)])),
  startDate: optional(DateText),
  endDate: optional(DateText),
  phone: optional(text(40)),
  remark: optional(Type.Union([text(500), Type.Null()])),
};
export const packIdsOf = (v: string | string[] | undefined): string[] | undefined =>
  v === undefined
    ? undefined
    : Array.isArray(v)
      ? v
      : v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);

const ListQuery = Type.Object(
  { current: optional(Type.Integer({ minimum: 1 })), size: optional(Type.Integer({ minimum: 1, maximum: 500 })) },
  { additionalProperties: Type.String({ maxLength: 200 }) },
);

export const contractCtx = (deps: AppDeps, request: FastifyRequest): ContractContext => ({
  db: deps.db,
  tenantId: request.auth.tenant_id,
  actor: actorOf(request.auth),
  now: new Date(deps.now()),
  caches: deps.caches,
});

export const userContractRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const ctxOf = (request: FastifyRequest) => contractCtx(deps, request);
    const view = (_request: FastifyRequest) => {
      const now = new Date(deps.now());
      return (row: Parameters<typeof contractView>[0]) => contractView(row, now);
    };
    const one = { 200: envelope(ContractView) };
    const many = { 200: envelope(Type.Array(ContractView)) };

    // The dialog's pickers: kind team (the tenant's teams), doctor (a team's members), pack (enabled packs).
    app.get(
      `${BASE}/sign-options`,
      {
        config: { access: CONTRACT_ACCESS.read },
        schema: {
          querystring: Type.Object({
            kind: Type.Union([Type.Literal('team'), Type.Literal('doctor'), Type.Literal('pack')]),
            teamId: optional(Id),
          }),
          response: { 200: envelope(Type.Array(PickOption)) },
        },
      },
      async (request) => ok(await pickOptions(ctxOf(request), request.query.kind, request.query.teamId)),
    );

    // What the sign-agreement dialog opens with for a resident (nothing is written).
    app.post(
      `${BASE}/contract-info-generate`,
      {
        config: { access: CONTRACT_ACCESS.sign },
        schema: {
          querystring: Type.Object({ archId: optional(ArchId) }),
          body: optional(Type.Union([Type.Object({ archId: optional(ArchId) }), Type.Null()])),
          response: { 200: envelope(ContractDefaults) },
        },
      },
      async (request) => {
        const archId = param(request, 'archId');
        if (!archId) throw new Refusal('请选择签约居民');
        return ok(await contractDefaults(ctxOf(request), archId));
      },
    );

    // A new contract 待签约, or the terms of one still 待签约 (id + rowVersion); renewFrom: a renewal.
    app.post(
      `${BASE}/create-or-update-contract`,
      {
        config: { access: CONTRACT_ACCESS.sign },
        schema: {
          body: Type.Object({ id: optional(Id), rowVersion: Version, archId: ArchId, renewFrom: optional(Id), ...Terms }),
          response: one,
        },
      },
      async (request) => {
        const b = request.body;
        const saved = await saveContract(ctxOf(request), { ...b, remark: b.remark ?? undefined, packIds: packIdsOf(b.packIds) });
        return ok(view(request)(saved), b.id ? '修改成功' : '协议已生成');
      },
    );

    // update(id, autograph): the resident's signature (a PNG data URL) on a contract 待签约.
    app.post(
      `${BASE}/update`,
      {
        config: { access: CONTRACT_ACCESS.sign },
        schema: { body: Type.Object({ id: Id, rowVersion: Version, autograph: Type.String({ maxLength: 250_000 }) }), response: one },
      },
      async (request) => {
        const { id, rowVersion, autograph } = request.body;
        return ok(view(request)(await saveAutograph(ctxOf(request), id, rowVersion, autograph)), '签名已保存');
      },
    );

    app.post(
      `${BASE}/sign-contract`,
      {
        config: { access: CONTRACT_ACCESS.sign },
        schema: {
          body: Type.Object({ id: Id, rowVersion: Version, autograph: optional(Type.String({ maxLength: 250_000 })) }),
          response: one,
        },
      },
      async (request) => {
        const { id, rowVersion, autograph } = request.body;
        return ok(view(request)(await signContract(ctxOf(request), id, rowVersion, autograph)), '签约成功');
      },
    );

    // Several residents (a family) on the same terms and one signature: all signed or none.
    app.post(
      `${BASE}/one-key-sign-contract`,
      {
        config: { access: CONTRACT_ACCESS.sign },
        schema: {
          body: Type.Object({ archIds: Type.Array(ArchId, { maxItems: 50 }), autograph: Type.String({ maxLength: 250_000 }), ...Terms }),
          response: many,
        },
      },
      async (request) => {
        const { archIds, autograph, ...terms } = request.body;
        const rows = await oneKeySign(
          ctxOf(request),
          archIds,
          { ...terms, remark: terms.remark ?? undefined, packIds: packIdsOf(terms.packIds) },
          autograph,
        );
        return ok(rows.map(view(request)), `已为${rows.length}位居民签约`);
      },
    );

    app.post(
      `${BASE}/sign-contract-comes-into-effect`,
      { config: { access: CONTRACT_ACCESS.effect }, schema: { body: Type.Object({ id: Id, rowVersion: Version }), response: one } },
      async (request) => ok(view(request)(await bringIntoEffect(ctxOf(request), request.body.id, request.body.rowVersion)), '协议已生效'),
    );

    app.post(
      `${BASE}/batch-sign-contract-comes-into-effect`,
      {
        config: { access: CONTRACT_ACCESS.effect },
        schema: {
          querystring: Type.Object({ ids: optional(text(8000)) }),
          body: optional(Type.Union([Type.Object({ ids: Ids }), Type.Null()])),
          response: many,
        },
      },
      async (request) => {
        const rows = await bringAllIntoEffect(ctxOf(request), idsOf(request));
        return ok(rows.map(view(request)), `${rows.length}份协议已生效`);
      },
    );

    app.post(
      `${BASE}/contract-termination`,
      {
        config: { access: CONTRACT_ACCESS.terminate },
        schema: { body: Type.Object({ id: Id, rowVersion: Version, reason: optional(text(500)) }), response: one },
      },
      async (request) => {
        const { id, rowVersion, reason } = request.body;
        return ok(view(request)(await terminate(ctxOf(request), id, rowVersion, reason ?? '')), '解约成功');
      },
    );

    app.post(
      `${BASE}/contract-cancel`,
      {
        config: { access: CONTRACT_ACCESS.cancel },
        schema: { body: Type.Object({ id: Id, rowVersion: Version, reason: optional(text(500)) }), response: one },
      },
      async (request) => {
        const { id, rowVersion, reason } = request.body;
        return ok(view(request)(await cancel(ctxOf(request), id, rowVersion, reason ?? '')), '协议已作废');
      },
    );

    app.post(
      `${BASE}/contract-invalid/byid`,
      {
        config: { access: CONTRACT_ACCESS.cancel },
        schema: {
          querystring: Type.Object({ ids: optional(text(8000)) }),
          body: optional(Type.Union([Type.Object({ ids: Ids, reason: optional(text(500)) }), Type.Null()])),
          response: many,
        },
      },
      async (request) => {
        const reason = (request.body as { reason?: string } | null | undefined)?.reason ?? '';
        const rows = await invalidate(ctxOf(request), idsOf(request), reason);
        return ok(rows.map(view(request)), `${rows.length}份协议已作废`);
      },
    );

    // contract-remove(id, deleted): 1 (default) removes a contract 待签约 or 已作废; 0 puts it back.
    app.post(
      `${BASE}/contract-remove`,
      {
        config: { access: CONTRACT_ACCESS.removeOrWithdraw },
        schema: {
          querystring: Type.Object({ id: optional(Id), deleted: optional(Type.Union([Type.Literal('0'), Type.Literal('1')])) }),
          body: optional(
            Type.Union([
              Type.Object({
                id: optional(Id),
                deleted: optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal('0'), Type.Literal('1')])),
                rowVersion: Version,
              }),
              Type.Null(),
            ]),
          ),
          response: one,
        },
      },
      async (request) => {
        const id = param(request, 'id');
        if (!id) throw new Refusal(`请选择签约协议`);
        const deleted = param(request, 'deleted') !== '0';
        const rowVersion = (request.body as { rowVersion?: number } | null | undefined)?.rowVersion;
        const mayRemoveAny = await mayCall(deps, request.auth, CONTRACT_ACCESS.remove);
        const row = await removeContract(ctxOf(request), id, deleted, rowVersion, !mayRemoveAny);
        return ok(view(request)(row), deleted ? '删除成功' : '已恢复');
      },
    );

    app.get(
      `${BASE}/detail`,
      {
        config: { access: CONTRACT_ACCESS.read },
        schema: { querystring: Type.Object({ id: Id }), response: { 200: envelope(ContractDetail) } },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const row = await contractOf(ctx, request.query.id);
        return ok({ ...contractView(row, ctx.now), agreement: await agreementContent(ctx, row.id) });
      },
    );

    // 签约管理's list: BladeX filters (personName, teamId_equal, state_equal, startDate_datege, …), newest first.
    app.get(
      `${BASE}/new-list`,
      { config: { access: CONTRACT_ACCESS.read }, schema: { querystring: ListQuery, response: { 200: envelope(ContractPage) } } },
      async (request) => {
        const r = await listContracts(ctxOf(request), request.query);
        return ok(page(r.rows.map(view(request)), r.total, r.current, r.size));
      },
    );

    // Every live contract of a resident, newest period first (the archive's 签约 page).
    app.get(
      `${BASE}/list-contract-by-arch-id`,
      { config: { access: CONTRACT_ACCESS.read }, schema: { querystring: Type.Object({ archId: ArchId }), response: many } },
      async (request) => {
        const ctx = ctxOf(request);
        await requireArchive(ctx, request.query.archId);
        return ok((await contractsOfArchive(ctx.db, ctx.tenantId, request.query.archId)).map(view(request)));
      },
    );

    // The resident's contracts that hold: 已签约 and 生效中 (not run out).
    app.get(
      `${BASE}/get-contract-list-by-arch-id`,
      { config: { access: CONTRACT_ACCESS.read }, schema: { querystring: Type.Object({ archId: ArchId }), response: many } },
      async (request) => {
        const ctx = ctxOf(request);
        await requireArchive(ctx, request.query.archId);
        const rows = (await contractsOfArchive(ctx.db, ctx.tenantId, request.query.archId)).map(view(request));
        return ok(rows.filter((r) => r.state === CONTRACT_STATE.signed || r.state === CONTRACT_STATE.inEffect));
      },
    );

    app.get(
      `${BASE}/list-cancel-contract`,
      { config: { access: CONTRACT_ACCESS.read }, schema: { querystring: ListQuery, response: { 200: envelope(ContractPage) } } },
      async (request) => {
        const r = await listContracts(ctxOf(request), request.query, CANCELLED_ONLY);
        return ok(page(r.rows.map(view(request)), r.total, r.current, r.size));
      },
    );

    // The contracts of one family or batch signing, by the regional platform's id of that signing.
    app.post(
      `${BASE}/get-batch-family-sign-contract-by-gw-id`,
      {
        config: { access: CONTRACT_ACCESS.read },
        schema: {
          querystring: Type.Object({ gwId: optional(text(80)) }),
          body: optional(Type.Union([Type.Object({ gwId: optional(text(80)) }), Type.Null()])),
          response: many,
        },
      },
      async (request) => {
        const gwId = param(request, 'gwId');
        if (!gwId) throw new Refusal('请提供签约批次号');
        const ctx = ctxOf(request);
        return ok((await contractsOfGwId(ctx.db, ctx.tenantId, gwId)).map(view(request)));
      },
    );

    // Where the printed agreement (generate-pdf/protocol-service) and the signature image are served.
    app.get(
      `${BASE}/get-agreement-url`,
      {
        config: { access: CONTRACT_ACCESS.read },
        schema: { querystring: Type.Object({ id: Id }), response: { 200: envelope(AgreementUrl) } },
      },
      async (request) => {
        const row = await contractOf(ctxOf(request), request.query.id);
        return ok({
          id: row.id,
          archId: row.arch_id,
          link: `/api/blade-resource/generate-pdf/protocol-service?id=${row.id}`,
          autographLink: autographLink(row.autograph_id),
        });
      },
    );
  };
