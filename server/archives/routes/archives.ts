import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { checkIdCard } from '../../../src/engine';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound, ok, page } from '../../http/envelope';
import {
  ARCHIVE_ACTIVE,
  ARCHIVE_SORT_COLUMNS,
  findArchive,
  findArchiveByIdCard,
  listArchives,
  type ArchiveFilter,
  type ArchivePaging,
} from '../repositories/archives';
import { addSensitiveReads } from '../repositories/archive-audit';
import { listArchiveHistory } from '../repositories/archive-history';
import { requireArchivePermission } from '../services/archive-permissions';
import { cancelArchives, NO_DATA, presentArchives, restoreArchives, saveArchive } from '../services/archive-service';
import { archiveHistoryView, sensitiveFieldsShown } from '../services/archive-versions';
import {
  cancelManySchema,
  cancelSchema,
  detailSchema,
  historySchema,
  idCardSchema,
  listSchema,
  restoreManySchema,
  restoreSchema,
  saveSchema,
} from './archive-schemas';
import type { ArchiveListQuery } from '../../../src/shared/contract/archives';
import { ARCHIVE_CANCEL, ARCHIVE_EDIT, ARCHIVE_WORK } from '../../http/route-access';

const BASE = '/blade-iph-business';

type ListQuery = ArchiveListQuery;

const str = (q: ListQuery, ...names: (keyof ListQuery)[]) => {
  for (const name of names) {
    const value = q[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
};

/** An ID number searched for is an exact key; a valid 15-digit number finds its 18-digit archive. */
function idCardKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const checked = checkIdCard(value);
  return checked.ok ? checked.id18 : value.toUpperCase();
}

/** docs/architecture.md §6 filters: name and number as fragments (`_like`) or exact (`_equal`), the ID exact. */
function filterOf(q: ListQuery): ArchiveFilter {
  return {
    personNameLike: str(q, 'personName_like', 'personName'),
    personName: str(q, 'personName_equal'),
    archivesNoLike: str(q, 'archivesNo_like', 'archivesNo'),
    archivesNo: str(q, 'archivesNo_equal'),
    idCard: idCardKey(str(q, 'idCard_equal', 'idCard')),
    status: str(q, 'archivesStatus_equal', 'archivesStatus'),
    sex: str(q, 'sex_equal'),
    mainDoctorId: str(q, 'mainDoctorId_equal'),
    teamId: str(q, 'teamId_equal'),
    crowdLabel: str(q, 'crowdLabel'),
  };
}

/** current/size and ascs/descs (comma lists of wire names); unknown sort names are ignored. */
function pagingOf(q: ListQuery): ArchivePaging {
  const sort: ArchivePaging['sort'] = [];
  for (const [key, direction] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    for (const name of String(q[key] ?? '')
      .split(',')
      .map((s) => s.trim())) {
      const column = ARCHIVE_SORT_COLUMNS[name as keyof typeof ARCHIVE_SORT_COLUMNS];
      if (column) sort.push({ column, direction });
    }
  }
  if (sort.length === 0) sort.push({ column: 'create_time', direction: 'desc' });
  return { current: Number(q.current ?? 1), size: Number(q.size ?? 10), sort };
}

const idsOf = (value: string | string[]) => (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean);

/** If-Match: "3", W/"3" or 3 → 3; anything else is no version (the update is then refused with 428). */
function versionOfIfMatch(header: string | undefined): number | undefined {
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header ?? '');
  return match ? Number(match[1]) : undefined;
}

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

/** Unmasked ID numbers and phones in an archive's history are reads like the archive's own: audited. */
async function auditHistoryReads(deps: AppDeps, request: FastifyRequest, archiveId: string, fields: string[]) {
  const { tenant_id: tenantId, user_id: userId, real_name: userName } = request.auth;
  const time = new Date(deps.now());
  await addSensitiveReads(
    deps.db,
    fields.map((field) => ({ tenantId, userId, userName, archiveId, field, route: routeOf(request), time })),
  );
}

/**
 * Resident archives (spec 001 §7): userarchives create/update, cancel and restore (single and
 * bulk), commuserarchives list / detail / new-list, userinfomain get-by-id-card. Every query is
 * scoped to the caller's tenant: another tenant's id answers 数据不存在! like a missing one.
 */
export const archiveRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const list = (activeOnly: boolean) => async (request: FastifyRequest<{ Querystring: ListQuery }>) => {
      const q = request.query;
      const filter = filterOf(q);
      // new-list is the archive picker's list: active archives only (spec 001 §4).
      if (activeOnly) filter.status = ARCHIVE_ACTIVE;
      const paging = pagingOf(q);
      // No explicit transaction: on PostgreSQL a single statement's BEGIN + scope, the statement and
      // its COMMIT go in one write and one round trip (db/pipelined-scope.ts), while a transaction
      // around them costs one more (its COMMIT). The permissions, total and anchors are normally kept
      // in memory, so a page is one statement; when they are not, the permission query comes first
      // and the total or anchors are read beside the page (each statement sees committed data, as
      // it would in a READ COMMITTED transaction).
      const granted = await requireArchivePermission(deps.db, request.auth, 'view', deps);
      const { rows, total } = await listArchives(deps.db, request.auth.tenant_id, filter, paging);
      const records = await presentArchives(deps, request.auth, granted, rows, routeOf(request));
      return ok(page(records, total, paging.current, paging.size));
    };
    app.get(`${BASE}/commuserarchives/list`, { config: { access: ARCHIVE_WORK }, schema: listSchema }, list(false));
    app.get(`${BASE}/commuserarchives/new-list`, { config: { access: ARCHIVE_WORK }, schema: listSchema }, list(true));

    app.get(`${BASE}/commuserarchives/detail`, { config: { access: ARCHIVE_WORK }, schema: detailSchema }, async (request) => {
      const granted = await requireArchivePermission(deps.db, request.auth, 'view', deps);
      const { id, archId } = request.query;
      const wanted = id || archId;
      if (!wanted) throw badRequest('入参有误[arch_id]');
      const row = await findArchive(deps.db, request.auth.tenant_id, wanted);
      if (!row) throw notFound(NO_DATA);
      const [record] = await presentArchives(deps, request.auth, granted, [row], routeOf(request));
      return ok(record!); // one row in, one archive out
    });

    app.get(`${BASE}/userinfomain/get-by-id-card`, { config: { access: ARCHIVE_WORK }, schema: idCardSchema }, async (request) => {
      const granted = await requireArchivePermission(deps.db, request.auth, 'view', deps);
      const checked = checkIdCard(request.query.idCard);
      if (!checked.ok) throw badRequest(checked.message ?? '你输入的身份证号非法');
      const row = await findArchiveByIdCard(deps.db, request.auth.tenant_id, checked.id18!);
      if (!row) return ok(null, NO_DATA);
      const [record] = await presentArchives(deps, request.auth, granted, [row], routeOf(request));
      return ok(record!); // one row in, one archive out
    });

    app.post(`${BASE}/userarchives/create-update-archives`, { config: { access: ARCHIVE_EDIT }, schema: saveSchema }, async (request) => {
      const granted = await requireArchivePermission(deps.db, request.auth, 'edit', deps);
      const body = request.body;
      // The version read may come in the body (rowVersion) or, HTTP's way, as If-Match.
      const rowVersion = body.rowVersion ?? versionOfIfMatch(request.headers['if-match']);
      // A stale version is a 409 whose data says who changed the archive and when (http/domain-errors.ts).
      const saved = await saveArchive(deps, request.auth, { ...body, ...(rowVersion !== undefined && { rowVersion }) });
      const [record] = await presentArchives(deps, request.auth, granted, [saved], routeOf(request));
      return ok(record!); // one row in, one archive out
    });

    // The archive detail page's 档案修改记录 (spec 001 §2 page archivehistory). The spec names no call for
    // it; the path follows its history calls for other archives and follow-ups (userarchivesotherdev/history).
    app.get(`${BASE}/userarchivesdev/history`, { config: { access: ARCHIVE_WORK }, schema: historySchema }, async (request) => {
      const granted = await requireArchivePermission(deps.db, request.auth, 'view', deps);
      const { id, archId } = request.query;
      const wanted = archId || id;
      if (!wanted) throw badRequest('入参有误[arch_id]');
      // Another tenant's archive answers 数据不存在! like a missing one.
      if (!(await findArchive(deps.db, request.auth.tenant_id, wanted))) throw notFound(NO_DATA);
      const unmasked = granted.has('sensitive');
      const views = (await listArchiveHistory(deps.db, request.auth.tenant_id, wanted)).map((row) => archiveHistoryView(row, unmasked));
      if (unmasked) await auditHistoryReads(deps, request, wanted, sensitiveFieldsShown(views));
      return ok(views);
    });

    // The archive card's cancelArchivesInfo / restoreArchivesInfo (spec 001 §7 "Card", no paths given:
    // served under the business base) are the single cancel and restore.
    for (const path of ['userarchives/cancel', 'cancelArchivesInfo'])
      app.post(`${BASE}/${path}`, { config: { access: ARCHIVE_CANCEL }, schema: cancelSchema }, async (request) => {
        await requireArchivePermission(deps.db, request.auth, 'cancel', deps);
        const body = request.body;
        return ok(await cancelArchives(deps, request.auth, [body.archId], body));
      });
    app.post(`${BASE}/userarchives/cancel-archives`, { config: { access: ARCHIVE_CANCEL }, schema: cancelManySchema }, async (request) => {
      await requireArchivePermission(deps.db, request.auth, 'cancel', deps);
      const body = request.body;
      return ok(await cancelArchives(deps, request.auth, idsOf(body.ids), body));
    });

    for (const path of ['userarchives/restore', 'restoreArchivesInfo'])
      app.post(`${BASE}/${path}`, { config: { access: ARCHIVE_CANCEL }, schema: restoreSchema }, async (request) => {
        await requireArchivePermission(deps.db, request.auth, 'cancel', deps);
        return ok(await restoreArchives(deps, request.auth, [request.body.archId]));
      });
    app.post(
      `${BASE}/userarchives/restore-archives`,
      { config: { access: ARCHIVE_CANCEL }, schema: restoreManySchema },
      async (request) => {
        await requireArchivePermission(deps.db, request.auth, 'cancel', deps);
        return ok(await restoreArchives(deps, request.auth, idsOf(request.body.ids)));
      },
    );
  };
