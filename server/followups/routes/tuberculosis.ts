import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ApiError, badRequest, notFound, ok } from '../../http/envelope';
import { findArchive, type ArchiveRow } from '../../archives/index';
import { allRecords, findRecord, type RecordDb } from '../repositories/records';
import { findMedicationCard, saveMedicationCard, type MedicationCardDb } from '../repositories/tuberculosis-medication';
import { actorOf, dateTime } from '../../forms/index';
import { localDate } from '../services/followup-queries';
import { recordContext, recordSubmitSchema, submitInput, type SubmitRequest } from './record-request';
import { submitRecord } from '../services/record-submit';
import { recordView } from '../services/record-views';
import { cardProblem, doseCounts, dosesOf, printMonths } from '../services/tuberculosis-medication-card';
import { ARCHIVE_WORK } from '../../http/route-access';
import { ArchId, Id, textEnum } from '../../http/route-schemas';
import { followupAnswers } from '../../../src/shared/contract/followups';
import { careAnswers, type MedicationCardPrint, type MedicationCardView } from '../../../src/shared/contract/followups-care';

const FOLLOWUP = '/blade-iph-business/userfollowup';
const EXT = '/blade-iph-business/userarchivesotherext';

/** The bundled forms these calls stand for (schemas/tuberculosis*.json). */
export const TB_FIRST_VISIT_FORM = 'tuberculosisfirstvisit';
export const TB_FOLLOWUP_FORM = 'tuberculosisfollowup';
/** The crowd label of the residents in tuberculosis management (server/seed/population-labels.ts). */
export const TB_LABEL = 'tuberculosis';
/** tuberculosisfollowup's stopTreatment: "2" 是 (the treatment stopped; the record closes the case). */
const STOPPED = '2';
/** At most this many dose days on one card: a 24-month course taken daily. */
export const MAX_DOSES = 750;

// A dose day or the course's start: exactly yyyy-MM-dd.
const DAY = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const optional = Type.Optional;
const archOrIdQuery = {
  querystring: Type.Object({ archId: optional(ArchId), id: optional(Id), followId: optional(Id) }),
  response: { 200: followupAnswers.followOrNull },
};
const archQuery = { querystring: Type.Object({ archId: ArchId }) };
const cardQuery = { ...archQuery, response: { 200: careAnswers.card } };
const printQuery = { ...archQuery, response: { 200: careAnswers.cardPrint } };
const cardSchema = {
  response: { 200: careAnswers.card },
  body: Type.Object({
    archId: ArchId,
    regimen: optional(Type.String({ maxLength: 100 })),
    startDate: optional(Type.Union([DAY, Type.Null()])),
    supervisor: optional(textEnum('', '1', '2', '3', '4')),
    doses: Type.Array(Type.Object({ date: DAY, taken: Type.Boolean() }, { additionalProperties: false }), { maxItems: MAX_DOSES }),
    rowVersion: optional(Type.Integer({ minimum: 1 })),
  }),
};

const labelsOf = (archive: ArchiveRow) => String(archive.crowd_labels ?? '').split(',');
const dayOf = (v: Date | string | null): string | null => (v === null ? null : v instanceof Date ? localDate(v) : v.slice(0, 10));

function cardView(archId: string, card: MedicationCardDb | undefined): MedicationCardView {
  const doses = dosesOf(card?.doses ?? []);
  return {
    archId,
    id: card?.id ?? null,
    regimen: card?.regimen ?? '',
    startDate: card ? dayOf(card.start_date) : null,
    supervisor: card?.supervisor ?? '',
    doses,
    ...doseCounts(doses),
    rowVersion: card?.row_version ?? null,
    updateUserName: card?.update_user_name ?? null,
    updateTime: card ? dateTime(card.update_time) : null,
  };
}

/**
 * The tuberculosis calls of spec 001 §7: the saves and reads of 肺结核患者第一次入户随访记录表 and
 * 肺结核患者随访服务记录表 (the generic record save of those forms, like the disease-named follow-up
 * calls), the case closing (finished-…: a follow-up that records the stop of treatment), and the
 * archive's medication card (userarchivesotherext; the spec names the calls but not their paths,
 * so the paths here are ours). Every call works in the caller's tenant only, and on residents
 * in tuberculosis management only.
 */
export const tuberculosisRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const today = () => localDate(new Date(deps.now()));
    /** The resident, in this tenant and carrying the tuberculosis label. */
    const tbArchive = async (tenantId: string, archId: string) => {
      const archive = await findArchive(deps.db, tenantId, archId);
      if (!archive) throw notFound('档案不存在');
      if (!labelsOf(archive).includes(TB_LABEL)) throw badRequest('该居民未纳入肺结核患者管理');
      return archive;
    };

    const save =
      (formCode: string, options: { createOnly?: boolean; closing?: boolean } = {}) =>
      async (request: SubmitRequest) => {
        const input = submitInput(request, formCode);
        if (options.createOnly && input.id)
          throw badRequest('新建入户随访不能指定记录id，修改请用 save-or-update-tuberculosis-userfollow-up2');
        if (input.archId) await tbArchive(request.auth.tenant_id, input.archId);
        if (options.closing) {
          if (input.values.stopTreatment !== STOPPED) throw badRequest('结案须选择停止治疗，并填写停止治疗时间及原因');
          // 全程管理情况 counted from the medication card when the caller leaves it to the card.
          const archId = input.archId ?? (input.id ? (await findRecord(deps.db, request.auth.tenant_id, input.id))?.arch_id : undefined);
          const card = archId ? await findMedicationCard(deps.db, request.auth.tenant_id, archId) : undefined;
          const counts = doseCounts(dosesOf(card?.doses ?? []));
          if (counts.dueDoses > 0) input.values = { dueDoses: counts.dueDoses, actualDoses: counts.actualDoses, ...input.values };
        }
        const saved = await submitRecord(recordContext(deps, request), input);
        return ok({ ...saved, followId: saved.id }, input.id ? '更新成功' : '新增成功');
      };
    const body = { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema, response: { 200: followupAnswers.follow } } };
    app.post(`${FOLLOWUP}/create-tuberculosis-user-followup`, body, save(TB_FIRST_VISIT_FORM, { createOnly: true }));
    app.post(`${FOLLOWUP}/save-or-update-tuberculosis-userfollow-up2`, body, save(TB_FIRST_VISIT_FORM));
    app.post(`${FOLLOWUP}/save-or-update-tuberculosis-userfollow-up`, body, save(TB_FOLLOWUP_FORM));
    app.post(`${FOLLOWUP}/finished-tuberculosis-userfollow-up`, body, save(TB_FOLLOWUP_FORM, { closing: true }));

    /** One record of the form by id, or the resident's latest; null when the resident has none. */
    const read = (formCode: string) => async (request: FastifyRequest<{ Querystring: Static<typeof archOrIdQuery.querystring> }>) => {
      const q = request.query;
      const tenantId = request.auth.tenant_id;
      const id = q.id ?? q.followId;
      let record: RecordDb | undefined;
      if (id) {
        record = await findRecord(deps.db, tenantId, id);
        if (!record || record.form_code !== formCode) throw notFound('随访记录不存在');
      } else if (q.archId) {
        await tbArchive(tenantId, q.archId);
        [record] = await allRecords(deps.db, tenantId, { archId: q.archId, formCodes: [formCode] }, 1);
      } else throw badRequest('参数[archId]或[id]不能为空');
      return ok(record ? { ...recordView(record), followId: record.id } : null);
    };
    app.get(
      `${FOLLOWUP}/get-tuberculosis-userfollow-up`,
      { config: { access: ARCHIVE_WORK }, schema: archOrIdQuery },
      read(TB_FOLLOWUP_FORM),
    );
    app.get(
      `${FOLLOWUP}/get-tuberculosis-userfollow-up2`,
      { config: { access: ARCHIVE_WORK }, schema: archOrIdQuery },
      read(TB_FIRST_VISIT_FORM),
    );

    app.get(`${EXT}/get-tuberculosis-medication`, { config: { access: ARCHIVE_WORK }, schema: cardQuery }, async (request) => {
      const { archId } = request.query;
      await tbArchive(request.auth.tenant_id, archId);
      return ok(cardView(archId, await findMedicationCard(deps.db, request.auth.tenant_id, archId)));
    });

    app.post(`${EXT}/save-tuberculosis-medication`, { config: { access: ARCHIVE_WORK }, schema: cardSchema }, async (request) => {
      const b = request.body;
      const tenantId = request.auth.tenant_id;
      await tbArchive(tenantId, b.archId);
      const startDate = b.startDate ?? null;
      const problem = cardProblem(b.doses, startDate, today());
      if (problem) throw badRequest(problem);
      const existing = await findMedicationCard(deps.db, tenantId, b.archId);
      if (existing && b.rowVersion === undefined) throw badRequest('参数[rowVersion]不能为空');
      if (!existing && b.rowVersion !== undefined) throw notFound('服药卡不存在');
      const card = {
        regimen: (b.regimen ?? '').trim(),
        startDate,
        supervisor: b.supervisor ?? '',
        doses: b.doses.map((d) => ({ date: d.date, taken: d.taken })),
      };
      const saved = await saveMedicationCard(
        deps.db,
        tenantId,
        b.archId,
        card,
        existing ? b.rowVersion : undefined,
        actorOf(request.auth),
        new Date(deps.now()),
      );
      if (!saved) throw new ApiError(409, '服药卡已被他人修改，请刷新后重试');
      return ok(cardView(b.archId, saved), '保存成功');
    });

    // What the printed 肺结核患者服药卡 shows: the resident, the regimen, a month per row, the totals.
    app.get(`${EXT}/print-tuberculosis-medication`, { config: { access: ARCHIVE_WORK }, schema: printQuery }, async (request) => {
      const { archId } = request.query;
      const archive = await tbArchive(request.auth.tenant_id, archId);
      const card = cardView(archId, await findMedicationCard(deps.db, request.auth.tenant_id, archId));
      const print: MedicationCardPrint = {
        archId,
        personName: archive.person_name,
        sex: archive.sex,
        archivesNo: archive.archives_no,
        regimen: card.regimen,
        startDate: card.startDate,
        supervisor: card.supervisor,
        months: printMonths(card.doses),
        dueDoses: card.dueDoses,
        actualDoses: card.actualDoses,
        missedDoses: card.missedDoses,
        doseRate: card.doseRate,
        regular: card.regular,
      };
      return ok(print);
    });
  };
