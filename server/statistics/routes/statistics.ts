// 统计报表 (/statisticalreport/; issue 34 "Statistics", decision 0035): 工作量统计 and 重点人群健康管理,
// each as numbers and as an Excel file. Each call checks the caller's tenant and menu (统计报表) or
// button (导出Excel); whose residents the numbers cover is the task centre's archiveScopeOf (a doctor
// their own, a team leader the team's, disease control and administrators the institution's).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { XLSX_TYPE } from '../../reports/index';
import { statisticsAnswers as answers, StatisticsQuery, WorkloadQuery } from '../../../src/shared/contract/statistics';
import { keyPopulationReport, keyPopulationWorkbook, workloadReport, workloadWorkbook } from '../services/statistics';

const S = '/blade-iph-business/statisticalreport';
const VIEW = { permission: 'statisticalreport' } as const;
const EXPORT = { permission: 'statisticalreport_export' } as const;

const sendFile = (reply: FastifyReply, file: { name: string; content: Buffer }) =>
  reply
    .type(XLSX_TYPE)
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .send(file.content);

export const statisticsRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // 工作量统计: archives created, follow-ups, exams and other records per doctor, team or month, by form.
    app.get(
      `${S}/workload-statistics`,
      { config: { access: VIEW }, schema: { querystring: WorkloadQuery, response: { 200: answers.workload } } },
      async (request) => ok(await workloadReport(deps, request.auth, request.query)),
    );

    app.get(
      `${S}/workload-statistics/export`,
      { config: { access: EXPORT }, schema: { querystring: WorkloadQuery, response: { 200: answers.file } } },
      async (request, reply) => sendFile(reply, await workloadWorkbook(await workloadReport(deps, request.auth, request.query))),
    );

    // 重点人群健康管理: managed residents, 规范管理率, 血压 / 血糖控制率 per key population.
    app.get(
      `${S}/key-population-health-manage`,
      { config: { access: VIEW }, schema: { querystring: StatisticsQuery, response: { 200: answers.keyPopulation } } },
      async (request) => ok(await keyPopulationReport(deps, request.auth, request.query)),
    );

    app.get(
      `${S}/key-population-health-manage/export`,
      { config: { access: EXPORT }, schema: { querystring: StatisticsQuery, response: { 200: answers.file } } },
      async (request, reply) => sendFile(reply, await keyPopulationWorkbook(await keyPopulationReport(deps, request.auth, request.query))),
    );
  };
