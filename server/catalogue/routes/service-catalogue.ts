// The service catalogue's calls beyond CRUD (spec 002 §7 line 180, 183): servicepack/newList and
// syn-service-pack, serviceproject/listServiceProject, indexsetting/parent-list and
// userrecommend/apply-modal, beside the families' resource documents. Thin: the rules are in
// services/service-catalogue.ts.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { forbidden, ok } from '../../http/envelope';
import { fieldOf, param } from '../../http/request-values';
import { ADMINISTRATORS, ARCHIVE_WORK, NO_PERMISSION, SIGNED_IN } from '../../http/route-access';
import { AdminIdList, ArchId, Id, text, textEnum } from '../../http/route-schemas';
import { defaultFormsRoot } from '../../forms/index';
import { readResourceDocuments, viewSchema, type ResourceDocument } from '../../resource-documents/index';
import { envelope } from '../../../src/shared/contract/envelope';
import {
  applyModal,
  indexParentList,
  isPlatformAdministrator,
  listServiceProject,
  servicePackNewList,
  synServicePacks,
} from '../services/service-catalogue';

const optional = Type.Optional;
const Status = Type.Integer({ minimum: 0, maximum: 1 });
const Flag = Type.Union([textEnum('true', 'false', '1', '0', ''), Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })]);
/** syn-service-pack's `over` as a query string, a form field or a JSON boolean / number. */
const overFlag = (value: unknown) => value === true || value === 1 || value === 'true' || value === '1';

/** The platform's own work: answered 403 before the input is read, like the route gate (http/route-access.ts). */
const platformOnly = async (request: FastifyRequest) => {
  if (!isPlatformAdministrator(request.auth)) throw forbidden(NO_PERMISSION);
};

const SynOutcome = Type.Object({
  tenantId: Type.String(),
  copied: Type.Array(Type.String()),
  overwritten: Type.Array(Type.String()),
  kept: Type.Array(Type.String()),
});

const synParams = {
  ids: optional(AdminIdList),
  tenantIds: optional(text(4000)),
  over: optional(Flag),
  // BladeX's operation switch of its synchronisation dialogs: accepted, not used (one way of copying).
  opt: optional(Type.Union([text(20), Type.Integer()])),
};

export const serviceCatalogueRoutes =
  (deps: AppDeps, documents: ResourceDocument[] = readResourceDocuments(defaultFormsRoot())): FastifyPluginAsyncTypebox =>
  async (app) => {
    const named = (name: string) => documents.find((d) => d.name === name);
    const packs = named('servicepack');
    const projects = named('serviceproject');
    const settings = named('indexsetting');
    const now = () => new Date(deps.now());

    if (packs) {
      app.get(
        '/blade-iph-business/servicepack/newList',
        {
          config: { access: SIGNED_IN },
          schema: {
            querystring: Type.Object({ status: optional(Status) }),
            response: { 200: envelope(Type.Array(viewSchema(packs.block))) },
          },
        },
        async (request) => ok(await servicePackNewList(deps.db, packs, request.auth.tenant_id, request.query.status)),
      );

      app.post(
        '/blade-iph-business/servicepack/syn-service-pack',
        {
          config: { access: ADMINISTRATORS },
          onRequest: platformOnly,
          schema: {
            querystring: Type.Object(synParams),
            body: optional(Type.Union([Type.Object(synParams), Type.Null()])),
            response: { 200: envelope(Type.Array(SynOutcome)) },
          },
        },
        async (request) => {
          const outcomes = await synServicePacks(
            deps.db,
            request.auth,
            param(request, 'ids'),
            param(request, 'tenantIds'),
            overFlag(fieldOf(request.query, 'over') ?? fieldOf(request.body, 'over')),
            now(),
          );
          return ok(outcomes, '同步成功');
        },
      );

      app.post(
        '/blade-iph-business/userrecommend/apply-modal',
        {
          config: { access: ARCHIVE_WORK },
          schema: {
            querystring: Type.Object({ archiveId: optional(ArchId), crowdLabels: optional(text(500)) }),
            body: optional(Type.Union([Type.Object({ archiveId: optional(ArchId), crowdLabels: optional(text(500)) }), Type.Null()])),
            response: {
              200: envelope(
                Type.Object({
                  archiveId: Type.String(),
                  crowdLabels: Type.Array(Type.String()),
                  records: Type.Array(
                    Type.Object({
                      id: Type.String(),
                      crowdCode: Type.String(),
                      crowdName: Type.String(),
                      reason: Type.String(),
                      sort: Type.Integer(),
                      pack: viewSchema(packs.block),
                    }),
                  ),
                }),
              ),
            },
          },
        },
        async (request) =>
          ok(await applyModal(deps.db, packs, request.auth.tenant_id, param(request, 'archiveId'), param(request, 'crowdLabels'))),
      );
    }

    if (projects)
      app.get(
        '/blade-iph-business/serviceproject/listServiceProject',
        {
          config: { access: SIGNED_IN },
          schema: {
            querystring: Type.Object({ packId: Id }),
            response: { 200: envelope(Type.Array(viewSchema(projects.block))) },
          },
        },
        async (request) => ok(await listServiceProject(deps.db, projects, request.auth.tenant_id, request.query.packId)),
      );

    if (settings)
      app.get(
        '/blade-iph-business/indexsetting/parent-list',
        {
          config: { access: ADMINISTRATORS },
          schema: {
            querystring: Type.Object({ status: optional(Status) }),
            response: { 200: envelope(Type.Array(viewSchema(settings.block))) },
          },
        },
        async (request) => ok(await indexParentList(deps.db, settings, request.auth.tenant_id, request.query.status)),
      );
  };
