import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { AdminId, AdminIdList, intEnum, paging, text } from '../../http/route-schemas';
import {
  newestNotices,
  noticeDetail,
  noticeInbox,
  noticeList,
  readNotices,
  releaseNoticeIds,
  removeNotices,
  removeNoticesForMe,
  submitNotice,
} from '../services/notices';
import { deskAnswers as answers } from '../../../src/shared/contract/desk';

const optional = Type.Optional;
const listQuery = { querystring: Type.Object(paging()) };
const inboxQuery = { querystring: Type.Object({ ...paging(), isRead: optional(intEnum(0, 1)) }) };
const newestQuery = { querystring: Type.Object({ size: optional(Type.Integer({ minimum: 1, maximum: 50 })) }) };
const idQuery = { querystring: Type.Object({ id: AdminId }) };
// BladeX sends `ids` in the query string or the body (a form or JSON); `id` names one notice.
const idsQuery = { querystring: Type.Object({ ids: optional(AdminIdList), id: optional(AdminIdList) }) };
// The spec's client encrypts this body; a plain JSON body is what this server reads (server/README.md "Notices").
const submitBody = {
  body: Type.Object({
    id: optional(text(40)),
    title: optional(text(200)),
    category: optional(Type.Integer({ minimum: 0, maximum: 99 })),
    content: optional(text(100_000)),
  }),
};

const idsOf = (request: FastifyRequest) => param(request, 'ids') || param(request, 'id');

/** blade-desk/notice (spec 002 §7): everyone reads, administrators write and release. */
export const deskNoticeRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const now = () => new Date(deps.now());

    app.get(
      '/blade-desk/notice/list',
      { config: { access: SIGNED_IN }, schema: { ...listQuery, response: { 200: answers.noticePage } } },
      async (request) => {
        const result = await noticeList(deps.db, request.auth, request.query);
        return ok(page(result.rows, result.total, result.current, result.size));
      },
    );

    app.get(
      '/blade-desk/notice/new-page',
      { config: { access: SIGNED_IN }, schema: { ...inboxQuery, response: { 200: answers.noticePage } } },
      async (request) => {
        const result = await noticeInbox(deps.db, request.auth, request.query);
        return ok(page(result.rows, result.total, result.current, result.size));
      },
    );

    app.get(
      '/blade-desk/notice/dynamic-newList',
      { config: { access: SIGNED_IN }, schema: { ...newestQuery, response: { 200: answers.notices } } },
      async (request) => ok(await newestNotices(deps.db, request.auth, request.query.size ?? 10)),
    );

    app.get(
      '/blade-desk/notice/detail',
      { config: { access: SIGNED_IN }, schema: { ...idQuery, response: { 200: answers.notice } } },
      async (request) => ok(await noticeDetail(deps.db, request.auth, request.query.id)),
    );

    app.post(
      '/blade-desk/notice/submit',
      { config: { access: ADMINISTRATORS }, schema: { ...submitBody, response: { 200: answers.saved } } },
      async (request) => {
        const { id, created } = await submitNotice(deps.db, request.auth, request.body, now());
        return ok({ id }, created ? '新增成功' : '更新成功');
      },
    );

    app.post(
      '/blade-desk/notice/remove',
      { config: { access: ADMINISTRATORS }, schema: { ...idsQuery, response: { 200: answers.done } } },
      async (request) => {
        await removeNotices(deps.db, request.auth, idsOf(request), now());
        return ok(true, '删除成功');
      },
    );

    app.post(
      '/blade-desk/notice/message-release',
      { config: { access: ADMINISTRATORS }, schema: { ...idsQuery, response: { 200: answers.done } } },
      async (request) => {
        await releaseNoticeIds(deps.db, request.auth, idsOf(request), now());
        return ok(true, '发布成功');
      },
    );

    app.post(
      '/blade-desk/notice/read',
      { config: { access: SIGNED_IN }, schema: { ...idsQuery, response: { 200: answers.done } } },
      async (request) => {
        await readNotices(deps.db, request.auth, idsOf(request), now());
        return ok(true);
      },
    );

    app.post(
      '/blade-desk/notice/removeByMe',
      { config: { access: SIGNED_IN }, schema: { ...idsQuery, response: { 200: answers.done } } },
      async (request) => {
        await removeNoticesForMe(deps.db, request.auth, idsOf(request), now());
        return ok(true, '删除成功');
      },
    );
  };
