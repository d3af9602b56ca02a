// The health-record rules' calls beyond CRUD (spec 002 §7 ehrproject, ehr, assehr, assehrrul; spec 001
// §3 "EHR definition", §7 ehr and the project tree), beside their resource documents
// (schemas/crud/ehrproject|ehr|assehr|assehrrul.crud.json), whose list/detail/submit/remove the
// generic routes answer.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { param } from '../../http/request-values';
import { ADMINISTRATORS, ARCHIVE_WORK, SIGNED_IN } from '../../http/route-access';
import { AnyObject, ArchId, text } from '../../http/route-schemas';
import { actorOf, defaultFormsRoot } from '../../forms/index';
import { findArchive, requireArchivePermission } from '../../archives/index';
import { NotFound, Refusal } from '../../domain/errors';
import { readResourceDocuments, viewSchema, type ResourceDocument } from '../../resource-documents/index';
import { envelope, orNull, subtree } from '../../../src/shared/contract/envelope';
import { projectLazyList, projectTree, type ProjectNode as ProjectNodeView } from '../services/project-tree';
import { indicatorOfArchive, indicatorsOfArchive } from '../services/ehr-values';
import { copyAssessmentRules, MAX_BATCH, updateAssessmentIndicators } from '../services/assessment-batches';

const optional = Type.Optional;
const BASE = '/blade-iph-business';
const Flag = Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean(), Type.String({ pattern: '^[01]$' })]);
const on = (v: unknown) => v === true || v === 1 || v === '1';
const AssCode = Type.String({ maxLength: 64 });

/** A BladeX tree node with the project's code, type and order; `children` nests (empty in lazy-list). */
const ProjectNode = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  hasChildren: Type.Boolean(),
  projType: Type.Integer(),
  projCode: Type.String(),
  sort: Type.Integer(),
  children: subtree<ProjectNodeView>(),
});

const IndicatorValue = Type.Object({
  ehrCode: Type.String(),
  ehrName: Type.String(),
  unit: Type.String(),
  valueType: Type.Integer(),
  value: orNull('string'),
  measureTime: orNull('string'),
  source: orNull('string'),
  normalLow: orNull('number'),
  normalHigh: orNull('number'),
  judgement: orNull('string'),
});

export const ehrRuleRoutes =
  (deps: AppDeps, documents: ResourceDocument[] = readResourceDocuments(defaultFormsRoot())): FastifyPluginAsyncTypebox =>
  async (app) => {
    const doc = (name: string) => documents.find((d) => d.name === name);
    const ctxOf = (tenantId: string) => ({ db: deps.db, tenantId, now: new Date(deps.now()), dictionaries: deps.caches });

    // The project tree: the measurement entry of every care role picks from it.
    app.get(
      `${BASE}/ehrproject/tree`,
      {
        config: { access: SIGNED_IN },
        schema: {
          querystring: Type.Object({ tenantId: optional(text(12)), proj_type: optional(Type.Integer({ minimum: 1, maximum: 3 })) }),
          response: { 200: envelope(Type.Array(ProjectNode)) },
        },
      },
      async (request) => ok(await projectTree(deps.db, request.auth.tenant_id, request.query.tenantId, request.query.proj_type)),
    );

    app.get(
      `${BASE}/ehrproject/lazy-list`,
      {
        config: { access: SIGNED_IN },
        schema: {
          querystring: Type.Object({ parentId: optional(Type.String({ maxLength: 40, pattern: '^[0-9]*$' })) }),
          response: { 200: envelope(Type.Array(ProjectNode)) },
        },
      },
      async (request) => ok(await projectLazyList(deps.db, request.auth.tenant_id, request.query.parentId)),
    );

    // A resident's newest values: those who see archives, of their own tenant's residents.
    const archiveOf = async (request: { auth: Parameters<typeof requireArchivePermission>[1] }, archId: string) => {
      await requireArchivePermission(deps.db, request.auth, 'view', deps);
      const archive = await findArchive(deps.db, request.auth.tenant_id, archId);
      if (!archive || archive.is_deleted) throw new NotFound('档案不存在');
    };

    app.post(
      `${BASE}/ehr/detail-arch`,
      {
        config: { access: ARCHIVE_WORK },
        schema: {
          body: Type.Object({ ehr_code: text(64), arch_id: ArchId, hasRules: optional(Flag) }),
          response: { 200: envelope(IndicatorValue) },
        },
      },
      async (request) => {
        const { ehr_code, arch_id, hasRules } = request.body;
        await archiveOf(request, arch_id);
        return ok(await indicatorOfArchive(deps.db, request.auth.tenant_id, arch_id, ehr_code, on(hasRules)));
      },
    );

    app.post(
      `${BASE}/ehr/detail-archs`,
      {
        config: { access: ARCHIVE_WORK },
        schema: {
          body: Type.Object({ arch_id: ArchId, ehr_s: text(4000), backRule: optional(Flag) }),
          response: { 200: envelope(Type.Array(IndicatorValue)) },
        },
      },
      async (request) => {
        const { ehr_s, arch_id, backRule } = request.body;
        await archiveOf(request, arch_id);
        return ok(await indicatorsOfArchive(deps.db, request.auth.tenant_id, arch_id, ehr_s, on(backRule)));
      },
    );

    const assehr = doc('assehr');
    if (assehr)
      app.post(
        `${BASE}/assehr/updates`,
        {
          config: { access: ADMINISTRATORS },
          schema: {
            body: Type.Array(AnyObject, { maxItems: MAX_BATCH }),
            response: { 200: envelope(Type.Array(viewSchema(assehr.block))) },
          },
        },
        async (request) => {
          const rows = await updateAssessmentIndicators(
            ctxOf(request.auth.tenant_id),
            assehr,
            request.body as Record<string, unknown>[],
            actorOf(request.auth),
          );
          return ok(rows, '更新成功');
        },
      );

    const assehrrul = doc('assehrrul');
    if (assehrrul)
      app.post(
        `${BASE}/assehrrul/copy-ass-ehr-rule`,
        {
          config: { access: ADMINISTRATORS },
          schema: {
            querystring: Type.Object({ target: optional(AssCode), source: optional(AssCode) }),
            response: { 200: envelope(Type.Boolean()) },
          },
        },
        async (request) => {
          const target = param(request, 'target');
          const source = param(request, 'source');
          if (!target) throw new Refusal('请指定目标评估');
          if (!source) throw new Refusal('请指定源评估');
          const n = await copyAssessmentRules(ctxOf(request.auth.tenant_id), assehrrul, target, source, actorOf(request.auth));
          return ok(true, `已复制 ${n} 条规则`);
        },
      );
  };
