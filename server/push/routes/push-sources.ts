// 上报 of the records besides follow-ups and archives (issue 34; decision 0033): contracts pushed to
// the regional system again (all-sign-submit-push; their rows are written by trigger, migration 077),
// the habits synced to it (userinfohabits/sync/{id}) and those not yet reported
// (userinfohabits/list-need-report-data), and the pushes to 基卫 of habits, medication, the inquiry
// forms and follow-up vouchers. Each checks the caller's tenant (every query names it) and a button
// of the list it is on: 上报签约 contract_push (4401), 上报基卫 of 用药记录 usermedication_push (4402),
// 生活习惯 userinfohabits_push (4403), the inquiries inquiry_push (4404), the vouchers voucher_push (4405).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { text } from '../../http/route-schemas';
import { Refusal } from '../../domain/errors';
import { IdsBody, pushAnswers as answers } from '../../../src/shared/contract/push';
import { pushTo } from '../services/push-status';
import { habitsToReport, INQUIRY_FORM_CODES, pushContracts, syncHabits } from '../services/push-sources';

const B = '/blade-iph-business';
const optional = Type.Optional;
const SOURCE_ID = /^[0-9]{1,40}$/;

/** Record ids (digits) from the body (a comma list or an array) or the query: none 400, a malformed one 400. */
function sourceIdsOf(request: FastifyRequest): string[] {
  const sent = (request.body as { ids?: unknown } | null | undefined)?.ids;
  const ids = (Array.isArray(sent) ? sent.map(String) : (typeof sent === 'string' && sent ? sent : param(request, 'ids')).split(','))
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new Refusal('参数[ids]不能为空');
  if (ids.length > 500) throw new Refusal('每次最多上报500条记录');
  const bad = ids.find((id) => !SOURCE_ID.test(id));
  if (bad) throw new Refusal(`记录编号不正确：${bad.slice(0, 60)}`);
  return ids;
}

const idsQuery = { querystring: Type.Object({ ids: optional(text(8000)) }), response: { 200: answers.changed } };
const idsSchema = { ...idsQuery, body: optional(IdsBody) };

export const pushSourceRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const now = () => new Date(deps.now());

    // Contracts to the regional system again: the ones named, or without ids every one that failed.
    const signs = async (request: FastifyRequest) => {
      const body = request.body as { ids?: unknown } | null | undefined;
      const named = body?.ids !== undefined || !!(request.query as { ids?: string }).ids;
      const ids = await pushContracts(deps.db, request.auth.tenant_id, named ? sourceIdsOf(request) : 'failed', now());
      return ok({ changed: ids.length, ids }, ids.length ? `已提交上报${ids.length}份签约协议` : '没有需要重新上报的签约协议');
    };
    const SIGN = { access: { permission: 'contract_push' } } as const;
    app.get(`${B}/userfollowup/all-sign-submit-push`, { config: SIGN, schema: idsQuery }, signs);
    app.post(`${B}/userfollowup/all-sign-submit-push`, { config: SIGN, schema: idsSchema }, signs);

    // 生活习惯: one resident's (by archive id, as info/{id}) to the regional system; those not yet reported.
    const HABITS = { access: { permission: 'userinfohabits_push' } } as const;
    const syncSchema = { params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,40}$' }) }), response: { 200: answers.changed } };
    const sync = async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const ids = await syncHabits(deps.db, request.auth.tenant_id, request.params.id, now());
      return ok({ changed: ids.length, ids }, '已提交上报生活习惯');
    };
    app.get(`${B}/userinfohabits/sync/:id`, { config: HABITS, schema: syncSchema }, sync);
    app.post(`${B}/userinfohabits/sync/:id`, { config: HABITS, schema: syncSchema }, sync);
    app.get(
      `${B}/userinfohabits/list-need-report-data`,
      {
        config: { access: { permission: ['submission', 'userinfohabits'] } },
        schema: {
          querystring: Type.Object({
            current: optional(Type.Integer({ minimum: 1, maximum: 100000 })),
            size: optional(Type.Integer({ minimum: 1, maximum: 200 })),
            personName: optional(text(50)),
          }),
          response: { 200: answers.habitsPage },
        },
      },
      async (request) => {
        const current = request.query.current ?? 1;
        const size = request.query.size ?? 10;
        const name = request.query.personName?.trim() || undefined;
        const { records, total } = await habitsToReport(deps.db, request.auth.tenant_id, name, current, size);
        return ok(page(records, total, current, size));
      },
    );

    // 上报基卫 of the lists that have it: a row 待上报 per record for 基卫 (JW).
    const toJw =
      (kind: 'habits' | 'medication' | 'voucher' | 'followup', what: string, formCodes?: readonly string[], notFound?: string) =>
      async (request: FastifyRequest) => {
        const ids = await pushTo(deps.db, request.auth.tenant_id, 'JW', kind, sourceIdsOf(request), now(), {
          ...(formCodes && { formCodes }),
          ...(notFound && { notFound }),
        });
        return ok({ changed: ids.length, ids }, `已提交上报基卫${ids.length}条${what}`);
      };
    app.post(`${B}/userinfohabits/push-habits-to-jw`, { config: HABITS, schema: idsSchema }, toJw('habits', '生活习惯'));
    app.post(
      `${B}/usermedication/push-to-jw`,
      { config: { access: { permission: 'usermedication_push' } }, schema: idsSchema },
      toJw('medication', '用药记录'),
    );
    const INQUIRY = { access: { permission: 'inquiry_push' } } as const;
    app.post(
      `${B}/useraskhypertension/push-to-jw`,
      { config: INQUIRY, schema: idsSchema },
      toJw('followup', '问诊记录', [INQUIRY_FORM_CODES.hypertension], '问诊记录不存在'),
    );
    app.post(
      `${B}/useraskhyperglycemia/push-to-jw`,
      { config: INQUIRY, schema: idsSchema },
      toJw('followup', '问诊记录', [INQUIRY_FORM_CODES.hyperglycemia], '问诊记录不存在'),
    );
    app.post(
      `${B}/userfollowupvoucher/push-voucher-to-jw`,
      { config: { access: { permission: 'voucher_push' } }, schema: idsSchema },
      toJw('voucher', '凭证'),
    );
  };
