// The child health read calls of spec 001 §7 userfollowup: months-of-age (the spec's month age, or
// days / weeks / years), get-children-userfollow-up (a child's records across the child forms) and
// list-maternal-children-visits (the maternal shell's 新生儿访视 tab: the newborn visits of her children).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok } from '../../http/envelope';
import { ARCHIVE_WORK } from '../../http/route-access';
import { findArchive, requireArchivePermission } from '../../archives/index';
import { ageYears, daysBetween, monthAge } from '../../../src/engine';
import {
  CHILD_FORM_CODES,
  ChildRecordsQuery,
  MonthsOfAgeQuery,
  childHealthAnswers as answers,
} from '../../../src/shared/contract/child-health';
import { envelope } from '../../../src/shared/contract/envelope';
import { FollowView } from '../../../src/shared/contract/followups';
import { recordView } from '../../followups/index';
import { childRecords, childVisitsOfMother, findMaternalCaseOf } from '../repositories/child-records';

const MaternalCaseQuery = Type.Object({
  archId: Type.Optional(Type.String({ maxLength: 40 })),
  otherId: Type.Optional(Type.String({ maxLength: 40 })),
});

/** The age from startDate to endDate in the unit asked; null when a date is invalid or the range reversed. */
export function ageIn(startDate: string, endDate: string, unit: MonthsOfAgeQuery['unit'] = 'month'): number | null {
  const start = startDate.slice(0, 10);
  const end = endDate.slice(0, 10);
  if (unit === 'month') return monthAge(start, end);
  if (unit === 'year') return ageYears(start, end);
  const days = daysBetween(start, end);
  if (days === null || days < 0) return null;
  return unit === 'week' ? Math.floor(days / 7) : days;
}

export const childHealthRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/blade-iph-business/userfollowup/months-of-age',
      { config: { access: ARCHIVE_WORK }, schema: { querystring: MonthsOfAgeQuery, response: { 200: answers.monthsOfAge } } },
      async (request) => ok(ageIn(request.query.startDate, request.query.endDate, request.query.unit)),
    );

    app.get(
      '/blade-iph-business/userfollowup/get-children-userfollow-up',
      { config: { access: ARCHIVE_WORK }, schema: { querystring: ChildRecordsQuery, response: { 200: answers.records } } },
      async (request) => {
        await requireArchivePermission(deps.db, request.auth, 'view', deps);
        const tenantId = request.auth.tenant_id;
        const { archId, otherId } = request.query;
        if (!(await findArchive(deps.db, tenantId, archId))) throw notFound('档案不存在');
        const rows = await childRecords(deps.db, tenantId, archId, CHILD_FORM_CODES, otherId);
        return ok(
          rows.map((r) => ({
            id: r.id,
            formCode: r.form_code,
            archId: r.arch_id,
            otherId: r.other_id,
            visitDate: r.visit_date,
            values: (r.values ?? {}) as Record<string, unknown>,
          })),
        );
      },
    );

    // Spec: list-maternal-children-visits (archId, otherId) — the mother's archive and her maternal
    // case, as its siblings list-maternal-family-visits / -newborn-registration take them. The visits
    // are the babies' records (saved under each child case); a child is this pregnancy's when its case
    // names her as mother and it was born on or after the LMP.
    app.get(
      '/blade-iph-business/userfollowup/list-maternal-children-visits',
      { config: { access: ARCHIVE_WORK }, schema: { querystring: MaternalCaseQuery, response: { 200: envelope(Type.Array(FollowView)) } } },
      async (request) => {
        await requireArchivePermission(deps.db, request.auth, 'view', deps);
        const tenantId = request.auth.tenant_id;
        const { archId, otherId } = request.query;
        if (!otherId) throw badRequest('请先建立孕产妇档案（缺少 otherId）');
        if (!archId) throw badRequest('请提供居民档案ID（archId）');
        if (!(await findArchive(deps.db, tenantId, archId))) throw notFound('档案不存在');
        const found = await findMaternalCaseOf(deps.db, tenantId, otherId);
        if (!found || found.arch_id !== archId) throw notFound('孕产妇档案不存在');
        const rows = await childVisitsOfMother(deps.db, tenantId, archId, 'childnewbornvisit', found.lmp);
        return ok(rows.map((r) => ({ ...recordView(r), followId: r.id })));
      },
    );
  };
