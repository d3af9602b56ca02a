import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { notFound, ok } from '../../http/envelope';
import { findArchive } from '../../archives/index';
import { allRecords, type RecordDb } from '../repositories/records';
import { SERVER_CODEMAPS } from '../../forms/index';
import { recordContext, recordSubmitSchema, submitInput, type SubmitRequest } from './record-request';
import { submitRecord } from '../services/record-submit';
import { ARCHIVE_WORK } from '../../http/route-access';
import { ArchId } from '../../http/route-schemas';
import { followupAnswers } from '../../../src/shared/contract/followups';
import { careAnswers, type SelfCareSummary, type TcmSummary } from '../../../src/shared/contract/followups-care';

const BASE = '/blade-iph-business/userfollowup';

/** The elderly-care forms (schemas/oldpeopleselfcare.json, schemas/oldpeoplemedicine.json); the spec's calls stand for them. */
export const SELF_CARE_FORM = 'oldpeopleselfcare';
export const TCM_FORM = 'oldpeoplemedicine';

const dateOnly = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v.slice(0, 10) : v instanceof Date ? v.toISOString().slice(0, 10) : null;
const asCodes = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v !== '' ? v.split(',') : []);

/** The latest 自理能力评估 in a few words: its date, the next one, the score and the grade. */
function selfCareSummary(r: RecordDb | undefined): SelfCareSummary | null {
  if (!r) return null;
  const grade = typeof r.values.selfCareGrade === 'string' ? r.values.selfCareGrade : null;
  return {
    followId: r.id,
    visitDate: dateOnly(r.visit_date),
    nextVisitDate: dateOnly(r.next_visit_date),
    totalScore: typeof r.values.totalScore === 'number' ? r.values.totalScore : null,
    grade,
    gradeName: grade ? (SERVER_CODEMAPS.codeLabel('living_skills', grade) ?? null) : null,
  };
}

/** The latest 中医体质辨识: its date, the next one and the constitutions judged 是 / 倾向是. */
function tcmSummary(r: RecordDb | undefined): TcmSummary | null {
  if (!r) return null;
  const constitutions = asCodes(r.values.constitution);
  return {
    followId: r.id,
    visitDate: dateOnly(r.visit_date),
    nextVisitDate: dateOnly(r.next_visit_date),
    constitutions,
    constitutionNames: constitutions.map((c) => SERVER_CODEMAPS.codeLabel('tcm_constitution', c) ?? c),
  };
}

/**
 * The elderly-care calls of spec 001 §7 (userfollowup): the saves of the 老年人生活自理能力评估表 and
 * the 老年人中医药健康管理服务记录表 — the generic record save of those forms, like the disease-named
 * follow-up calls — and the elderly archive's summary (get-old-archives-data).
 */
export const elderlyCareRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const submit = (formCode: string) => async (request: SubmitRequest) => {
      const input = submitInput(request, formCode);
      const saved = await submitRecord(recordContext(deps, request), input);
      return ok({ ...saved, followId: saved.id }, input.id ? '更新成功' : '新增成功');
    };
    app.post(
      `${BASE}/self-care-ability-evaluation`,
      { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema, response: { 200: followupAnswers.follow } } },
      submit(SELF_CARE_FORM),
    );
    app.post(
      `${BASE}/management-of-traditional-chinese-medicine`,
      { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema, response: { 200: followupAnswers.follow } } },
      submit(TCM_FORM),
    );
    // The spec's create-or-update of the same record (an id in the body updates it).
    app.post(
      `${BASE}/save-or-update-tcm-physique-comm-userfollow-up`,
      { config: { access: ARCHIVE_WORK }, schema: { body: recordSubmitSchema, response: { 200: followupAnswers.follow } } },
      submit(TCM_FORM),
    );

    app.get(
      `${BASE}/get-old-archives-data`,
      {
        config: { access: ARCHIVE_WORK },
        schema: { querystring: Type.Object({ archId: ArchId }), response: { 200: careAnswers.oldArchives } },
      },
      async (request) => {
        const { archId } = request.query;
        const tenantId = request.auth.tenant_id;
        // Another tenant's resident is not found, as everywhere else.
        if (!(await findArchive(deps.db, tenantId, archId))) throw notFound('档案不存在');
        const [[selfCare], [tcm]] = await Promise.all([
          allRecords(deps.db, tenantId, { archId, formCodes: [SELF_CARE_FORM] }, 1),
          allRecords(deps.db, tenantId, { archId, formCodes: [TCM_FORM] }, 1),
        ]);
        return ok({ archId, selfCare: selfCareSummary(selfCare), tcm: tcmSummary(tcm) });
      },
    );
  };
