import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok } from '../../http/envelope';
import { findArchive, requireArchivePermission } from '../../archives/index';
import { allForms } from '../../forms/index';
import { allRecords, type RecordDb } from '../repositories/records';
import { ARCHIVE_WORK } from '../../http/route-access';
import { DatePrefix, Id } from '../../http/route-schemas';
import { careAnswers, type GraphPoint } from '../../../src/shared/contract/followups-care';

/**
 * Spec 001 §"Follow-up graph data": archId, beginDate, endDate, formCodes, by default physical
 * examination, diabetes follow-up, hypertension follow-up, hypertension inquiry and hyperglycaemia
 * inquiry (高血糖问诊, the form diabetesinquiry). A form not published in a tenant simply gives no points.
 */
export const DEFAULT_GRAPH_FORMS = [
  'physicalexamination',
  'diabetesfollowup',
  'hypertensionfollowup',
  'hypertensioninquiry',
  'diabetesinquiry',
] as const;

/**
 * Where each form keeps the readings (the field names of schemas/): the first pair with both values
 * wins — a follow-up's 本次血压, a screening's average, then the physical exam's left arm, then its right.
 */
const PRESSURE_PAIRS = [
  ['sbp', 'dbp'],
  ['sbpAvg', 'dbpAvg'],
  ['sbpLeft', 'dbpLeft'],
  ['sbpRight', 'dbpRight'],
] as const;
const GLUCOSE_FIELDS = ['fbg', 'fastingGlucose'] as const;

/** Enough points for years of quarterly visits and yearly exams; the chart shows no more. */
const MAX_POINTS = 500;

export type { GraphPoint };

const reading = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A stored record as a point of the graph, or null when it holds neither a pressure nor a glucose reading. */
export function graphPoint(r: RecordDb, formName: string): GraphPoint | null {
  const values = (r.values ?? {}) as Record<string, unknown>;
  if (!r.visit_date) return null;
  const pair = PRESSURE_PAIRS.map(([s, d]) => [reading(values[s]), reading(values[d])] as const).find(([s, d]) => s !== null && d !== null);
  const fbg = GLUCOSE_FIELDS.map((f) => reading(values[f])).find((v) => v !== null) ?? null;
  if (!pair && fbg === null) return null;
  return { followId: r.id, formCode: r.form_code, formName, date: r.visit_date, sbp: pair?.[0] ?? null, dbp: pair?.[1] ?? null, fbg };
}

const graphQuery = {
  querystring: Type.Object({
    archId: Id,
    beginDate: Type.Optional(DatePrefix),
    endDate: Type.Optional(DatePrefix),
    // Comma-separated form codes (the spec's list parameter as a query string).
    formCodes: Type.Optional(Type.String({ maxLength: 1000, pattern: '^[A-Za-z][A-Za-z0-9_]*(,[A-Za-z][A-Za-z0-9_]*)*$' })),
  }),
  response: { 200: careAnswers.graph },
};

/** userfollowup/follow-up-for-gxy-or-tnb-data: one resident's blood pressure and fasting glucose over time, oldest first. */
export const followupGraphRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/blade-iph-business/userfollowup/follow-up-for-gxy-or-tnb-data',
      { config: { access: ARCHIVE_WORK }, schema: graphQuery },
      async (request) => {
        await requireArchivePermission(deps.db, request.auth, 'view', deps);
        const q = request.query;
        const beginDate = q.beginDate?.slice(0, 10);
        const endDate = q.endDate?.slice(0, 10);
        if (beginDate && endDate && beginDate > endDate) throw badRequest('开始日期不能晚于结束日期');
        const tenantId = request.auth.tenant_id;
        if (!(await findArchive(deps.db, tenantId, q.archId))) throw notFound('档案不存在');
        const formCodes = q.formCodes ? [...new Set(q.formCodes.split(','))] : [...DEFAULT_GRAPH_FORMS];
        const [records, forms] = await Promise.all([
          allRecords(deps.db, tenantId, { archId: q.archId, formCodes, visitFrom: beginDate, visitTo: endDate }, MAX_POINTS),
          allForms(deps.db, tenantId),
        ]);
        const names = new Map(forms.map((f) => [f.form_code, f.form_name]));
        const points = records
          .map((r) => graphPoint(r, names.get(r.form_code) ?? r.form_code))
          .filter((p): p is GraphPoint => p !== null)
          .sort((a, b) => a.date.localeCompare(b.date) || a.followId.localeCompare(b.followId));
        return ok({ archId: q.archId, beginDate: beginDate ?? null, endDate: endDate ?? null, formCodes, points });
      },
    );
  };
