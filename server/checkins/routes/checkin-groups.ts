// usercheckingroup/checkin-group-archives-by-arch-id (spec 001 §7, POST {archId}): the check-in groups a
// resident was checked into, for the archive page and the 签到分组 screen. The CRUD calls of the groups
// and of their check-ins are the resource documents' (usercheckingroup, usercheckinprevent).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import type { RouteAccess } from '../../http/route-access';
import { Id } from '../../http/route-schemas';
import { defaultFormsRoot } from '../../forms/index';
import { readResourceDocuments, viewSchema, type ResourceDocument } from '../../resource-documents/index';
import { envelope } from '../../../src/shared/contract/envelope';
import { checkinGroupsOfArchive } from '../services/checkin-groups';

/** Whoever reads the groups reads a resident's: the 签到分组 screen or the archives' menu. */
const GROUP_READ: RouteAccess = { permission: ['usercheckingroup', 'publichealthwork'] };

export const checkinGroupRoutes =
  (deps: AppDeps, documents: ResourceDocument[] = readResourceDocuments(defaultFormsRoot())): FastifyPluginAsyncTypebox =>
  async (app) => {
    const groups = documents.find((d) => d.name === 'usercheckingroup');
    if (!groups) return;
    const GroupOfArchive = Type.Object({
      ...viewSchema(groups.block).properties,
      preventId: Type.String(),
      measure: Type.String(),
      preventRemark: Type.String(),
    });

    app.post(
      '/blade-iph-business/usercheckingroup/checkin-group-archives-by-arch-id',
      {
        config: { access: GROUP_READ },
        schema: {
          body: Type.Object({ archId: Id }, { additionalProperties: false }),
          response: { 200: envelope(Type.Array(GroupOfArchive)) },
        },
      },
      async (request) => ok(await checkinGroupsOfArchive(deps.db, groups, request.auth.tenant_id, request.body.archId)),
    );
  };
