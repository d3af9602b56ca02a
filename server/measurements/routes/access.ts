// Who may call the measurement routes: 检查检验报告 (menu 3960) and its buttons 4380–4385 (decision 0037),
// and what every route reads from the request the same way (the caller's context, `ids`, `jyids`).
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { requestIds, requestList } from '../../http/request-values';
import type { RouteAccess } from '../../http/route-access';
import { Refusal } from '../../domain/errors';
import { actorOf } from '../../forms/index';
import { JYID_PATTERN } from '../services/report-rules';
import type { MeasureContext } from '../services/measure-save';

export const MEASURE_READ: RouteAccess = { permission: 'usermeasure' };
export const MEASURE_SAVE: RouteAccess = { permission: 'usermeasure_add' };
export const MEASURE_REMOVE: RouteAccess = { permission: 'usermeasure_delete' };
export const MEASURE_IMPORT: RouteAccess = { permission: 'usermeasure_import' };
export const MEASURE_LINK: RouteAccess = { permission: 'usermeasure_link' };
export const APPLY_PHYSICAL: RouteAccess = { permission: 'userapplyphysical_add' };

export const B = '/blade-iph-business';

export function measureContext(deps: AppDeps, request: FastifyRequest): MeasureContext {
  return { db: deps.db, tenantId: request.auth.tenant_id, actor: actorOf(request.auth), now: new Date(deps.now()) };
}

/** `ids` (report or row ids: digits), or 400 (http/request-values). */
export const idsOf = requestIds;

/** `jyids` (检验单号), or 400. */
export function jyidsOf(request: FastifyRequest): string[] {
  const jyids = requestList(request, 'jyids');
  const bad = jyids.find((j) => !JYID_PATTERN.test(j));
  if (bad) throw new Refusal(`检验单号格式不正确：${bad.slice(0, 50)}`);
  return jyids;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A query date as yyyy-MM-dd (a time may follow), or 400 naming it. */
export function dayParam(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const d = value.slice(0, 10);
  const t = new Date(`${d}T00:00:00Z`);
  if (!ISO_DAY.test(d) || Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== d)
    throw new Refusal(`${name}格式不正确，应为 yyyy-MM-dd`);
  return d;
}

/** A date range of the query: each day checked, the end not before the start. */
export function rangeOf(q: { startDate?: string | undefined; endDate?: string | undefined }): { from?: string; to?: string } {
  const from = dayParam(q.startDate, '开始日期');
  const to = dayParam(q.endDate, '结束日期');
  if (from && to && to < from) throw new Refusal('结束日期不能早于开始日期');
  return { ...(from && { from }), ...(to && { to }) };
}
