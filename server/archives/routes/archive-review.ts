// userarchives/change-sh-status (spec 001 §3 "shStatus changed"): the review status of archives, set by
// a reviewer — the button 审核档案 (archives_review, 4400) of 居民健康档案, seeded for team leaders,
// disease control and the administrator. ids and shStatus from the body or the query.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { text } from '../../http/route-schemas';
import { Refusal } from '../../domain/errors';
import { pushAnswers } from '../../../src/shared/contract/push';
import { changeReviewStatus, SH_STATUS_TEXT } from '../services/archive-review';

const ARCHIVE_ID = /^[0-9]{1,40}$/;

const Params = Type.Object({ ids: Type.Optional(text(8000)), shStatus: Type.Optional(text(20)) });
const Body = Type.Union([
  Type.Object({
    ids: Type.Optional(Type.Union([text(8000), Type.Array(text(60), { maxItems: 500 })])),
    shStatus: Type.Optional(Type.Union([text(20), Type.Integer()])),
  }),
  Type.Null(),
]);

export const archiveReviewRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/blade-iph-business/userarchives/change-sh-status',
      {
        config: { access: { permission: 'archives_review' } },
        schema: { querystring: Params, body: Type.Optional(Body), response: { 200: pushAnswers.shStatus } },
      },
      async (request) => {
        const body = request.body ?? {};
        const sent = body.ids ?? request.query.ids ?? '';
        const ids = (Array.isArray(sent) ? sent : sent.split(',')).map((id) => id.trim()).filter(Boolean);
        if (ids.length === 0) throw new Refusal('参数[ids]不能为空');
        if (ids.length > 500) throw new Refusal('每次最多审核500份档案');
        const bad = ids.find((id) => !ARCHIVE_ID.test(id));
        if (bad) throw new Refusal(`档案编号不正确：${bad.slice(0, 60)}`);
        const shStatus = String(body.shStatus ?? request.query.shStatus ?? '').trim();
        if (!shStatus) throw new Refusal('参数[shStatus]不能为空');
        const changed = await changeReviewStatus(deps, request.auth, ids, shStatus);
        return ok({ changed: changed.length, ids: changed, shStatus }, `已将${changed.length}份档案设为${SH_STATUS_TEXT[shStatus]}`);
      },
    );
  };
