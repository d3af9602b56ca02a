// 上报 (issue 34; decision 0033): the outbox's calls. 上报管理 lists every push with its state and
// pushes again or clears errors; 随访提交状态 reads the per-form counts; push_to_jw and
// push-archives-to-his add a push to another system; push-public-health-data pushes a resident's
// records again by id card. Each checks the caller's tenant (every query names it) and its menu or
// button code: 上报管理 (submission, 3006) to read, 重新上报 (submission_push, 4340) and 清除错误
// (submission_clear, 4341) to change; the counts also 随访提交状态 (followupstatus, 3004).
import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { forbidden, ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { DatePrefix, text } from '../../http/route-schemas';
import { idList } from '../../forms/index';
import { Refusal } from '../../domain/errors';
import type { PushSystem } from '../../config';
import { IdsBody, PushListQuery, pushAnswers as answers } from '../../../src/shared/contract/push';
import { DEFAULT_PUSH, makeAdapters } from '../services/adapters';
import { clearPushErrors, listPushes, pushAgain, pushCounts, pushIdentity, pushTo } from '../services/push-status';
import type { PushKind } from '../services/push-status';
import { PUSH_QUEUE, pushWork, startRelay, type PushRuntime } from '../services/push-worker';

const B = '/blade-iph-business';
const READ = { access: { permission: 'submission' } } as const;
const COUNTS = { access: { permission: ['submission', 'followupstatus'] } } as const;
const PUSH = { access: { permission: 'submission_push' } } as const;
const CLEAR = { access: { permission: 'submission_clear' } } as const;
const optional = Type.Optional;

/** ids from the body (a comma list or an array) or the query; refused when none. */
function idsOf(request: FastifyRequest): string[] {
  const sent = (request.body as { ids?: unknown } | null | undefined)?.ids;
  const ids = Array.isArray(sent) ? sent.map(String) : idList(typeof sent === 'string' && sent ? sent : param(request, 'ids'));
  if (ids.length === 0) throw new Refusal('参数[ids]不能为空');
  return ids;
}

/** Outbox row ids are `<system>:<kind>:<id>`; record and archive ids are digits. */
const OUTBOX_ID = /^(GW|JW|SFY|HIS):(followup|archive):[0-9]{1,40}$/;
function outboxIdsOf(request: FastifyRequest): string[] {
  const sent = (request.body as { ids?: unknown } | null | undefined)?.ids;
  const ids = (Array.isArray(sent) ? sent.map(String) : (typeof sent === 'string' && sent ? sent : param(request, 'ids')).split(','))
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new Refusal('参数[ids]不能为空');
  const bad = ids.find((id) => !OUTBOX_ID.test(id));
  if (bad) throw new Refusal(`上报记录编号不正确：${bad.slice(0, 60)}`);
  return ids;
}

const changedMsg = (n: number, what: string) => (n === 0 ? `没有可${what}的记录` : `已${what}${n}条记录`);

export const pushRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const settings = deps.config.push ?? DEFAULT_PUSH;
    const rt: PushRuntime = { deps, settings, adapters: makeAdapters(settings) };
    // The worker runs in every process, started beside the app rather than before it (the queue's
    // first start installs pg-boss's schema, which may take longer than a plugin is given); the rows
    // wait in the outbox meanwhile. The relay runs only where some system is configured.
    const working = deps.jobs.work(PUSH_QUEUE, pushWork(rt)).catch((error: unknown) => {
      app.log.error(`[push] the push worker did not start: ${error instanceof Error ? error.message : String(error)}`);
    });
    app.addHook('onClose', async () => {
      rt.closed = true;
      await working;
    });
    if (Object.values(rt.adapters).some((a) => a.configured)) {
      // After the worker: its work() creates the queue with the push's retry limit before any job is sent.
      let closed = false;
      const relay = working.then(() => (closed ? undefined : startRelay(rt, (message) => app.log.warn(message))));
      app.addHook('onClose', async () => {
        closed = true;
        await (
          await relay
        )?.();
      });
    }
    const now = () => new Date(deps.now());

    const list = async (request: FastifyRequest, q: PushListQuery, extra: { pending?: boolean; kind?: PushKind } = {}) => {
      const current = q.current ?? 1;
      const size = q.size ?? 10;
      const filter = {
        state: q.state,
        system: q.system,
        kind: extra.kind ?? q.kind,
        formCode: q.formCode,
        personName: q.personName?.trim() || undefined,
        from: q.startDate?.slice(0, 10),
        to: q.endDate?.slice(0, 10),
        pending: extra.pending,
      };
      const { records, total } = await listPushes(deps.db, request.auth.tenant_id, rt.adapters, filter, current, size);
      return ok(page(records, total, current, size));
    };

    // 上报管理's list: every push, newest change first; filters state, system, kind, form, resident, date.
    app.get(`${B}/pushoutbox/list`, { config: READ, schema: { querystring: PushListQuery, response: { 200: answers.page } } }, (request) =>
      list(request, request.query),
    );
    // Records still to be reported (待上报, 上报中, 失败, 终止).
    app.get(
      `${B}/userfollowupvoucher/list-need-report-data`,
      { config: READ, schema: { querystring: PushListQuery, response: { 200: answers.page } } },
      (request) => list(request, request.query, { pending: true }),
    );
    // Archives' pushes and their status.
    app.get(
      `${B}/userfollowup/archives-submit-status`,
      { config: READ, schema: { querystring: PushListQuery, response: { 200: answers.page } } },
      (request) => list(request, request.query, { kind: 'archive' }),
    );
    // Contracts' pushes to the regional system (SIGN; written when a contract is signed, brought into
    // effect, terminated or voided: migration 077). 签约管理's readers see them too.
    app.get(
      `${B}/userfollowup/sign-submit-status`,
      {
        config: { access: { permission: ['submission', 'contractsign'] } },
        schema: { querystring: PushListQuery, response: { 200: answers.page } },
      },
      (request) => list(request, request.query, { kind: 'contract' }),
    );
    // The maternal and child cases' pushes to 省妇幼 (SFY; written on every change of a case: migration 077).
    app.get(
      `${B}/userfollowup/archives-other-submit-status`,
      { config: READ, schema: { querystring: PushListQuery, response: { 200: answers.page } } },
      (request) => list(request, request.query, { kind: 'archive_other' }),
    );

    // 重新上报: the rows named (or, without ids, every failed, dead or cleared one) back to 待上报.
    const again = async (request: FastifyRequest) => {
      const body = request.body as { ids?: unknown } | null | undefined;
      const named = body?.ids !== undefined || !!(request.query as { ids?: string }).ids;
      const ids = await pushAgain(deps.db, request.auth.tenant_id, named ? outboxIdsOf(request) : 'failed', now());
      return ok({ changed: ids.length, ids }, changedMsg(ids.length, '重新上报'));
    };
    const againSchema = { querystring: Type.Object({ ids: optional(text(8000)) }), response: { 200: answers.changed } };
    app.get(`${B}/userfollowup/all-reported-push`, { config: PUSH, schema: againSchema }, again);
    app.post(`${B}/userfollowup/all-reported-push`, { config: PUSH, schema: { ...againSchema, body: optional(IdsBody) } }, again);
    // The failed rows named, pushed again with their errors cleared.
    app.post(
      `${B}/userinfomain/update-submit-error-gw-status`,
      { config: PUSH, schema: { ...againSchema, body: optional(IdsBody) } },
      async (request) => {
        const ids = await pushAgain(deps.db, request.auth.tenant_id, outboxIdsOf(request), now());
        return ok({ changed: ids.length, ids }, changedMsg(ids.length, '重新上报'));
      },
    );
    // 清除错误: failed or dead rows stop being tried (已清除).
    app.post(
      `${B}/userinfomain/remove-gw-status`,
      { config: CLEAR, schema: { ...againSchema, body: optional(IdsBody) } },
      async (request) => {
        const ids = await clearPushErrors(deps.db, request.auth.tenant_id, outboxIdsOf(request), now());
        return ok({ changed: ids.length, ids }, changedMsg(ids.length, '清除错误'));
      },
    );

    // Archives pushed to another system (基卫, the hospital system): a row 待上报 each.
    const toSystem = (system: PushSystem) => async (request: FastifyRequest) => {
      const ids = await pushTo(deps.db, request.auth.tenant_id, system, 'archive', idsOf(request), now());
      return ok({ changed: ids.length, ids }, `已提交上报${ids.length}条档案`);
    };
    app.post(`${B}/userinfomain/push_to_jw`, { config: PUSH, schema: { ...againSchema, body: optional(IdsBody) } }, toSystem('JW'));
    app.post(
      `${B}/userarchives/push-archives-to-his`,
      { config: PUSH, schema: { ...againSchema, body: optional(IdsBody) } },
      toSystem('HIS'),
    );

    // A resident's regional pushes again, by id card (identity).
    app.post(
      '/blade-gw-helper/gw/helper/push-public-health-data',
      {
        config: PUSH,
        schema: {
          querystring: Type.Object({ identity: optional(text(30)) }),
          body: optional(Type.Union([Type.Object({ identity: optional(text(30)) }), Type.Null()])),
          response: { 200: answers.changed },
        },
      },
      async (request) => {
        const identity = ((request.body as { identity?: string } | null)?.identity ?? request.query.identity ?? '').trim();
        if (!identity) throw new Refusal('参数[identity]不能为空');
        const ids = await pushIdentity(deps.db, request.auth.tenant_id, identity, now());
        return ok({ changed: ids.length, ids }, changedMsg(ids.length, '重新上报'));
      },
    );

    // 随访提交状态's push columns: per form, the regional pushes by state of records changed in the period.
    // The spec lists it under userfollowup's POST calls (types, tenantIds, date); the screen reads it with GET.
    const StatsParams = Type.Object({
      types: optional(text(50)),
      tenantIds: optional(text(500)),
      date: optional(DatePrefix),
      startDate: optional(DatePrefix),
      endDate: optional(DatePrefix),
    });
    type StatsParams = Static<typeof StatsParams>;
    const statistics = async (request: FastifyRequest, q: StatsParams) => {
      const own = request.auth.tenant_id;
      const others = (q.tenantIds ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t && t !== own);
      if (others.length > 0) throw forbidden('无权查看其他机构的上报统计');
      const types = (q.types ?? 'followup')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      const bad = types.find((t) => t !== 'followup' && t !== 'archive');
      if (bad) throw new Refusal(`参数[types]不正确：${bad.slice(0, 30)}（可选 followup、archive）`);
      const today = new Date(deps.now()).toISOString().slice(0, 10);
      const from = q.startDate?.slice(0, 10) ?? q.date?.slice(0, 10) ?? `${today.slice(0, 4)}-01-01`;
      const to = q.endDate?.slice(0, 10) ?? today;
      if (from > to) throw new Refusal('开始日期不能晚于结束日期');
      const counts = [];
      for (const kind of types as ('followup' | 'archive')[]) counts.push(...(await pushCounts(deps.db, own, kind, from, to)));
      return ok(counts);
    };
    app.get(
      `${B}/userfollowup/init-gw-statistics`,
      { config: COUNTS, schema: { querystring: StatsParams, response: { 200: answers.counts } } },
      (request) => statistics(request, request.query),
    );
    app.post(
      `${B}/userfollowup/init-gw-statistics`,
      {
        config: COUNTS,
        schema: { querystring: StatsParams, body: optional(Type.Union([StatsParams, Type.Null()])), response: { 200: answers.counts } },
      },
      (request) => statistics(request, { ...request.query, ...(request.body ?? {}) }),
    );
  };
