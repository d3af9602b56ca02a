import multipart from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, ok, page } from '../../http/envelope';
import { fieldOf, param } from '../../http/request-values';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { AdminId, AdminIdList, paging, text, textEnum } from '../../http/route-schemas';
import { attachDetail, listAttach, removeAttach, submitAttach, toAttachView } from '../services/attach-admin';
import { maskMiddle } from '../../platform/services/masking';
import { enableOss, listOss, ossDetail, removeOss, removePools, submitOss, toOssView } from '../services/oss-configs';
import { checkIncomingFile, decodeBase64File, MAX_UPLOAD_BYTES, storeUpload, UPLOAD_MESSAGES } from '../services/oss-uploads';
import { enableSms, listSms, removeSms, smsDetail, submitSms, toSmsView } from '../services/sms-configs';
import { listRecords, recordDetail, removeRecords, submitRecord, toSmsRecordView } from '../services/sms-records';
import { sendMessage } from '../services/sms-send';
import { resourceAnswers as answers } from '../../../src/shared/contract/resource';

const optional = Type.Optional;
const MB = 1024 * 1024;
/** A 5 MB file is 6.7 MB as base64; with the JSON or form around it, 8 MB is the bound of the base64 uploads' bodies. */
const BASE64_BODY_LIMIT = 8 * MB;
/** Multipart: @fastify/multipart checks the 5 MB per file itself (as put-file's 6 MB). */
const MULTIPART_BODY_LIMIT = 6 * MB;
const BASE64_MAX_CHARS = 7_200_000;

const listQuery = { querystring: Type.Object(paging()) };
const idQuery = { querystring: Type.Object({ id: AdminId }) };
const attachIdQuery = { querystring: Type.Object({ id: text(40) }) };
// BladeX sends `ids` (and enable's `id`) in the query string or the body (a form or JSON).
const idsQuery = { querystring: Type.Object({ ids: optional(AdminIdList) }) };
const enableQuery = { querystring: Type.Object({ id: optional(text(40)) }) };
const rowVersion = optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 }));
const uploadType = { type: optional(textEnum('avatar', 'attachment', 'voucher')) };

const ossBody = {
  body: Type.Object({
    id: optional(text(40)),
    rowVersion,
    category: optional(Type.Integer({ minimum: 0, maximum: 99 })),
    ossCode: optional(text(100)),
    endpoint: optional(text(500)),
    accessKey: optional(text(500)),
    secretKey: optional(text(500)),
    bucketName: optional(text(200)),
    appId: optional(text(200)),
    region: optional(text(100)),
    remark: optional(text(500)),
  }),
};
const smsBody = {
  body: Type.Object({
    id: optional(text(40)),
    rowVersion,
    category: optional(Type.Integer({ minimum: 0, maximum: 99 })),
    smsCode: optional(text(100)),
    templateId: optional(text(200)),
    templateContent: optional(text(500)),
    accessKey: optional(text(500)),
    secretKey: optional(text(500)),
    regionId: optional(text(100)),
    signName: optional(text(100)),
    remark: optional(text(500)),
  }),
};
const attachBody = { body: Type.Object({ id: optional(text(40)), rowVersion, originalName: optional(text(200)) }) };
const recordBody = { body: Type.Object({ id: optional(text(40)), rowVersion, remark: optional(text(500)) }) };
// send-message(code, phones, params): BladeX's request parameters, in the query or a form / JSON body.
const sendQuery = { querystring: Type.Object({ code: optional(text(100)), phones: optional(text(2000)), params: optional(text(2000)) }) };
const base64Query = { querystring: Type.Object({ ...uploadType, fileName: optional(text(200)) }) };
const base64JsonSchema = {
  querystring: Type.Object(uploadType),
  body: Type.Object({ base64: text(BASE64_MAX_CHARS), fileName: text(200) }),
};
const poolsQuery = { querystring: Type.Object({ tenantIds: optional(text(4000)) }) };

/**
 * blade-resource administration (spec 002 §7; issue 21 §2; server/README.md "Storage and SMS"):
 * storage (oss) and SMS configurations per tenant with enable, the attachment screen, SMS sending
 * with the console/test sender and its records — administrators only — and the uploads beside
 * put-file (resource/routes/oss.ts): put-file-attach, put-base64, put-base64-json, for any signed-in user
 * like put-file, with put-file's checks.
 */
export const resourceAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    const now = () => new Date(deps.now());
    const admin = { config: { access: ADMINISTRATORS } };
    const signedIn = { config: { access: SIGNED_IN } };

    // --- oss: storage configurations
    app.get('/blade-resource/oss/list', { ...admin, schema: { ...listQuery, response: { 200: answers.ossPage } } }, async (request) => {
      const result = await listOss(deps.db, request.auth, request.query);
      return ok(page(result.rows.map(toOssView), result.total, result.current, result.size));
    });
    app.get('/blade-resource/oss/detail', { ...admin, schema: { ...idQuery, response: { 200: answers.oss } } }, async (request) =>
      ok(toOssView(await ossDetail(deps.db, request.auth, request.query.id))),
    );
    app.post(
      '/blade-resource/oss/submit',
      { ...admin, schema: { ...ossBody, response: { 200: answers.configSaved } } },
      async (request) => {
        const saved = await submitOss(deps.db, request.auth, request.body, now());
        return ok(saved, saved.created ? '新增成功' : '修改成功');
      },
    );
    app.post('/blade-resource/oss/remove', { ...admin, schema: { ...idsQuery, response: { 200: answers.done } } }, async (request) => {
      await removeOss(deps.db, request.auth, param(request, 'ids'), now());
      return ok(true, '删除成功');
    });
    app.post('/blade-resource/oss/enable', { ...admin, schema: { ...enableQuery, response: { 200: answers.done } } }, async (request) => {
      const msg = await enableOss(deps.db, request.auth, param(request, 'id'), now());
      return ok(true, msg);
    });
    app.post(
      '/blade-resource/oss/remove-pools',
      { ...admin, schema: { ...poolsQuery, response: { 200: answers.done } } },
      async (request) => {
        removePools(request.auth, param(request, 'tenantIds'));
        return ok(true, '操作成功');
      },
    );

    // --- oss/endpoint: uploads beside put-file
    app.post(
      '/blade-resource/oss/endpoint/put-file-attach',
      {
        ...signedIn,
        bodyLimit: MULTIPART_BODY_LIMIT,
        schema: { querystring: Type.Object(uploadType), response: { 200: answers.attachUpload } },
      },
      async (request) => {
        if (!request.isMultipart()) throw badRequest('请以multipart/form-data上传文件');
        const file = await request.file();
        if (!file) throw badRequest(UPLOAD_MESSAGES.noFile);
        const content = await file.toBuffer().catch(() => {
          throw badRequest(UPLOAD_MESSAGES.tooLarge);
        });
        if (file.file.truncated) throw badRequest(UPLOAD_MESSAGES.tooLarge);
        const incoming = { name: file.filename, type: file.mimetype, content };
        checkIncomingFile(incoming, request.query.type ?? 'voucher');
        const stored = await storeUpload(deps.db, request.auth, incoming, now());
        // The attachment row, as the attachment screen shows it, with put-file's fields beside it.
        return ok({ ...toAttachView(await attachDetail(deps.db, request.auth, stored.attachId)), attachId: stored.attachId });
      },
    );
    app.post(
      '/blade-resource/oss/endpoint/put-base64',
      { ...signedIn, bodyLimit: BASE64_BODY_LIMIT, schema: { ...base64Query, response: { 200: answers.upload } } },
      async (request) => {
        const base64 = fieldOf(request.body, 'base64');
        if (typeof base64 !== 'string' || base64.length > BASE64_MAX_CHARS)
          throw badRequest(typeof base64 === 'string' ? UPLOAD_MESSAGES.tooLarge : '参数[base64]不能为空');
        const file = decodeBase64File(base64, param(request, 'fileName').slice(0, 200), request.query.type ?? 'voucher');
        checkIncomingFile(file, request.query.type ?? 'voucher');
        return ok(await storeUpload(deps.db, request.auth, file, now()));
      },
    );
    app.post(
      '/blade-resource/oss/endpoint/put-base64-json',
      { ...signedIn, bodyLimit: BASE64_BODY_LIMIT, schema: { ...base64JsonSchema, response: { 200: answers.upload } } },
      async (request) => {
        const policy = request.query.type ?? 'voucher';
        const file = decodeBase64File(request.body.base64, request.body.fileName, policy);
        checkIncomingFile(file, policy);
        return ok(await storeUpload(deps.db, request.auth, file, now()));
      },
    );

    // --- attach: the attachment screen
    app.get(
      '/blade-resource/attach/list',
      { ...admin, schema: { ...listQuery, response: { 200: answers.attachPage } } },
      async (request) => {
        const result = await listAttach(deps.db, request.auth, request.query);
        return ok(page(result.rows.map(toAttachView), result.total, result.current, result.size));
      },
    );
    app.get(
      '/blade-resource/attach/detail',
      { ...admin, schema: { ...attachIdQuery, response: { 200: answers.attach } } },
      async (request) => ok(toAttachView(await attachDetail(deps.db, request.auth, request.query.id))),
    );
    app.post(
      '/blade-resource/attach/submit',
      { ...admin, schema: { ...attachBody, response: { 200: answers.rowSaved } } },
      async (request) => {
        const version = await submitAttach(deps.db, request.auth, request.body, now());
        return ok({ id: request.body.id ?? '', rowVersion: version }, '修改成功');
      },
    );
    app.post('/blade-resource/attach/remove', { ...admin, schema: { ...idsQuery, response: { 200: answers.done } } }, async (request) => {
      await removeAttach(deps.db, request.auth, param(request, 'ids'), now());
      return ok(true, '删除成功');
    });

    // --- sms: configurations and sending
    app.get('/blade-resource/sms/list', { ...admin, schema: { ...listQuery, response: { 200: answers.smsPage } } }, async (request) => {
      const result = await listSms(deps.db, request.auth, request.query);
      return ok(page(result.rows.map(toSmsView), result.total, result.current, result.size));
    });
    app.get('/blade-resource/sms/detail', { ...admin, schema: { ...idQuery, response: { 200: answers.sms } } }, async (request) =>
      ok(toSmsView(await smsDetail(deps.db, request.auth, request.query.id))),
    );
    app.post(
      '/blade-resource/sms/submit',
      { ...admin, schema: { ...smsBody, response: { 200: answers.configSaved } } },
      async (request) => {
        const saved = await submitSms(deps.db, request.auth, request.body, now());
        return ok(saved, saved.created ? '新增成功' : '修改成功');
      },
    );
    app.post('/blade-resource/sms/remove', { ...admin, schema: { ...idsQuery, response: { 200: answers.done } } }, async (request) => {
      await removeSms(deps.db, request.auth, param(request, 'ids'), now());
      return ok(true, '删除成功');
    });
    app.post('/blade-resource/sms/enable', { ...admin, schema: { ...enableQuery, response: { 200: answers.done } } }, async (request) => {
      const msg = await enableSms(deps.db, request.auth, param(request, 'id'), now());
      return ok(true, msg);
    });
    app.post(
      '/blade-resource/sms/endpoint/send-message',
      { ...admin, schema: { ...sendQuery, response: { 200: answers.smsSent } } },
      async (request) => {
        const body = request.body;
        const params = fieldOf(request.query, 'params') ?? fieldOf(body, 'params');
        const sent = await sendMessage(
          deps.db,
          request.auth,
          {
            code: param(request, 'code'),
            phones: param(request, 'phones'),
            params:
              typeof params === 'string' || (params !== null && typeof params === 'object')
                ? (params as string | Record<string, unknown>)
                : undefined,
          },
          deps.now(),
          (message) => request.log.info({ sms: { ...message, phone: maskMiddle(message.phone) } }, '短信（控制台测试发送，未经运营商）'),
        );
        return ok(sent, '发送成功');
      },
    );

    // --- smsrecord: what was sent
    app.get(
      '/blade-resource/smsrecord/list',
      { ...admin, schema: { ...listQuery, response: { 200: answers.recordPage } } },
      async (request) => {
        const result = await listRecords(deps.db, request.auth, request.query);
        return ok(page(result.rows.map(toSmsRecordView), result.total, result.current, result.size));
      },
    );
    app.get('/blade-resource/smsrecord/detail', { ...admin, schema: { ...idQuery, response: { 200: answers.record } } }, async (request) =>
      ok(toSmsRecordView(await recordDetail(deps.db, request.auth, request.query.id))),
    );
    app.post(
      '/blade-resource/smsrecord/submit',
      { ...admin, schema: { ...recordBody, response: { 200: answers.rowSaved } } },
      async (request) => {
        const version = await submitRecord(deps.db, request.auth, request.body, now());
        return ok({ id: request.body.id ?? '', rowVersion: version }, '修改成功');
      },
    );
    app.post(
      '/blade-resource/smsrecord/remove',
      { ...admin, schema: { ...idsQuery, response: { 200: answers.done } } },
      async (request) => {
        await removeRecords(deps.db, request.auth, param(request, 'ids'), now());
        return ok(true, '删除成功');
      },
    );
  };
