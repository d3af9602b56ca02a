// drugs/newList and yaopin/listDict (spec 002 §7, line 184 and 160): the drug catalogue's lookups,
// beside its resource document. Anyone signed in reads the catalogue (the medication records of
// every care role pick from it), as the document's read access says.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/route-access';
import { text } from '../../http/route-schemas';
import { defaultFormsRoot } from '../../forms/index';
import { readResourceDocuments, viewSchema, type ResourceDocument } from '../../resource-documents/index';
import { envelope } from '../../../src/shared/contract/envelope';
import { drugDictionary, drugNewList } from '../services/drug-lookups';

const optional = Type.Optional;

export const drugLookupRoutes =
  (deps: AppDeps, documents: ResourceDocument[] = readResourceDocuments(defaultFormsRoot())): FastifyPluginAsyncTypebox =>
  async (app) => {
    const drugs = documents.find((d) => d.name === 'drugs');
    if (!drugs) return;
    const answer = { 200: envelope(Type.Array(viewSchema(drugs.block))) };

    // ypmc-pym_likes: a fragment of the name or of the pinyin initials; status: 1 启用, 0 停用.
    app.get(
      '/blade-iph-business/drugs/newList',
      {
        config: { access: SIGNED_IN },
        schema: {
          querystring: Type.Object({ 'ypmc-pym_likes': optional(text(100)), status: optional(Type.Integer({ minimum: 0, maximum: 1 })) }),
          response: answer,
        },
      },
      async (request) =>
        ok(await drugNewList(deps.db, drugs, request.auth.tenant_id, request.query['ypmc-pym_likes'], request.query.status)),
    );

    app.get(
      '/blade-system/yaopin/listDict',
      { config: { access: SIGNED_IN }, schema: { querystring: Type.Object({ ypmc: optional(text(100)) }), response: answer } },
      async (request) => ok(await drugDictionary(deps.db, drugs, request.auth.tenant_id, request.query.ypmc)),
    );
  };
