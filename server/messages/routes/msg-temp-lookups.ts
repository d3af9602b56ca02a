// msgtemp/list-msg-temp and msgtemp/list-msg-temp-dis (spec 001 §7): the enabled message templates of
// the caller's tenant for the screens that send messages (follow-up reminders…), any signed-in user.
// The CRUD part is the resource document's (schemas/crud/msgtemp.crud.json, administrators only).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/route-access';
import { text } from '../../http/route-schemas';
import { defaultFormsRoot } from '../../forms/index';
import { readResourceDocuments, viewSchema, type ResourceDocument } from '../../resource-documents/index';
import { envelope } from '../../../src/shared/contract/envelope';
import { enabledTemplates, templateChoices } from '../services/msg-temp-lookups';

const optional = Type.Optional;

export const msgTempLookupRoutes =
  (deps: AppDeps, documents: ResourceDocument[] = readResourceDocuments(defaultFormsRoot())): FastifyPluginAsyncTypebox =>
  async (app) => {
    const msgtemp = documents.find((d) => d.name === 'msgtemp');
    if (!msgtemp) return;
    const query = Type.Object({ category: optional(text(2)), title: optional(text(100)) }, { additionalProperties: false });

    app.get(
      '/blade-iph-business/msgtemp/list-msg-temp',
      { config: { access: SIGNED_IN }, schema: { querystring: query, response: { 200: envelope(Type.Array(viewSchema(msgtemp.block))) } } },
      async (request) => ok(await enabledTemplates(deps.db, msgtemp, request.auth.tenant_id, request.query)),
    );

    // Dictionary-style items, as the pickers read dict-biz: {label: title, value: id}, with the content to fill in.
    app.get(
      '/blade-iph-business/msgtemp/list-msg-temp-dis',
      {
        config: { access: SIGNED_IN },
        schema: {
          querystring: query,
          response: {
            200: envelope(
              Type.Array(Type.Object({ label: Type.String(), value: Type.String(), category: Type.String(), content: Type.String() })),
            ),
          },
        },
      },
      async (request) => ok(await templateChoices(deps.db, msgtemp, request.auth.tenant_id, request.query)),
    );
  };
