// userarchivesother/* (spec 001 §7; issue 32): a resident's maternal (one pregnancy) or child case.
// The spec names the calls only; bodies and answers are ours (../README.md). Every call is scoped to
// the caller's tenant (another tenant's otherId or archId is 404) and declares the menu or button
// code it needs: the care team's 居民健康档案 for reading and filing, 注销档案 for cancel and restore.
import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { ARCHIVE_CANCEL, ARCHIVE_WORK } from '../../http/route-access';
import { ArchId, DatePrefix, Id, IdList, MAX_PAGE_NUMBER, MAX_PAGE_SIZE, text, textEnum } from '../../http/route-schemas';
import { actorOf } from '../../forms/index';
import { formatDate, fromClock } from '../../../src/engine';
import { Refusal } from '../../domain/errors';
import { envelope, orNull, pageOf } from '../../../src/shared/contract/envelope';
import { CaseViewSchema, FilingDefaultsSchema } from '../../../src/shared/contract/archives-other';
import { findChildCase, listCases, openPregnancy } from '../repositories/cases';
import {
  cancelCase,
  caseView,
  closeCase,
  createFromFollow,
  filingDefaults,
  maternalRefusal,
  removeCases,
  requireCase,
  restoreCase,
  saveCase,
  type CaseContext,
} from '../services/cases';

const BASE = '/blade-iph-business/userarchivesother';
const CARD_BASE = '/blade-iph-business';
const optional = Type.Optional;
const OtherId = Id;
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Kind = textEnum('maternal', 'child');
const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const SaveBody = Type.Object({
  id: optional(OtherId),
  rowVersion: optional(Type.Integer({ minimum: 1 })),
  kind: Kind,
  archId: ArchId,
  lastMenstrualPeriod: optional(nullable(text(30))),
  gravidity: optional(orNull('integer')),
  parity: optional(orNull('integer')),
  pregnantBookId: optional(nullable(text(50))),
  barcode: optional(nullable(text(50))),
  restRegion: optional(nullable(text(100))),
  doctorId: optional(nullable(text(40))),
  doctorName: optional(nullable(text(50))),
  unitName: optional(nullable(text(100))),
  birthDate: optional(nullable(text(30))),
  childSex: optional(nullable(text(2))),
  birthWeight: optional(orNull('number')),
  motherArchId: optional(nullable(text(40))),
});

const ListQuery = Type.Object({
  current: optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_NUMBER })),
  size: optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  kind: optional(Kind),
  status: optional(textEnum('1', '2', '3')),
  archId: optional(ArchId),
  doctorId: optional(text(40)),
  riskColor: optional(textEnum('green', 'yellow', 'orange', 'red', 'purple')),
  lmpStart: optional(Day),
  lmpEnd: optional(Day),
  dueStart: optional(Day),
  dueEnd: optional(Day),
  keyword: optional(text(50)),
  /** The child cases naming this resident as mother (the maternal shell's 新生儿访视 tab). */
  motherArchId: optional(ArchId),
});

const CancelBody = Type.Object({ otherId: OtherId, cancelReason: Type.String({ minLength: 1, maxLength: 10 }) });
const RestoreBody = Type.Object({ otherId: OtherId });

export const archivesOtherRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const ctxOf = (request: FastifyRequest): CaseContext => ({
      db: deps.db,
      tenantId: request.auth.tenant_id,
      actor: actorOf(request.auth),
      today: formatDate(fromClock(new Date(deps.now()))),
      now: new Date(deps.now()),
      deptIds: request.auth.dept_id,
    });
    const View = CaseViewSchema;
    const read = { config: { access: ARCHIVE_WORK } };

    app.post(`${BASE}/create-or-update`, { ...read, schema: { body: SaveBody, response: { 200: envelope(View) } } }, async (request) => {
      const ctx = ctxOf(request);
      const { row, created } = await saveCase(ctx, request.body);
      return ok(caseView(row, ctx.today), created ? '建档成功' : '修改成功');
    });

    app.get(
      `${BASE}/detail`,
      { ...read, schema: { querystring: Type.Object({ otherId: OtherId }), response: { 200: envelope(View) } } },
      async (request) => {
        const ctx = ctxOf(request);
        return ok(caseView(await requireCase(ctx, request.query.otherId), ctx.today));
      },
    );

    app.get(
      `${BASE}/list-by-param`,
      { ...read, schema: { querystring: ListQuery, response: { 200: envelope(pageOf(View)) } } },
      async (request) => {
        const ctx = ctxOf(request);
        const { current = 1, size = 10, kind = 'maternal', ...filter } = request.query;
        const { rows, total } = await listCases(deps.db, ctx.tenantId, { kind, ...filter }, { current, size });
        return ok(
          page(
            rows.map((r) => caseView(r, ctx.today)),
            total,
            current,
            size,
          ),
        );
      },
    );

    app.post(
      `${BASE}/remove`,
      { ...read, schema: { querystring: Type.Object({ ids: IdList }), response: { 200: envelope(Type.Boolean()) } } },
      async (request) => {
        const ids = request.query.ids.split(',');
        const n = await removeCases(ctxOf(request), ids);
        return ok(true, `已删除${n}份档案`);
      },
    );

    app.post(
      `${BASE}/close-off`,
      {
        ...read,
        schema: {
          body: Type.Object({ otherId: OtherId, closeDate: DatePrefix, closeReason: Type.String({ minLength: 1, maxLength: 10 }) }),
          response: { 200: envelope(View) },
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        return ok(caseView(await closeCase(ctx, request.body), ctx.today), '结案成功');
      },
    );

    // 注销 and its undoing; the card's cancelArchivesOtehr / restoreArchivesOther (spec 001 §7, no
    // paths given) are served as aliases under this base and under the business base, beside the
    // card's cancelArchivesInfo (server/archives).
    for (const path of [`${BASE}/cancel-archives-other`, `${BASE}/cancelArchivesOtehr`, `${CARD_BASE}/cancelArchivesOtehr`])
      app.post(
        path,
        { config: { access: ARCHIVE_CANCEL }, schema: { body: CancelBody, response: { 200: envelope(View) } } },
        async (request) => {
          const ctx = ctxOf(request);
          return ok(caseView(await cancelCase(ctx, request.body), ctx.today), '注销成功');
        },
      );
    for (const path of [`${BASE}/restore-archives-other`, `${BASE}/restoreArchivesOther`, `${CARD_BASE}/restoreArchivesOther`])
      app.post(
        path,
        { config: { access: ARCHIVE_CANCEL }, schema: { body: RestoreBody, response: { 200: envelope(View) } } },
        async (request) => {
          const ctx = ctxOf(request);
          return ok(caseView(await restoreCase(ctx, request.body.otherId), ctx.today), '恢复成功');
        },
      );

    app.get(
      `${BASE}/maternal-pregnancy`,
      { ...read, schema: { querystring: Type.Object({ archId: ArchId }), response: { 200: envelope(Type.Union([View, Type.Null()])) } } },
      async (request) => {
        const ctx = ctxOf(request);
        // The archive must be the caller's tenant's (404 otherwise), as every call here.
        await filingDefaults(ctx, request.query.archId);
        const open = await openPregnancy(deps.db, ctx.tenantId, request.query.archId);
        return ok(open ? caseView(open, ctx.today) : null);
      },
    );

    app.get(
      `${BASE}/maternal-valid`,
      {
        ...read,
        schema: {
          querystring: Type.Object({ archId: ArchId }),
          response: { 200: envelope(Type.Object({ valid: Type.Boolean(), reason: Type.String() })) },
        },
      },
      async (request) => {
        const reason = await maternalRefusal(ctxOf(request), request.query.archId);
        return ok({ valid: reason === null, reason: reason ?? '' });
      },
    );

    app.get(
      `${BASE}/not-lgt-detail`,
      {
        ...read,
        schema: {
          querystring: Type.Object({ archId: ArchId }),
          response: {
            200: envelope(FilingDefaultsSchema),
          },
        },
      },
      async (request) => ok(await filingDefaults(ctxOf(request), request.query.archId)),
    );

    app.post(
      `${BASE}/create-by-follow`,
      { ...read, schema: { body: Type.Object({ followId: Id }), response: { 200: envelope(View) } } },
      async (request) => {
        const ctx = ctxOf(request);
        return ok(caseView(await createFromFollow(ctx, request.body.followId), ctx.today), '建档成功');
      },
    );

    app.get(
      `${BASE}/child_plagiarism_check`,
      {
        ...read,
        schema: {
          querystring: Type.Object({
            archId: optional(ArchId),
            birthDate: optional(Day),
            personName: optional(Type.String({ minLength: 1, maxLength: 50 })),
            motherArchId: optional(ArchId),
          }),
          response: { 200: envelope(Type.Object({ filed: Type.Boolean(), case: Type.Union([View, Type.Null()]) })) },
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const q = request.query;
        if (!q.archId && !(q.birthDate && q.personName && q.motherArchId)) throw new Refusal('请提供儿童档案，或出生日期、姓名和母亲档案');
        const found = await findChildCase(deps.db, ctx.tenantId, q);
        return ok({ filed: Boolean(found), case: found ? caseView(found, ctx.today) : null }, found ? '已建档' : '未建档');
      },
    );
  };
