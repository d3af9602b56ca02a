// 质量管理's topic editor (decision 0042): a topic's effective document, a document checked without
// saving, a save that compiles first (refused with the engine's messages by rule and case, nothing
// stored), the removal of a tenant's version (an override reverts to the file's topic), and the forms
// a topic may check with their fields. Reading a document is the menu's; the rest is the 编辑专题
// button's (qualitymanage_edit, 疾控 and administrators). Every call names the caller's tenant.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { Refusal } from '../../domain/errors';
import { TopicCode, TopicSubmitBody, qualityTopicAnswers as answers } from '../../../src/shared/contract/quality';
import { checkTopic, removeTopics, saveTopic, topicDetail, topicForms } from '../services/topic-editing';

const T = '/blade-iph-business/quality-manage/topic';
/** Reading a topic's document: the 质量管理 menu (the list shows the rules already). */
const READ = { permission: 'qualitymanage' } as const;
/** Checking, saving and removing a tenant's topic: the 编辑专题 button (4430). */
const EDIT = { permission: 'qualitymanage_edit' } as const;
const CODE_LIST = /^[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*$/;

/** The codes of topic/remove: `?ids=a,b` or a body `{ids}`, BladeX's remove. */
function codesOf(query: { ids?: string | undefined }, body: unknown): string[] {
  const fromBody = body && typeof body === 'object' ? (body as { ids?: unknown }).ids : undefined;
  const raw = query.ids ?? (typeof fromBody === 'string' ? fromBody : Array.isArray(fromBody) ? fromBody.join(',') : undefined);
  const text = (raw ?? '').replace(/\s+/g, '');
  if (!text) throw new Refusal('参数[ids]不能为空');
  if (!CODE_LIST.test(text)) throw new Refusal('参数[ids]格式不正确');
  const codes = [...new Set(text.split(','))];
  if (codes.length > 200) throw new Refusal('参数[ids]一次最多200个');
  return codes;
}

export const qualityTopicRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // The effective document for the caller's tenant: its own version, or the file's (origin says which).
    app.get(
      `${T}/detail`,
      {
        config: { access: READ },
        schema: { querystring: Type.Object({ code: TopicCode }, { additionalProperties: false }), response: { 200: answers.detail } },
      },
      async (request) => ok(await topicDetail(deps, request.auth.tenant_id, request.query.code)),
    );

    // 校验: compiled and its cases run, nothing saved; the answer says what is wrong by rule and case.
    app.post(
      `${T}/check`,
      { config: { access: EDIT }, schema: { body: TopicSubmitBody, response: { 200: answers.check } } },
      async (request) => {
        const check = checkTopic(deps, request.body);
        return ok(check, check.ok ? '校验通过' : '校验未通过');
      },
    );

    // 保存 (create and update): refused with the problems, nothing stored, unless it compiles and its cases pass.
    app.post(
      `${T}/submit`,
      { config: { access: EDIT }, schema: { body: TopicSubmitBody, response: { 200: answers.detail } } },
      async (request) => ok(await saveTopic(deps, request.auth, request.body), '保存成功'),
    );

    // 恢复为文件版本 / 删除: the tenant's versions of the codes removed.
    app.post(
      `${T}/remove`,
      {
        config: { access: EDIT },
        schema: {
          querystring: Type.Object({ ids: Type.Optional(Type.String({ maxLength: 4000 })) }, { additionalProperties: false }),
          body: Type.Union([
            Type.Object({ ids: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Array(TopicCode, { maxItems: 200 })])) }),
            Type.Null(),
          ]),
          response: { 200: answers.removed },
        },
      },
      async (request) => ok(await removeTopics(deps, request.auth, codesOf(request.query, request.body)), '操作成功'),
    );

    // The forms a topic may check, with the fields its rules may read (the editor's select and completions).
    app.get(`${T}/forms`, { config: { access: EDIT }, schema: { response: { 200: answers.forms } } }, async () => ok(topicForms()));
  };
