// The members of a family (spec 001 §7 userfamilyarchivesdts: list, new-list, detail, save-or-update,
// remove; submit as BladeX's other name of save-or-update) and the archive detail's family
// (userinfomain/family-archives). Named handlers, not the generic routes: adding and removing a
// member changes the member's archive (family_id) as well.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { ARCHIVE_WORK, type RouteAccess } from '../../http/route-access';
import { Id, IdList, paging, text } from '../../http/route-schemas';
import { idList } from '../../forms/index';
import { viewSchema } from '../../resource-documents/index';
import { envelope, pageOf } from '../../../src/shared/contract/envelope';
import { familyOfArchive, memberDetail, memberPage, MEMBER_BLOCK, removeFamilyMembers, saveMember } from '../services/family-members';

const optional = Type.Optional;
const P = '/blade-iph-business/userfamilyarchivesdts';
/** Changing a family's members: the family screen's 修改 button (the same as changing the family). */
const FAMILY_EDIT: RouteAccess = { permission: 'familyarchives_edit' };

const MemberView = Type.Object({
  ...viewSchema(MEMBER_BLOCK).properties,
  personName: Type.String(),
  archivesNo: Type.String(),
  sex: Type.String(),
  relationName: Type.String(),
});
const FamilyView = Type.Object({
  family: Type.Union([
    Type.Object({
      id: Type.String(),
      familyNo: Type.String(),
      address: Type.String(),
      remark: Type.String(),
      householderArchId: Type.String(),
      householderName: Type.String(),
    }),
    Type.Null(),
  ]),
  members: Type.Array(
    Type.Object({
      id: Type.String(),
      archId: Type.String(),
      personName: Type.String(),
      archivesNo: Type.String(),
      sex: Type.String(),
      relation: Type.String(),
      relationName: Type.String(),
    }),
  ),
});
const nullable = (s: ReturnType<typeof Type.String>) => optional(Type.Union([s, Type.Null()]));

export const familyMemberRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    for (const url of [`${P}/list`, `${P}/new-list`])
      app.get(
        url,
        {
          config: { access: ARCHIVE_WORK },
          schema: {
            querystring: Type.Object(
              { ...paging(), familyId: optional(Id), archId: optional(Id), relation: optional(text(2)) },
              { additionalProperties: false },
            ),
            response: { 200: envelope(pageOf(MemberView)) },
          },
        },
        async (request) => {
          const q = request.query;
          const r = await memberPage(deps, request.auth.tenant_id, q, q.current ?? 1, q.size ?? 10);
          return ok(page(r.records, r.total, r.current, r.size));
        },
      );

    app.get(
      `${P}/detail`,
      { config: { access: ARCHIVE_WORK }, schema: { querystring: Type.Object({ id: Id }), response: { 200: envelope(MemberView) } } },
      async (request) => ok(await memberDetail(deps, request.auth.tenant_id, request.query.id)),
    );

    for (const url of [`${P}/save-or-update`, `${P}/submit`])
      app.post(
        url,
        {
          config: { access: FAMILY_EDIT },
          schema: {
            body: Type.Object(
              {
                id: optional(Id),
                rowVersion: optional(Type.Integer({ minimum: 1 })),
                familyId: nullable(Type.String({ maxLength: 40, pattern: '^[0-9]*$' })),
                archId: nullable(Type.String({ maxLength: 40, pattern: '^[0-9]*$' })),
                relation: nullable(Type.String({ maxLength: 2 })),
                remark: nullable(Type.String({ maxLength: 500 })),
              },
              { additionalProperties: false },
            ),
            response: { 200: envelope(MemberView) },
          },
        },
        async (request) => {
          const { view, created } = await saveMember(deps, request.auth, request.body);
          return ok(view, created ? '新增成功' : '更新成功');
        },
      );

    app.post(
      `${P}/remove`,
      {
        config: { access: FAMILY_EDIT },
        schema: { querystring: Type.Object({ ids: optional(IdList) }), response: { 200: envelope(Type.Boolean()) } },
      },
      async (request) => {
        await removeFamilyMembers(deps, request.auth, idList(param(request, 'ids')));
        return ok(true, '删除成功');
      },
    );

    app.get(
      '/blade-iph-business/userinfomain/family-archives',
      { config: { access: ARCHIVE_WORK }, schema: { querystring: Type.Object({ archId: Id }), response: { 200: envelope(FamilyView) } } },
      async (request) => ok(await familyOfArchive(deps, request.auth.tenant_id, request.query.archId)),
    );
  };
