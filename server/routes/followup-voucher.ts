import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { badRequest, notFound, ok } from '../http/envelope';
import { param } from '../http/request-values';
import { inTransaction } from '../repositories/form-transaction';
import { findRecord } from '../repositories/records';
import { insertVouchers, listVouchers, softDeleteVouchers, tenantAttachIds, type VoucherDb } from '../repositories/vouchers';
import { actorOf, idList } from '../services/form-access';
import { dateTime } from '../services/form-views';
import { ARCHIVE_WORK } from '../http/route-access';

const BASE = '/blade-iph-business/userfollowupvoucher';
/** At most this many vouchers in one save-vouchers call. */
export const MAX_VOUCHERS_PER_SAVE = 20;
/** What put-file answers as a file's link: only files uploaded to this server may be vouchers. */
const OSS_LINK = '^/api/blade-resource/oss/file/[0-9a-f-]{36}$';
const attachIdOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

const idParam = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9]+$' } as const;
const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;

const saveSchema = {
  body: {
    type: 'object',
    required: ['followId', 'vouchers'],
    properties: {
      followId: idParam,
      vouchers: {
        type: 'array',
        items: {
          type: 'object',
          required: ['link', 'originalName', 'name'],
          properties: {
            link: { type: 'string', minLength: 1, maxLength: 200, pattern: OSS_LINK },
            // A PDF's or image's own address when it differs from link; '' or another file of this server.
            documentUrl: { type: 'string', maxLength: 200, pattern: `^$|${OSS_LINK}` },
            originalName: text(200),
            name: text(200),
          },
        },
      },
    },
  },
} as const;

const listSchema = { querystring: { type: 'object', required: ['followId'], properties: { followId: idParam } } } as const;

interface SaveBody {
  followId: string;
  vouchers: { link: string; documentUrl?: string; originalName: string; name: string }[];
}

/** A voucher as the API returns it (spec 001 §3: id, link, documentUrl, originalName, name). */
export function voucherView(v: VoucherDb) {
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
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const requireFollowup = async (tenantId: string, followId: string) => {
      if (!(await findRecord(deps.db, tenantId, followId))) throw notFound('数据不存在!');
    };

    // A follow-up's vouchers, newest first.
    app.get(`${BASE}/new-list`, { config: { access: ARCHIVE_WORK }, schema: listSchema }, async (request) => {
      const { followId } = request.query as { followId: string };
      const tenantId = request.auth.tenant_id;
      await requireFollowup(tenantId, followId);
      return ok((await listVouchers(deps.db, tenantId, followId)).map(voucherView));
    });

    // Adds vouchers to a follow-up; each file must have been uploaded (put-file) in this tenant.
    app.post(`${BASE}/save-vouchers`, { config: { access: ARCHIVE_WORK }, schema: saveSchema }, async (request) => {
      const body = request.body as SaveBody;
      const tenantId = request.auth.tenant_id;
      if (body.vouchers.length === 0) throw badRequest('请先上传凭证');
      if (body.vouchers.length > MAX_VOUCHERS_PER_SAVE) throw badRequest(`每次最多保存${MAX_VOUCHERS_PER_SAVE}个凭证`);
      await requireFollowup(tenantId, body.followId);
      const files = body.vouchers.flatMap((v) => [v.link, ...(v.documentUrl ? [v.documentUrl] : [])]);
      const known = await tenantAttachIds(deps.db, tenantId, [...new Set(files.map(attachIdOf))]);
      const missing = body.vouchers.find((v) => !known.has(attachIdOf(v.link)) || (v.documentUrl && !known.has(attachIdOf(v.documentUrl))));
      if (missing) throw badRequest(`凭证文件不存在，请重新上传：${missing.originalName}`);
      const saved = await insertVouchers(
        deps.db,
        tenantId,
        body.followId,
        body.vouchers.map((v) => ({ link: v.link, documentUrl: v.documentUrl ?? '', originalName: v.originalName.trim() || v.name, name: v.name })),
        actorOf(request.auth),
        new Date(deps.now()),
      );
      return ok(saved.map(voucherView), '保存成功');
    });

    // Removes vouchers (soft delete), all or none: an id the tenant does not have fails the whole call.
    app.post(`${BASE}/remove`, { config: { access: ARCHIVE_WORK } }, async (request) => {
      const ids = [...new Set(idList(param(request, 'ids')))];
      if (ids.length === 0) throw badRequest('请选择至少一条数据');
      const tenantId = request.auth.tenant_id;
      await inTransaction(deps.db, deps.dbKind, async (trx) => {
        const removed = await softDeleteVouchers(trx, tenantId, ids, actorOf(request.auth), new Date(deps.now()));
        // Thrown inside the transaction, so the vouchers it did find stay as they were.
        if (removed.length !== ids.length) throw notFound('数据不存在!');
      });
      return ok(true, '删除成功');
    });
  };
