// userinfohabits/info/{id} (spec 001 §7, GET, the id of an archive): the resident's 生活习惯, one row per
// archive. The CRUD calls (list, detail, submit and the spec's save, remove) are the resource
// document's (schemas/crud/userinfohabits.crud.json).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import type { RouteAccess } from '../../http/route-access';
import { Id } from '../../http/route-schemas';
import { defaultFormsRoot } from '../../forms/index';
import { readResourceDocuments, viewSchema, type ResourceDocument } from '../../resource-documents/index';
import { envelope } from '../../../src/shared/contract/envelope';
import { habitsOfArchive } from '../services/habits';

/** Whoever reads the habits reads a resident's: the 生活习惯 screen or the archives' menu. */
const HABITS_READ: RouteAccess = { permission: ['userinfohabits', 'publichealthwork'] };

export const habitsInfoRoutes =
  (deps: AppDeps, documents: ResourceDocument[] = readResourceDocuments(defaultFormsRoot())): FastifyPluginAsyncTypebox =>
  async (app) => {
    const habits = documents.find((d) => d.name === 'userinfohabits');
    if (!habits) return;
    app.get(
      '/blade-iph-business/userinfohabits/info/:id',
      {
        config: { access: HABITS_READ },
        schema: {
          params: Type.Object({ id: Id }),
          response: { 200: envelope(Type.Union([viewSchema(habits.block), Type.Null()])) },
        },
      },
      async (request) => ok(await habitsOfArchive(deps.db, habits, request.auth.tenant_id, request.params.id)),
    );
  };
