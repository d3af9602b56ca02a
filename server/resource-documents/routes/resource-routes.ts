// The generic routes of every resource document (issue 31): list, detail, submit and remove under the
// path the spec names, with the BladeX envelope and pages, request and response schemas made from
// the document, and the document's access for each call. A family's calls beyond CRUD are small
// named handlers in its own domain, beside its document.
import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { mayCall, NO_PERMISSION, SIGNED_IN, type RouteAccess } from '../../http/route-access';
import { Forbidden } from '../../domain/errors';
import { Id, IdList, paging, text } from '../../http/route-schemas';
import { actorOf, idList } from '../../forms/index';
import { envelope, pageOf } from '../../../src/shared/contract/envelope';
import type { ResourceAccess, ResourceCall, ResourceColumn } from '../../../src/shared/resource/resource-block';
import { listResourceRows } from '../repositories/resource-rows';
import { filterColumns, readResourceDocuments, type ResourceDocument } from '../services/resource-documents';
import { checkListQuery, sortTerms } from '../services/resource-query';
import { removeResources, resourceDetail, resourceView, submitResource, type SubmitBody } from '../services/resource-rows';
import { viewSchema } from '../services/resource-schemas';
import { importSheetRows, readSheetRows } from '../services/resource-import';
import { MAX_IMPORT_BYTES, readXlsxUpload } from '../../http/xlsx-upload';
import multipart from '@fastify/multipart';
import { callerScope } from '../services/resource-scope';
import { defaultFormsRoot } from '../../forms/index';

const optional = Type.Optional;

const ImportOutcome = Type.Object({
  total: Type.Integer(),
  imported: Type.Integer(),
  refused: Type.Integer(),
  problems: Type.Array(Type.Object({ line: Type.Integer(), msg: Type.String() })),
});

function sentType(c: ResourceColumn): TSchema {
  const bounds = { ...(c.min !== undefined && { minimum: c.min }), ...(c.max !== undefined && { maximum: c.max }) };
  // One keyword with both types, not anyOf: the request validator coerces types, and under anyOf it
  // tried the number first and turned a null (not answered: 日饮酒量 of a non-drinker) into 0.
  if (c.type === 'integer') return Type.Unsafe<number | null>({ type: ['integer', 'null'], ...bounds });
  if (c.type === 'number') return Type.Unsafe<number | null>({ type: ['number', 'null'], ...bounds });
  if (c.type === 'id') return Type.Union([Type.String({ maxLength: 40, pattern: '^[0-9]*$' }), Type.Null()]);
  if (c.type === 'date') return Type.Union([Type.String({ maxLength: 10 }), Type.Null()]);
  return Type.Union([Type.String({ maxLength: c.maxLength ?? 200 }), Type.Null()]);
}

const routeAccess = (a: ResourceAccess): RouteAccess => a as RouteAccess;

const codesOf = (a: ResourceAccess): string[] | undefined =>
  typeof a === 'object' && 'permission' in a ? [a.permission].flat() : undefined;

/**
 * Who may reach the submit route: with a separate `update` access, whoever may create or update
 * (the handler then checks the one the call needs). Two permission lists join into one; anything
 * else lets every signed-in caller through to the handler's own check.
 */
function submitRouteAccess(block: ResourceDocument['block']): RouteAccess {
  const { submit, update } = block.access;
  if (!update) return routeAccess(submit);
  const a = codesOf(submit);
  const b = codesOf(update);
  return a && b ? { permission: [...a, ...b] } : SIGNED_IN;
}

function documentRoutes(deps: AppDeps, { block }: ResourceDocument): FastifyPluginAsyncTypebox {
  const base = block.path;
  const View = viewSchema(block);
  const submitProps: Record<string, TSchema> = {};
  for (const [prop, c] of Object.entries(block.columns)) submitProps[prop] = optional(sentType(c));
  const ctxOf = (tenantId: string) => ({ db: deps.db, tenantId, now: new Date(deps.now()), dictionaries: deps.caches });
  return async (app) => {
    // Each call under its BladeX name and the other names the spec gives it (block.calls: new-list, save-or-update, …).
    const names = (call: ResourceCall) => [call, ...(block.calls?.[call] ?? [])].map((n) => `${base}/${n}`);

    for (const url of names('list'))
      app.get(
        url,
        {
          config: { access: routeAccess(block.access.read) },
          schema: {
            // Search parameters are the document's filterable properties with BladeX's suffixes (checked in the handler).
            querystring: Type.Object(
              { ...paging(), ascs: optional(text(200)), descs: optional(text(200)) },
              { additionalProperties: text(200) },
            ),
            response: { 200: envelope(pageOf(View)) },
          },
        },
        async (request) => {
          const query = request.query as Record<string, unknown> & { current?: number; size?: number; ascs?: string; descs?: string };
          checkListQuery(block, query);
          const order = sortTerms(block, query);
          const scope = await callerScope(deps, request.auth, block);
          const result = await listResourceRows(deps.db, block, request.auth.tenant_id, query, filterColumns(block), order, scope.where);
          return ok(
            page(
              result.rows.map((r) => resourceView(block, r)),
              result.total,
              result.current,
              result.size,
            ),
          );
        },
      );

    for (const url of names('detail'))
      app.get(
        url,
        {
          config: { access: routeAccess(block.access.read) },
          schema: { querystring: Type.Object({ id: Id }), response: { 200: envelope(View) } },
        },
        async (request) =>
          ok(await resourceDetail(deps.db, block, request.auth.tenant_id, request.query.id, await callerScope(deps, request.auth, block))),
      );

    for (const url of names('submit'))
      app.post(
        url,
        {
          config: { access: submitRouteAccess(block) },
          schema: {
            body: Type.Object({ id: optional(Id), rowVersion: optional(Type.Integer({ minimum: 1 })), ...submitProps }),
            response: { 200: envelope(View) },
          },
        },
        async (request) => {
          const { update } = block.access;
          if (update) {
            const needed = (request.body as SubmitBody).id === undefined ? block.access.submit : update;
            if (!(await mayCall(deps, request.auth, routeAccess(needed)))) throw new Forbidden(NO_PERMISSION);
          }
          const { view, created } = await submitResource(
            ctxOf(request.auth.tenant_id),
            block,
            request.body as SubmitBody,
            actorOf(request.auth),
            await callerScope(deps, request.auth, block),
          );
          return ok(view, created ? '新增成功' : (block.updatedMessage ?? '更新成功'));
        },
      );

    if (block.import) {
      const { access, call = 'import', maxRows } = block.import;
      await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } });
      app.post(
        `${base}/${call}`,
        {
          config: { access: routeAccess(access) },
          schema: { response: { 200: envelope(ImportOutcome) } },
          bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024,
        },
        async (request) => {
          const { content } = await readXlsxUpload(request);
          const rows = await readSheetRows(block, content, maxRows);
          const scope = await callerScope(deps, request.auth, block);
          const outcome = await importSheetRows(ctxOf(request.auth.tenant_id), block, rows, actorOf(request.auth), scope);
          return ok(
            outcome,
            outcome.refused === 0 ? `导入成功：${outcome.imported}条` : `导入完成：成功${outcome.imported}条，失败${outcome.refused}条`,
          );
        },
      );
    }

    for (const url of names('remove'))
      app.post(
        url,
        {
          config: { access: routeAccess(block.access.remove) },
          schema: { querystring: Type.Object({ ids: optional(IdList) }), response: { 200: envelope(Type.Boolean()) } },
        },
        async (request) => {
          await removeResources(
            ctxOf(request.auth.tenant_id),
            block,
            idList(param(request, 'ids')),
            actorOf(request.auth),
            await callerScope(deps, request.auth, block),
          );
          return ok(true, '删除成功');
        },
      );
  };
}

/** Every resource document's routes (schemas/crud/*.crud.json with a `resource` block). */
export const resourceDocumentRoutes =
  (deps: AppDeps, documents: ResourceDocument[] = readResourceDocuments(defaultFormsRoot())): FastifyPluginAsyncTypebox =>
  async (app) => {
    for (const doc of documents) await app.register(documentRoutes(deps, doc));
  };
