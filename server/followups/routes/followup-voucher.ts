import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { param } from '../../http/request-values';
import type { VoucherDb } from '../repositories/vouchers';
import { actorOf, idList, dateTime } from '../../forms/index';
import { followupVouchers, removeVouchers, saveVouchers } from '../services/vouchers';
import { ARCHIVE_WORK } from '../../http/route-access';
import { Id } from '../../http/route-schemas';
import { careAnswers, SaveVouchersBody, type VoucherView } from '../../../src/shared/contract/followups-care';
import { followupAnswers } from '../../../src/shared/contract/followups';

const BASE = '/blade-iph-business/userfollowupvoucher';
const saveSchema = { response: { 200: careAnswers.vouchers }, body: SaveVouchersBody };

const listSchema = { querystring: Type.Object({ followId: Id }), response: { 200: careAnswers.vouchers } };

/** A voucher as the API returns it (spec 001 §3: id, link, documentUrl, originalName, name). */
export function voucherView(v: VoucherDb): VoucherView {
  return {
    id: v.id,
    followId: v.follow_id,
    link: v.link,
    documentUrl: v.document_url,
    originalName: v.original_name,
    name: v.name,
    createUser: v.create_user,
    createUserName: v.create_user_name,
    createTime: dateTime(v.create_time),
  };
}

/**
 * userfollowupvoucher (spec 001 §7): the vouchers (photos, PDFs) of a saved follow-up. Like the
 * follow-up routes, every call needs a session (auth guard) and works in the caller's tenant only:
 * a follow-up or voucher of another tenant answers 数据不存在!.
 */
export const followupVoucherRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // A follow-up's vouchers, newest first.
    app.get(`${BASE}/new-list`, { config: { access: ARCHIVE_WORK }, schema: listSchema }, async (request) => {
      return ok((await followupVouchers(deps.db, request.auth.tenant_id, request.query.followId)).map(voucherView));
    });

    // Adds vouchers to a follow-up; each file must have been uploaded (put-file) in this tenant.
    app.post(`${BASE}/save-vouchers`, { config: { access: ARCHIVE_WORK }, schema: saveSchema }, async (request) => {
      const { followId, vouchers } = request.body;
      const saved = await saveVouchers(deps.db, request.auth.tenant_id, followId, vouchers, actorOf(request.auth), new Date(deps.now()));
      return ok(saved.map(voucherView), '保存成功');
    });

    // Removes vouchers (soft delete), all or none: an id the tenant does not have fails the whole call.
    app.post(
      `${BASE}/remove`,
      { config: { access: ARCHIVE_WORK }, schema: { response: { 200: followupAnswers.done } } },
      async (request) => {
        await removeVouchers(deps.db, request.auth.tenant_id, idList(param(request, 'ids')), actorOf(request.auth), new Date(deps.now()));
        return ok(true, '删除成功');
      },
    );
  };
