// 健康教育 (/propaganda_education/index) and 一键宣教 (/publichealthwork/onekeyeducation): the
// userpromotion/* calls of spec 001 §7 (issue 34 "Work lists"; decision 0036). Each call checks the
// caller's tenant and a menu or button code of 健康教育 (3005; buttons 4370–4375); whose residents a
// caller reaches is the task centre's scope (a doctor their own, a team leader the team's).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { requestIds } from '../../http/request-values';
import { Refusal } from '../../domain/errors';
import {
  BatchListQuery,
  CrowdResidentQuery,
  EducationListQuery,
  EducationSaveBody,
  IdsBody,
  OneKeyBody,
  educationAnswers as answers,
  type EducationFormCode,
} from '../../../src/shared/contract/education';
import { Id, IdList } from '../../http/route-schemas';
import {
  crowdResidents,
  educationDetail,
  educationOfFollowUp,
  educationPushStatus,
  listBatches,
  listEducation,
  oneKeyEducation,
  pushEducation,
  removeBatches,
  removeEducation,
  saveEducation,
  type EducationContext,
} from '../services/education';

const B = '/blade-iph-business/userpromotion';
const optional = Type.Optional;
const READ = { permission: ['propaganda', 'propaganda_onekey'] } as const;
const SAVE = { permission: ['propaganda_add', 'propaganda_edit'] } as const;
const REMOVE = { permission: 'propaganda_delete' } as const;
const PUSH = { permission: 'propaganda_push' } as const;
const ONE_KEY = { permission: 'propaganda_onekey' } as const;
const PRESCRIPTION = { permission: 'propaganda_prescription' } as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
function day(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const d = value.slice(0, 10);
  const t = new Date(`${d}T00:00:00Z`);
  if (!ISO_DAY.test(d) || Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== d)
    throw new Refusal(`${name}格式不正确，应为 yyyy-MM-dd`);
  return d;
}

const idsQuery = Type.Object({ ids: optional(IdList) });
const bodyOrNull = Type.Union([IdsBody, Type.Null()]);

export const userPromotionRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const ctx = (request: FastifyRequest): EducationContext => ({ deps, auth: request.auth, requestUri: request.url.split('?')[0] ?? '' });

    // The 健康教育 list: the caller's residents' education records (both forms unless one is named), newest first.
    app.get(
      `${B}/new-list`,
      { config: { access: READ }, schema: { querystring: EducationListQuery, response: { 200: answers.page } } },
      async (request) => {
        const q = request.query;
        const from = day(q.startDate, '开始日期');
        const to = day(q.endDate, '结束日期');
        if (from && to && to < from) throw new Refusal('结束日期不能早于开始日期');
        const filter = {
          formCodes: q.formCode ? [q.formCode] : ['propaganda', 'healtheducation'],
          personName: (q.personName_like ?? q.personName)?.trim() || undefined,
          method: q.method_equal || undefined,
          archId: q.archId,
          mainId: q.mainId,
          from,
          to,
        };
        return ok(await listEducation(ctx(request), filter, q.current ?? 1, q.size ?? 10));
      },
    );

    // 一键宣教's batches: what was given, when, by whom, to how many.
    app.get(
      `${B}/new-main-list`,
      { config: { access: READ }, schema: { querystring: BatchListQuery, response: { 200: answers.batches } } },
      async (request) => {
        const q = request.query;
        const filter = {
          formCode: q.formCode,
          title: q.title_like?.trim() || undefined,
          from: day(q.startDate, '开始日期'),
          to: day(q.endDate, '结束日期'),
        };
        return ok(await listBatches(ctx(request), filter, q.current ?? 1, q.size ?? 10));
      },
    );

    app.get(
      `${B}/detail`,
      { config: { access: READ }, schema: { querystring: Type.Object({ id: Id }), response: { 200: answers.record } } },
      async (request) => ok(await educationDetail(ctx(request), request.query.id)),
    );

    // The 健康教育处方 given at a follow-up (the resident's prescription of the visit day), or null.
    app.get(
      `${B}/get-detail-follow-up-id`,
      {
        config: { access: READ },
        schema: { querystring: Type.Object({ followUpId: optional(Id), id: optional(Id) }), response: { 200: answers.recordOrNull } },
      },
      async (request) => {
        const followUpId = request.query.followUpId ?? request.query.id;
        if (!followUpId) throw new Refusal('请提供随访记录ID（followUpId）');
        return ok(await educationOfFollowUp(ctx(request), followUpId));
      },
    );

    // The residents a one-key education may go to (ours): the caller's, by crowd label, team and name.
    app.get(
      `${B}/crowd-residents`,
      { config: { access: READ }, schema: { querystring: CrowdResidentQuery, response: { 200: answers.residents } } },
      async (request) => {
        const q = request.query;
        const filter = {
          crowdLabel: q.crowdLabel || undefined,
          teamId: q.teamId || undefined,
          personName: q.personName?.trim() || undefined,
        };
        return ok(await crowdResidents(ctx(request), filter, q.current ?? 1, q.size ?? 20));
      },
    );

    const save = (formCode: EducationFormCode) => async (request: FastifyRequest<{ Body: EducationSaveBody }>) => {
      const b = request.body;
      const saved = await saveEducation(ctx(request), formCode, { id: b.id, archId: b.archId, values: b.values, rowVersion: b.rowVersion });
      return ok(saved, b.id ? '修改成功' : '保存成功');
    };
    // One resident's 健康教育记录 (the list's 新增 / 编辑; ours: the spec names no plain save).
    app.post(
      `${B}/submit`,
      { config: { access: SAVE }, schema: { body: EducationSaveBody, response: { 200: answers.record } } },
      save('propaganda'),
    );
    // One hypertension or diabetes resident's 健康教育处方.
    app.post(
      `${B}/save-or-update-prescription`,
      { config: { access: PRESCRIPTION }, schema: { body: EducationSaveBody, response: { 200: answers.record } } },
      save('healtheducation'),
    );

    const oneKey = (formCode: EducationFormCode) => async (request: FastifyRequest<{ Body: OneKeyBody }>) => {
      const b = request.body;
      const result = await oneKeyEducation(ctx(request), formCode, {
        archIds: b.archIds,
        crowdLabel: b.crowdLabel,
        teamId: b.teamId,
        values: b.values,
      });
      return ok(result, `已为${result.count}位居民保存宣教记录`);
    };
    // 一键宣教: one 健康教育记录 for the residents chosen (by crowd label, team).
    app.post(
      `${B}/save-prescription-crowd-label`,
      { config: { access: ONE_KEY }, schema: { body: OneKeyBody, response: { 200: answers.oneKey } } },
      oneKey('propaganda'),
    );
    // 一键宣教 of a 健康教育处方 for hypertension or diabetes residents chosen.
    app.post(
      `${B}/save-hypersion-or-diabetes`,
      { config: { access: PRESCRIPTION }, schema: { body: OneKeyBody, response: { 200: answers.oneKey } } },
      oneKey('healtheducation'),
    );

    const idsSchema = { querystring: idsQuery, body: bodyOrNull };
    app.post(`${B}/remove`, { config: { access: REMOVE }, schema: { ...idsSchema, response: { 200: answers.done } } }, async (request) => {
      await removeEducation(ctx(request), 'propaganda', requestIds(request));
      return ok(true, '删除成功');
    });
    app.post(
      `${B}/remove-jkjycf`,
      { config: { access: PRESCRIPTION }, schema: { ...idsSchema, response: { 200: answers.done } } },
      async (request) => {
        await removeEducation(ctx(request), 'healtheducation', requestIds(request));
        return ok(true, '删除成功');
      },
    );
    // A one-key 健康教育处方 batch removed with its records.
    app.post(
      `${B}/remove-gxy-tnb-xj`,
      { config: { access: PRESCRIPTION }, schema: { ...idsSchema, response: { 200: answers.done } } },
      async (request) => {
        await removeBatches(ctx(request), requestIds(request));
        return ok(true, '删除成功');
      },
    );

    // Pushes to the regional system again, through the outbox (decision 0033).
    app.post(
      `${B}/push-promotion`,
      { config: { access: PUSH }, schema: { ...idsSchema, response: { 200: answers.pushed } } },
      async (request) => {
        const ids = await pushEducation(ctx(request), 'propaganda', requestIds(request));
        return ok({ ids }, `已加入上报队列：${ids.length}条`);
      },
    );
    app.post(
      `${B}/push-promotion-jkjycf`,
      { config: { access: PUSH }, schema: { ...idsSchema, response: { 200: answers.pushed } } },
      async (request) => {
        const ids = await pushEducation(ctx(request), 'healtheducation', requestIds(request));
        return ok({ ids }, `已加入上报队列：${ids.length}条`);
      },
    );

    app.get(
      `${B}/archives-submit-status`,
      { config: { access: READ }, schema: { querystring: Type.Object({ ids: IdList }), response: { 200: answers.status } } },
      async (request) => ok(await educationPushStatus(ctx(request), requestIds(request))),
    );
  };
