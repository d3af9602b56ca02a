import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ageYears, appliesToResident, byOrderThenTitle, crowdLabelList, type ResidentFacts } from '../../../src/engine';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok } from '../../http/envelope';
import { param } from '../../http/request-values';
import { findArchive, requireArchivePermission } from '../../archives/index';
import { allRecords, type RecordDb } from '../repositories/records';
import { localDate } from '../services/followup-queries';
import { formsOfKind, publishedForms, type PlacedForm } from '../../forms/index';
import { ARCHIVE_WORK } from '../../http/route-access';
import { careAnswers, type ExamStart, type MeasurementSource } from '../../../src/shared/contract/followups-care';

const BASE = '/blade-iph-business/userfollowup';
const ARCH_ID = /^[0-9]{1,40}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Body measurements a new exam starts from: the latest record (exam or follow-up) that has each. */
const CARRIED = ['height', 'weight', 'waist'] as const;
/** How many of the resident's records are read for them (newest visit first). */
const RECORDS_READ = 50;

const dateOnly = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v.slice(0, 10) : v instanceof Date ? localDate(v) : null;

/**
 * The exam form that applies to this resident: the published form placed as kind `exam` (健康体检)
 * with the lowest menu order among those whose appliesTo fits, so an administrator's own exam form
 * takes over by publishing it — as the disease-named follow-up calls do for their crowd label.
 */
function examFormFor(forms: PlacedForm[], resident: ResidentFacts): PlacedForm | undefined {
  const key = (f: PlacedForm) => ({ title: f.placement?.menu?.title ?? f.formName, order: f.placement?.menu?.order });
  return formsOfKind(forms, 'exam')
    .filter((f) => appliesToResident(f.placement, resident))
    .sort((a, b) => byOrderThenTitle(key(a), key(b)))[0];
}

/** For each carried measurement, the newest record holding a number for it, and where it came from. */
function carriedMeasurements(records: RecordDb[]) {
  const values: Record<string, number> = {};
  const sources: Record<string, MeasurementSource> = {};
  for (const prop of CARRIED) {
    const from = records.find((r) => typeof r.values[prop] === 'number');
    if (!from) continue;
    values[prop] = from.values[prop] as number;
    sources[prop] = { followId: from.id, formCode: from.form_code, visitDate: dateOnly(from.visit_date) };
  }
  return { values, sources };
}

/**
 * userfollowup/physical-examination-to-initialize (spec 001 §7 names the call, not its shape): the
 * starting values of a new 健康体检表 for one resident, saving nothing. Ours, the obvious one:
 * `archId` (query or body; required) and `date` (the exam date, default today) →
 * `{formCode, formVersion, formName, archId, personName, archivesNo, lastExam, values, sources}`.
 * `values` holds what the form asks and the archive knows — exam date, birth date, sex, age on the
 * exam date, responsible doctor (the archive's) — and the last height, weight and waist found in
 * the resident's exams and follow-ups (`sources` says which record each came from). The resident
 * must be in the caller's tenant and the caller must see archives (menu publichealthwork).
 */
export const physicalExamRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const inputOf = (request: FastifyRequest) => {
      const archId = param(request, 'archId');
      const date = param(request, 'date') || localDate(new Date(deps.now()));
      if (!archId) throw badRequest('参数[archId]不能为空');
      if (!ARCH_ID.test(archId)) throw badRequest('参数[archId]格式不正确');
      if (!DATE.test(date)) throw badRequest('参数[date]格式不正确，应为yyyy-MM-dd');
      return { archId, date };
    };

    app.post(
      `${BASE}/physical-examination-to-initialize`,
      { config: { access: ARCHIVE_WORK }, schema: { response: { 200: careAnswers.examStart } } },
      async (request) => {
        const { archId, date } = inputOf(request);
        await requireArchivePermission(deps.db, request.auth, 'view', deps);
        const tenantId = request.auth.tenant_id;
        const [archive, forms] = await Promise.all([findArchive(deps.db, tenantId, archId), publishedForms(deps, tenantId)]);
        if (!archive || archive.is_deleted) throw notFound('档案不存在');
        const age = ageYears(archive.birthday, date);
        const form = examFormFor(forms, { crowdLabels: crowdLabelList(archive.crowd_labels), sex: archive.sex, age });
        if (!form) throw notFound('未找到适用于该居民的健康体检表，请先在表单设计中发布');
        const records = await allRecords(deps.db, tenantId, { archId, visitTo: date }, RECORDS_READ);
        const lastExam = records.find((r) => r.form_code === form.formCode);
        const carried = carriedMeasurements(records);
        const values: Record<string, unknown> = { visitDate: date, ...carried.values };
        if (archive.birthday) values.birthDate = archive.birthday;
        if (archive.sex === '1' || archive.sex === '2') values.sex = archive.sex;
        if (age !== null) values.age = age;
        if (archive.doctor_name) values.responsibleDoctor = archive.doctor_name;
        const start: ExamStart = {
          formCode: form.formCode,
          formVersion: form.version,
          formName: form.formName,
          archId,
          personName: archive.person_name,
          archivesNo: archive.archives_no,
          lastExam: lastExam ? { followId: lastExam.id, visitDate: dateOnly(lastExam.visit_date) } : null,
          values,
          sources: carried.sources,
        };
        return ok(start);
      },
    );
  };
