// 转移管理 (spec 001 §7 usertransferdoctor: list, submit, onekey-submit, barch-confirm; and 退回,
// detail, remove for the screen), and usertransferarchives (between institutions: refused, see
// README.md). Named handlers: a proposal's target names, its status and the archive's change on
// confirmation are a workflow, not a row the generic submit could write.
import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import type { RouteAccess } from '../../http/route-access';
import { Id, IdList, paging, text } from '../../http/route-schemas';
import { idList } from '../../forms/index';
import { Refusal } from '../../domain/errors';
import { envelope, pageOf } from '../../../src/shared/contract/envelope';
import {
  changeTransfer,
  confirmTransfers,
  CROSS_TENANT_REFUSAL,
  proposeTransfers,
  sendBackTransfers,
  transferDetail,
  transferPage,
  transferTeams,
  withdrawOwnTransfers,
} from '../services/transfers';

const optional = Type.Optional;
const D = '/blade-iph-business/usertransferdoctor';
const X = '/blade-iph-business/usertransferarchives';
const PROPOSE: RouteAccess = { permission: 'usertransfer_add' };
const DECIDE: RouteAccess = { permission: 'usertransfer_confirm' };
const READ: RouteAccess = { permission: 'usertransfer' };

const TransferView = Type.Object({
  id: Type.String(),
  archId: Type.String(),
  personName: Type.String(),
  fromDoctorId: Type.String(),
  fromDoctorName: Type.String(),
  fromTeamId: Type.String(),
  fromTeamName: Type.String(),
  toDoctorId: Type.String(),
  toDoctorName: Type.String(),
  toTeamId: Type.String(),
  toTeamName: Type.String(),
  reason: Type.String(),
  status: Type.Integer(),
  statusText: Type.String(),
  proposerId: Type.String(),
  proposerName: Type.String(),
  backReason: Type.String(),
  removeFamilyDts: Type.Integer(),
  confirmUserName: Type.String(),
  confirmTime: Type.String(),
  rowVersion: Type.Integer(),
  createTime: Type.String(),
});
const IdText = Type.Union([Type.String({ maxLength: 40, pattern: '^[0-9]*$' }), Type.Null()]);
const target = {
  toDoctorId: optional(IdText),
  toTeamId: optional(IdText),
  reason: optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
};
const Side = Type.Union([Type.Literal('incoming'), Type.Literal('mine'), Type.Literal('all')]);
const Status = Type.Integer({ minimum: 0, maximum: 2 });
// The screen's search sends side_equal, status_equal and personName_like; the bare names work too.
const listQuery = Type.Object(
  {
    ...paging(),
    side: optional(Side),
    side_equal: optional(Side),
    status: optional(Status),
    status_equal: optional(Status),
    personName: optional(text(50)),
    personName_like: optional(text(50)),
    ascs: optional(text(50)),
    descs: optional(text(50)),
  },
  { additionalProperties: false },
);
type ListQuery = Static<typeof listQuery>;
/** The list is ordered by status, then newest first; a sort by anything but the creation time is refused. */
const SORTABLE = new Set(['createTime', 'create_time']);
function listFilter(q: ListQuery) {
  for (const named of [q.ascs, q.descs])
    for (const prop of (named ?? '').split(',').filter(Boolean))
      if (!SORTABLE.has(prop.trim())) throw new Refusal(`不支持按 ${prop.trim()} 排序`);
  return {
    side: q.side ?? q.side_equal,
    status: q.status ?? q.status_equal,
    personName: q.personName ?? q.personName_like,
    current: q.current,
    size: q.size,
  };
}
const backReasonOf = (body: unknown): string | undefined => {
  const sent = (body as { backReason?: unknown } | undefined)?.backReason;
  if (sent === undefined || sent === null) return undefined;
  if (typeof sent !== 'string' || sent.length > 500) throw new Refusal('退回原因不能超过 500 个字');
  return sent;
};
/** The proposals' ids of a decision: a comma list or an array in the body, else the query's. */
const idsOf = (request: { body: unknown; query: unknown }) => {
  const sent = (request.body as { ids?: unknown } | undefined)?.ids;
  const raw = Array.isArray(sent) ? sent.map(String).join(',') : typeof sent === 'string' ? sent : param(request as never, 'ids');
  if (raw.length > 4000) throw new Refusal('参数[ids]过长');
  const ids = idList(raw);
  if (ids.length === 0) throw new Refusal('请选择转移申请');
  return ids;
};

export const transferRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // side: incoming 待我确认 (default), mine 我发起的, all 全部 (the tenant's).
    app.get(
      `${D}/list`,
      { config: { access: READ }, schema: { querystring: listQuery, response: { 200: envelope(pageOf(TransferView)) } } },
      async (request) => {
        const r = await transferPage(deps, request.auth, listFilter(request.query));
        return ok(page(r.records, r.total, r.current, r.size));
      },
    );

    app.get(
      `${D}/detail`,
      { config: { access: READ }, schema: { querystring: Type.Object({ id: Id }), response: { 200: envelope(TransferView) } } },
      async (request) => ok(await transferDetail(deps, request.auth.tenant_id, request.query.id)),
    );

    // One archive (archId), or with an id the caller's own pending proposal changed over its rowVersion.
    app.post(
      `${D}/submit`,
      {
        config: { access: PROPOSE },
        schema: {
          body: Type.Object(
            { id: optional(Id), rowVersion: optional(Type.Integer({ minimum: 1 })), archId: optional(IdText), ...target },
            { additionalProperties: false },
          ),
          response: { 200: envelope(TransferView) },
        },
      },
      async (request) => {
        const { id, rowVersion, archId, ...body } = request.body;
        if (id) return ok(await changeTransfer(deps, request.auth, id, rowVersion, body), '更新成功');
        if (!archId) throw new Refusal('请选择要转移的档案');
        const [created] = await proposeTransfers(deps, request.auth, [archId], body);
        return ok(created!, '已发起转移，等待接收方确认');
      },
    );

    app.post(
      `${D}/onekey-submit`,
      {
        config: { access: PROPOSE },
        schema: {
          body: Type.Object(
            { ids: Type.Union([IdList, Type.Array(Id, { minItems: 1, maxItems: 500 })]), ...target },
            { additionalProperties: false },
          ),
          response: { 200: envelope(Type.Array(TransferView)) },
        },
      },
      async (request) => {
        const { ids, ...body } = request.body;
        const archIds = Array.isArray(ids) ? ids : idList(ids);
        const created = await proposeTransfers(deps, request.auth, archIds, body);
        return ok(created, `已发起 ${created.length} 份档案的转移，等待接收方确认`);
      },
    );

    app.post(
      `${D}/barch-confirm`,
      {
        config: { access: DECIDE },
        schema: {
          // ids and removeFamilyDts in the query (the screen's confirm) or in a JSON body (BladeX's {ids, removeFamilyDts}).
          querystring: Type.Object({ ids: optional(IdList), removeFamilyDts: optional(Type.Integer({ minimum: 0, maximum: 1 })) }),
          response: { 200: envelope(Type.Integer()) },
        },
      },
      async (request) => {
        const sent = (request.body as { removeFamilyDts?: unknown } | undefined)?.removeFamilyDts ?? request.query.removeFamilyDts;
        if (sent !== undefined && ![0, 1, '0', '1'].includes(sent as never)) throw new Refusal('参数[removeFamilyDts]应为 0 或 1');
        const remove = String(sent) === '1';
        const n = await confirmTransfers(deps, request.auth, idsOf(request), remove);
        return ok(n, '转移已确认');
      },
    );

    app.post(
      `${D}/send-back`,
      {
        config: { access: DECIDE },
        schema: {
          // ids and backReason in the query (the screen's 退回 dialog) or in a JSON body.
          querystring: Type.Object({ ids: optional(IdList), backReason: optional(text(500)) }),
          response: { 200: envelope(Type.Integer()) },
        },
      },
      async (request) =>
        ok(await sendBackTransfers(deps, request.auth, idsOf(request), backReasonOf(request.body) ?? request.query.backReason), '已退回'),
    );

    app.post(
      `${D}/remove`,
      {
        config: { access: PROPOSE },
        schema: { querystring: Type.Object({ ids: optional(IdList) }), response: { 200: envelope(Type.Boolean()) } },
      },
      async (request) => {
        await withdrawOwnTransfers(deps, request.auth, idList(param(request, 'ids')));
        return ok(true, '已撤回');
      },
    );

    app.get(
      `${D}/teams`,
      {
        config: { access: READ },
        schema: { response: { 200: envelope(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))) } },
      },
      async (request) => ok(await transferTeams(deps, request.auth.tenant_id)),
    );

    // Between institutions: nothing of the kind exists here (an empty list), and a proposal is refused with the reason.
    app.get(
      `${X}/list`,
      { config: { access: READ }, schema: { querystring: listQuery, response: { 200: envelope(pageOf(TransferView)) } } },
      async (request) => ok(page([], 0, request.query.current ?? 1, request.query.size ?? 10)),
    );
    for (const call of ['submit', 'onekey-submit', 'barch-confirm'])
      app.post(
        `${X}/${call}`,
        { config: { access: call === 'barch-confirm' ? DECIDE : PROPOSE }, schema: { response: { 200: envelope(Type.Null()) } } },
        async () => {
          throw new Refusal(CROSS_TENANT_REFUSAL);
        },
      );
  };
