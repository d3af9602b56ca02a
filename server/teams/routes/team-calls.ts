// The teams' calls beyond CRUD, beside their resource documents (spec 002 §7 doctorteam team-list,
// list-team-dis; blade-iph-business doctorteam/select; doctorteamdts grant; regiondoctor
// list-main-doctor-by-region). Reads serve every signed-in user of the tenant (a team is chosen at
// login and when an archive moves); grant is the administrators'.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { param } from '../../http/request-values';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { Id, text } from '../../http/route-schemas';
import { actorOf, defaultFormsRoot, idList } from '../../forms/index';
import { readResourceDocuments, viewSchema, type ResourceDocument } from '../../resource-documents/index';
import { envelope, orNull } from '../../../src/shared/contract/envelope';
import { grantMembers, mainDoctorsOfRegion, ownTenant, selectTeam, teamList, teamsOfDoctor } from '../services/teams';

const optional = Type.Optional;
const TenantId = text(12);
const IdsText = Type.String({ maxLength: 4000, pattern: '^[0-9]*(,[0-9]+)*$' });

const Member = Type.Object({
  userId: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  teamRole: orNull('integer'),
  sort: Type.Integer(),
});
const SelectedTeam = Type.Object({ id: Type.String(), name: Type.String(), teamCode: Type.String(), deptId: Type.String() });
const MainDoctor = Type.Object({
  id: Type.String(),
  regionCode: Type.String(),
  doctorId: Type.String(),
  doctorName: Type.String(),
  phone: Type.String(),
  teamId: Type.String(),
  teamName: Type.String(),
  postType: Type.Integer(),
});

export const teamRoutes =
  (deps: AppDeps, documents: ResourceDocument[] = readResourceDocuments(defaultFormsRoot())): FastifyPluginAsyncTypebox =>
  async (app) => {
    const teams = documents.find((d) => d.name === 'doctorteam');
    if (!teams) return;
    const TeamWithMembers = Type.Object({ ...viewSchema(teams.block).properties, members: Type.Array(Member) });
    const answer = { 200: envelope(Type.Array(TeamWithMembers)) };

    app.get('/blade-iph-business/doctorteam/team-list', { config: { access: SIGNED_IN }, schema: { response: answer } }, async (request) =>
      ok(await teamList(deps.db, teams, request.auth.tenant_id)),
    );

    app.get(
      '/blade-iph-business/doctorteam/list-team-dis',
      {
        config: { access: SIGNED_IN },
        schema: { querystring: Type.Object({ doctorId: Id, tenantId: optional(TenantId) }), response: answer },
      },
      async (request) =>
        ok(await teamsOfDoctor(deps.db, teams, ownTenant(request.auth.tenant_id, request.query.tenantId), request.query.doctorId)),
    );

    app.get(
      '/blade-iph-business/doctorteam/select',
      { config: { access: SIGNED_IN }, schema: { querystring: Type.Object({ teamId: Id }), response: { 200: envelope(SelectedTeam) } } },
      async (request) => ok(await selectTeam(deps.db, request.auth.tenant_id, request.auth.user_id, request.query.teamId)),
    );

    // userIds, teamIds: comma lists, as query parameters or in the body (BladeX sends either; idList checks each id).
    app.post(
      '/blade-iph-business/doctorteamdts/grant',
      {
        config: { access: ADMINISTRATORS },
        schema: {
          querystring: Type.Object({ userIds: optional(IdsText), teamIds: optional(IdsText) }),
          response: { 200: envelope(Type.Object({ added: Type.Integer(), removed: Type.Integer() })) },
        },
      },
      async (request) => {
        const result = await grantMembers(
          deps.db,
          request.auth.tenant_id,
          [...new Set(idList(param(request, 'userIds')))],
          [...new Set(idList(param(request, 'teamIds')))],
          actorOf(request.auth),
          new Date(deps.now()),
        );
        return ok(result, '操作成功');
      },
    );

    app.get(
      '/blade-iph-business/regiondoctor/list-main-doctor-by-region',
      {
        config: { access: SIGNED_IN },
        schema: {
          querystring: Type.Object({
            regionCode: Type.String({ minLength: 2, maxLength: 12, pattern: '^[0-9]+$' }),
            postType: optional(Type.Integer({ minimum: 1, maximum: 3, default: 2 })),
            tenantId: optional(TenantId),
          }),
          response: { 200: envelope(Type.Array(MainDoctor)) },
        },
      },
      async (request) =>
        ok(
          await mainDoctorsOfRegion(
            deps.db,
            ownTenant(request.auth.tenant_id, request.query.tenantId),
            request.query.regionCode,
            request.query.postType ?? 2,
          ),
        ),
    );
  };
