import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { AppDeps } from './app-deps';
import { registerTenantScope } from './db/tenant-rls-hooks';
import { registerAuthGuard } from './http/auth-guard';
import { registerBodyLimits } from './http/body-limits';
import { answerError } from './http/error-handler';
import { ApiError, fail } from './http/envelope';
import { registerInputGuard } from './http/input-guard';
import { registerRouteAccess } from './http/route-access';
import { registerWriteRateLimit } from './http/write-rate-limit';
import { registerCompression } from './http/compression';
import { registerSecurityHeaders } from './http/security-headers';
import { healthRoutes } from './http/health';
import { loggingOptions, registerCallerLogContext, registerRequestIdHeader, type LogDestination } from './http/logging';
import { webCacheHeaders } from './http/web-cache-headers';
import { AJV_OPTIONS, describeValidationError } from './http/validation-messages';
import { archiveOtherRoutes } from './followups/routes/archive-other';
import { archiveRoutes } from './archives/routes/archives';
import { authRoutes } from './auth/routes/auth';
import { colCustomRoutes } from './archives/routes/colcustom';
import { dictAdminRoutes } from './dicts/routes/dict-admin';
import { systemParamRoutes } from './dicts/routes/systemparam';
import { flowRoutes } from './flow/routes/flow';
import { flowLeaveRoutes } from './flow/routes/flow-leave';
import { flowWorkRoutes } from './flow/routes/flow-work';
import { dictRoutes } from './dicts/routes/dict';
import { excelExportRoutes } from './reports/routes/excel-export';
import { formRoutes } from './forms/routes/form';
import { formDesignerRoutes } from './forms/routes/form-designer';
import { formFieldRoutes } from './forms/routes/form-field';
import { formReckonRoutes } from './forms/routes/form-reckon';
import { formRecordRoutes } from './followups/routes/form-record';
import { elderlyCareRoutes } from './followups/routes/elderly-care';
import { followupRoutes } from './followups/routes/followup';
import { formPathRoutes, TWO_CANCER_FORM_PATHS } from './followups/routes/form-paths';
import { followupGraphRoutes } from './followups/routes/followup-graph';
import { followupVoucherRoutes } from './followups/routes/followup-voucher';
import { screeningRoutes } from './followups/routes/screening';
import { tuberculosisRoutes } from './followups/routes/tuberculosis';
import { healthMenuRoutesApi } from './followups/routes/healthmenu';
import { menuRoutes } from './access/routes/menu';
import { ossRoutes } from './resource/routes/oss';
import { paramRoutes } from './dicts/routes/param';
import { physicalExamRoutes } from './followups/routes/physical-exam';
import { profileRoutes } from './users/routes/profile';
import { sessionExtraRoutes } from './auth/routes/session-extras';
import { webLogRoutes } from './logs/routes/weblog';
import { deskNoticeRoutes } from './desk/routes/desk-notice';
import { logRoutes } from './logs/routes/logs';
import { registerRequestLogs } from './logs/routes/request-logs';
import { userRoutes } from './users/routes/user';
import { userSecurityRoutes } from './users/routes/user-security';
import { userAdminRoutes } from './users/routes/user-admin';
import { orgAdminRoutes } from './org/routes/org-admin';
import { resourceDocumentRoutes } from './resource-documents/routes/resource-routes';
import { drugLookupRoutes } from './catalogue/routes/drug-lookups';
// Named handlers of the teams-and-doctors families
import { teamRoutes } from './teams/routes/team-calls';
// Named handlers of the service-catalogue families
import { serviceCatalogueRoutes } from './catalogue/routes/service-catalogue';
import { drugImportRoutes } from './catalogue/routes/drug-import';
// Named handlers of the health-record-rules and integration families
import { ehrRuleRoutes } from './ehr-rules/routes/ehr-rules';
// Named handlers of the resident-side families
import { familyMemberRoutes } from './families/routes/family-members';
import { transferRoutes } from './transfers/routes/transfers';
import { msgTempLookupRoutes } from './messages/routes/msg-temp-lookups';
import { messageRoutes } from './messages/routes/messages';
import { checkinGroupRoutes } from './checkins/routes/checkin-groups';
import { inpatientLinkRoutes } from './inpatients/routes/inpatient-links';
// anchor resident-rest imports
import { habitsInfoRoutes } from './resident-records/routes/habits-info';
// anchor jobs imports
import { asyntaskRoutes } from './jobs/routes/asyntask';
// anchor followup-reports imports
import { followupReportRoutes } from './followup-reports/routes/followup-reports';
import { followupDeletedRoutes } from './followups/routes/followup-deleted';
// Maternal and child health (issue 32)
// anchor maternal imports
import { archivesOtherRoutes } from './archives-other/routes/archives-other';
// anchor maternal-forms imports
import { MATERNAL_FORM_PATHS } from './maternal-care/index';
import { withMaternalSaveSteps } from './maternal-care/routes/maternal-saves';
import { maternalCareRoutes } from './maternal-care/routes/maternal-care';
// anchor child imports
import { CHILD_FORM_PATHS } from './child-health/index';
import { withChildSaveSteps } from './child-health/routes/child-saves';
import { childHealthRoutes } from './child-health/routes/child-health';
// anchor contracts imports
import { userContractRoutes } from './contracts/routes/user-contracts';
import { signContractRoutes } from './contracts/routes/sign-contract';
import { performContractRoutes } from './contracts/routes/perform-contract';
import { agreementPdfRoutes } from './contracts/routes/agreement-pdf';
// anchor push imports
import { pushRoutes } from './push/routes/push';
import { roleMenuAdminRoutes } from './access/routes/role-menu-admin';
import { tenantClientAdminRoutes } from './org/routes/tenant-client-admin';
import { resourceAdminRoutes } from './resource/routes/resource-admin';
import { dictParamAdminRoutes } from './dicts/routes/dict-param-admin';
// 任务中心 and 医生任务 (issue 34)
import { taskCentreRoutes } from './task-centre/routes/task-centre';
import { userPromotionRoutes } from './education/routes/user-promotion';
import { userMeasureProjectRoutes } from './measurements/routes/user-measure-project';
import { userMeasureRoutes } from './measurements/routes/user-measure';
import { userApplyPhysicalRoutes } from './measurements/routes/user-apply-physical';
// anchor printing imports
import { printingRoutes } from './printing/routes/printing';
// 统计报表 (issue 34)
import { statisticsRoutes } from './statistics/routes/statistics';
// 质量管理 (issue 34)
import { qualityRoutes } from './quality/routes/quality';
// 上报 of contracts, cases, habits, medication, inquiries, vouchers; the archive's review status (issue 34)
import { pushSourceRoutes } from './push/routes/push-sources';
import { archiveReviewRoutes } from './archives/routes/archive-review';
// 打印模板 and getPrintFile (issue 33)
import { reportRoutes } from './print-templates/routes/report';
import { printFileRoutes } from './print-templates/routes/print-file';
import { qualityTopicRoutes } from './quality/routes/topic-editor';

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  /** Whether the route declares the schema of its 200 answer (the contract it serialises with). */
  answerSchema: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalogue: RouteEntry[];
  }
}

/**
 * Builds the API server. Routes are registered without the /api prefix; a request under /api/…
 * is rewritten first, so both spellings of every path work (docs/architecture.md §6).
 */
export interface BuildOptions {
  logDestination?: LogDestination;
  /**
   * Routes added beside the product's, under the same guard, access check and limits: a benchmark's
   * hand-written reference routes (bench/server/hand-written-post-routes.ts). The product adds none.
   */
  extraApiRoutes?: ((deps: AppDeps) => FastifyPluginAsync)[];
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines with a request id each, secrets hidden (issue 17; http/logging.ts).
    ...loggingOptions(deps.config.logLevel, options.logDestination),
    // X-Forwarded-For only from the proxies named in TRUST_PROXY (issue 22 §9): anyone else could
    // choose the address the login and audit logs keep.
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
    bodyLimit: 10 * 1024 * 1024,
    rewriteUrl: (req) => {
      const url = req.url ?? '/';
      return url === '/api' || url.startsWith('/api/') ? url.slice(4) || '/' : url;
    },
    schemaErrorFormatter: (errors, dataVar) => new ApiError(400, describeValidationError(errors, dataVar)),
    ajv: { customOptions: AJV_OPTIONS },
  });

  // Every route, for the test that proves no non-public route answers without a token.
  const catalogue: RouteEntry[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      catalogue.push({
        method: String(method),
        url: route.url,
        public: !!route.config?.public,
        answerSchema: !!(route.schema?.response as Record<string, unknown> | undefined)?.['200'],
      });
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // Issue 17: helmet's headers (our CSP) on every answer, and gzip / brotli; both before any route.
  await registerSecurityHeaders(app, deps.config.deviceServiceOrigins);
  await registerCompression(app);
  registerRequestIdHeader(app);

  app.setErrorHandler(answerError);

  // The API lives in its own encapsulated context so the auth guard covers every API route and
  // nothing else (the web app's static files stay public).
  await app.register(async (api) => {
    registerTenantScope(api);
    registerAuthGuard(api, deps);
    registerCallerLogContext(api);
    // Spec 002 §7 blade-log: every write call to the api log, every 5xx to the error log, after the reply.
    registerRequestLogs(api, deps);
    // Issue 22 §3: every route declares who may call it (config.access); undeclared routes do not start, other roles get 403.
    registerRouteAccess(api, deps);
    // Issue 22 §7, §8: each route's body bound, NUL / lone surrogates / wild paging refused with 400, writes per user limited.
    registerBodyLimits(api);
    registerInputGuard(api);
    await registerWriteRateLimit(api, deps);
    for (const routes of [
      healthRoutes,
      authRoutes,
      userRoutes,
      menuRoutes,
      dictRoutes,
      profileRoutes,
      ossRoutes,
      webLogRoutes,
      paramRoutes,
      sessionExtraRoutes,
      archiveRoutes,
      archiveOtherRoutes,
      formRoutes,
      formDesignerRoutes,
      formFieldRoutes,
      formReckonRoutes,
      // The generic saves take child records too: a 高危儿 register sets its case's high-risk flag (child-health).
      withChildSaveSteps(formRecordRoutes),
      withChildSaveSteps(followupRoutes),
      formPathRoutes(TWO_CANCER_FORM_PATHS),
      screeningRoutes,
      followupGraphRoutes,
      elderlyCareRoutes,
      physicalExamRoutes,
      followupVoucherRoutes,
      tuberculosisRoutes,
      healthMenuRoutesApi,
      dictAdminRoutes,
      systemParamRoutes,
      colCustomRoutes,
      excelExportRoutes,
      userSecurityRoutes,
      deskNoticeRoutes,
      logRoutes,
      flowRoutes,
      flowWorkRoutes,
      flowLeaveRoutes,
      userAdminRoutes,
      orgAdminRoutes,
      roleMenuAdminRoutes,
      tenantClientAdminRoutes,
      resourceAdminRoutes,
      dictParamAdminRoutes,
      resourceDocumentRoutes,
      drugLookupRoutes,
      // Named handlers of the teams-and-doctors families
      teamRoutes,
      // Named handlers of the service-catalogue families
      serviceCatalogueRoutes,
      drugImportRoutes,
      // Named handlers of the health-record-rules and integration families
      ehrRuleRoutes,
      // Named handlers of the resident-side families
      familyMemberRoutes,
      transferRoutes,
      msgTempLookupRoutes,
      checkinGroupRoutes,
      inpatientLinkRoutes,
      // anchor resident-rest routes
      habitsInfoRoutes,
      // anchor jobs routes
      asyntaskRoutes,
      // anchor followup-reports routes
      followupReportRoutes,
      followupDeletedRoutes,
      // anchor maternal routes
      archivesOtherRoutes,
      // anchor maternal-forms routes
      withMaternalSaveSteps(formPathRoutes(MATERNAL_FORM_PATHS)),
      maternalCareRoutes,
      // anchor child routes
      withChildSaveSteps(formPathRoutes(CHILD_FORM_PATHS)),
      childHealthRoutes,
      // anchor task-centre routes
      taskCentreRoutes,
      // anchor contracts routes
      userContractRoutes,
      signContractRoutes,
      performContractRoutes,
      agreementPdfRoutes,
      // anchor push routes
      pushRoutes,
      // anchor printing routes
      printingRoutes,
      // 统计报表
      statisticsRoutes,
      // anchor quality routes
      qualityRoutes,
      // anchor education routes
      userPromotionRoutes,
      // push of the other sources, archive review
      pushSourceRoutes,
      archiveReviewRoutes,
      // anchor measurements routes
      userMeasureProjectRoutes,
      userMeasureRoutes,
      userApplyPhysicalRoutes,
      // 打印模板, getPrintFile and 报表文件
      reportRoutes,
      printFileRoutes,
      // 消息: the detail pages' message panel and message tasks
      messageRoutes,
      // 质量管理's topic editor (decision 0042)
      qualityTopicRoutes,
      // (keep last) a benchmark's reference routes
      ...(options.extraApiRoutes ?? []),
    ])
      await api.register(routes(deps));
  });

  await registerWebApp(app, deps.config.webRoot);
  return app;
}

const API_PREFIXES = ['/blade-', '/api/'];

/** Serves the built web app; any unknown GET outside the API answers index.html (client routing). */
async function registerWebApp(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const hasWeb = !!webRoot && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    // Hashed assets cached a year as immutable, index.html revalidated on every load (issue 17).
    await app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: false,
      index: false,
      serveDotFiles: false,
      cacheControl: false,
      setHeaders: webCacheHeaders(webRoot!),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (hasWeb && request.method === 'GET' && !isApi && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send(fail(404, `接口不存在：${request.method} ${request.url.split('?')[0]}`));
  });
}
