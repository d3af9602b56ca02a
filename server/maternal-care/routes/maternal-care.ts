// The maternal read calls of userfollowup (spec 001 §7; the spec names them and their archId/otherId
// parameters only, the answers are ours — server/maternal-care/README.md) and the due prenatal visits.
// Every call: the caller's tenant (another tenant's case is 404), the archive work permission
// (ARCHIVE_WORK), the case must be a maternal case of that very resident.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok, page } from '../../http/envelope';
import { ARCHIVE_WORK } from '../../http/route-access';
import { findArchive } from '../../archives/index';
import { publishedForms, SERVER_CODEMAPS } from '../../forms/index';
import { localDate, recordView, type RecordDb } from '../../followups/index';
import { envelope, orNull, pageOf } from '../../../src/shared/contract/envelope';
import { FollowView } from '../../../src/shared/contract/followups';
import { ageYears, dueDateFromLmp, gestationAt, gestationText } from '../../../src/engine/index';
import { caseRecords, findMaternalCase, openPregnancies, prenatalVisitNumbers, type MaternalCase } from '../repositories/maternal-cases';
import { GRADED_FORMS, MATERNAL_FORMS, RISK_FACTOR_FIELDS } from '../services/maternal-forms';
import { dueVisit, prenatalWindows } from '../services/prenatal-schedule';

const U = '/blade-iph-business/userfollowup';
const CaseQuery = Type.Object({
  archId: Type.Optional(Type.String({ maxLength: 40 })),
  otherId: Type.Optional(Type.String({ maxLength: 40 })),
});

const RiskFactor = Type.Object({ color: Type.String(), code: Type.String(), label: Type.String() });
const RiskEntry = Type.Object({
  followId: Type.String(),
  formCode: Type.String(),
  visitDate: orNull('string'),
  color: Type.String(),
  infectious: Type.Boolean(),
  factors: Type.Array(RiskFactor),
});
const FirstVisitInit = Type.Object({
  values: Type.Object({
    visitDate: Type.String(),
    lmp: orNull('string'),
    dueDate: orNull('string'),
    gestationWeeks: orNull('integer'),
    gestationText: orNull('string'),
    age: orNull('integer'),
    gravidity: orNull('integer'),
  }),
  parity: orNull('integer'),
  record: Type.Union([FollowView, Type.Null()]),
});
const DueMaternal = Type.Object({
  otherId: Type.String(),
  archId: Type.String(),
  name: Type.String(),
  lmp: Type.String(),
  dueDate: orNull('string'),
  riskColor: Type.String(),
  gestationWeeks: Type.Integer(),
  gestationText: Type.String(),
  visitNo: Type.Integer(),
  visitName: Type.String(),
  windowStart: Type.String(),
  windowEnd: Type.String(),
  overdue: Type.Boolean(),
});

/** A record as every follow-up call answers it, with the spec's followId. */
const follow = (r: RecordDb) => ({ ...recordView(r), followId: r.id });

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export const maternalCareRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const today = () => localDate(new Date(deps.now()));
    /** The case named by archId + otherId: 400 without them, 404 unless it is this tenant's maternal case of that resident. */
    const caseOf = async (
      tenantId: string,
      q: { archId?: string; otherId?: string },
      live = false,
    ): Promise<MaternalCase & { birthday: string | null }> => {
      if (!q.otherId) throw badRequest('请先建立孕产妇档案（缺少 otherId）');
      if (!q.archId) throw badRequest('请提供居民档案ID（archId）');
      const archive = await findArchive(deps.db, tenantId, q.archId);
      if (!archive) throw notFound('档案不存在');
      const found = await findMaternalCase(deps.db, tenantId, q.otherId);
      if (!found || found.arch_id !== q.archId) throw notFound('孕产妇档案不存在');
      if (live && found.status === '3') throw badRequest('孕产妇档案已注销，不能新增随访');
      if (live && found.status === '2') throw badRequest('孕产妇档案已结案，不能新增随访');
      return { ...found, birthday: archive.birthday ? String(archive.birthday).slice(0, 10) : null };
    };
    const records = (tenantId: string, otherId: string, forms: readonly string[]) => caseRecords(deps.db, tenantId, otherId, forms);
    const get = (
      path: string,
      response: Parameters<typeof envelope>[0],
      handler: (tenantId: string, q: { archId?: string; otherId?: string }) => Promise<unknown>,
    ) =>
      app.get(
        path,
        { config: { access: ARCHIVE_WORK }, schema: { querystring: CaseQuery, response: { 200: envelope(response) } } },
        async (request) => ok(await handler(request.auth.tenant_id, request.query)),
      );

    get(`${U}/get-first-maternal-userfollow-up-init`, FirstVisitInit, async (tenantId, q) => {
      const c = await caseOf(tenantId, q, true);
      const visitDate = today();
      const g = c.lmp ? gestationAt(c.lmp, visitDate) : null;
      const [existing] = await records(tenantId, c.id, [MATERNAL_FORMS.firstVisit]);
      return {
        values: {
          visitDate,
          lmp: c.lmp,
          dueDate: c.due_date ?? dueDateFromLmp(c.lmp),
          gestationWeeks: g?.weeks ?? null,
          gestationText: g ? gestationText(g) : null,
          age: c.birthday ? ageYears(c.birthday, visitDate) : null,
          gravidity: c.gravidity,
        },
        parity: c.parity,
        record: existing ? follow(existing) : null,
      };
    });

    get(
      `${U}/get-first-time-and-6-10-maternal-userfollow-up`,
      Type.Object({ firstVisit: Type.Union([FollowView, Type.Null()]), followUps: Type.Array(FollowView) }),
      async (tenantId, q) => {
        const c = await caseOf(tenantId, q);
        const rows = await records(tenantId, c.id, GRADED_FORMS);
        const first = rows.find((r) => r.form_code === MATERNAL_FORMS.firstVisit);
        const followUps = rows
          .filter((r) => r.form_code === MATERNAL_FORMS.prenatal)
          .sort((a, b) => Number(a.values.visitNo) - Number(b.values.visitNo) || String(a.visit_date).localeCompare(String(b.visit_date)));
        return { firstVisit: first ? follow(first) : null, followUps: followUps.map(follow) };
      },
    );

    get(`${U}/get-maternal-userfollow-up`, Type.Array(FollowView), async (tenantId, q) => {
      const c = await caseOf(tenantId, q);
      return (await records(tenantId, c.id, Object.values(MATERNAL_FORMS))).map(follow);
    });

    get(
      `${U}/get-maternity-visits-high-risk-score`,
      Type.Object({ current: Type.Object({ color: Type.String(), infectious: Type.Boolean() }), history: Type.Array(RiskEntry) }),
      async (tenantId, q) => {
        const c = await caseOf(tenantId, q);
        const rows = await records(tenantId, c.id, GRADED_FORMS);
        return {
          current: { color: c.risk_color, infectious: Number(c.risk_infectious) === 1 },
          history: rows.map((r) => ({
            followId: r.id,
            formCode: r.form_code,
            visitDate: r.visit_date,
            color: typeof r.values.riskGrade === 'string' ? r.values.riskGrade : '',
            infectious: r.values.riskInfectious === '1',
            factors: RISK_FACTOR_FIELDS.flatMap(({ field, color, bizCode }) =>
              list(r.values[field]).map((code) => ({ color, code, label: SERVER_CODEMAPS.codeLabel(bizCode, code) ?? code })),
            ),
          })),
        };
      },
    );

    get(`${U}/get-death-report-by-other-id-and-arch-id`, Type.Union([FollowView, Type.Null()]), async (tenantId, q) => {
      const c = await caseOf(tenantId, q);
      const [row] = await records(tenantId, c.id, [MATERNAL_FORMS.death]);
      return row ? follow(row) : null;
    });

    get(`${U}/list-maternal-family-visits`, Type.Array(FollowView), async (tenantId, q) => {
      const c = await caseOf(tenantId, q);
      return (await records(tenantId, c.id, [MATERNAL_FORMS.postpartum])).map(follow);
    });

    get(`${U}/list-maternal-newborn-registration`, Type.Array(FollowView), async (tenantId, q) => {
      const c = await caseOf(tenantId, q);
      return (await records(tenantId, c.id, [MATERNAL_FORMS.newborn])).map(follow);
    });

    app.post(
      `${U}/maternal-should-visit`,
      {
        config: { access: ARCHIVE_WORK },
        schema: {
          body: Type.Object({
            current: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
            size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
            asOf: Type.Optional(Type.String({ maxLength: 10 })),
            includeOverdue: Type.Optional(Type.Boolean()),
            name: Type.Optional(Type.String({ maxLength: 50 })),
          }),
          response: { 200: envelope(pageOf(DueMaternal)) },
        },
      },
      async (request) => {
        const { current = 1, size = 10, includeOverdue = false, name = '' } = request.body;
        const asOf = request.body.asOf ?? today();
        if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || !gestationAt(asOf, asOf)) throw badRequest('统计日期格式不正确，应为 yyyy-MM-dd');
        const tenantId = request.auth.tenant_id;
        const cases = (await openPregnancies(deps.db, tenantId)).filter((c) => c.lmp && (!name || c.person_name.includes(name)));
        const forms = await publishedForms(deps, tenantId);
        const weeksOf = (code: string) => forms.find((f) => f.formCode === code)?.placement?.due?.gestationWeeks ?? [];
        const windows = prenatalWindows(weeksOf(MATERNAL_FORMS.firstVisit), weeksOf(MATERNAL_FORMS.prenatal));
        const done = await prenatalVisitNumbers(
          deps.db,
          tenantId,
          cases.map((c) => c.id),
          MATERNAL_FORMS.firstVisit,
          MATERNAL_FORMS.prenatal,
        );
        const due = cases.flatMap((c) => {
          const d = dueVisit(windows, c.lmp!, asOf, done.get(c.id) ?? new Set(), includeOverdue);
          if (!d) return [];
          const g = gestationAt(c.lmp, asOf)!;
          return [
            {
              otherId: c.id,
              archId: c.arch_id,
              name: c.person_name,
              lmp: c.lmp!,
              dueDate: c.due_date,
              riskColor: c.risk_color,
              gestationWeeks: d.gestationWeeks,
              gestationText: gestationText(g),
              visitNo: d.visitNo,
              visitName: d.name,
              windowStart: d.windowStart,
              windowEnd: d.windowEnd,
              overdue: d.overdue,
            },
          ];
        });
        return ok(page(due.slice((current - 1) * size, current * size), due.length, current, size));
      },
    );
  };
