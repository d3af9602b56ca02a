import multipart, { type MultipartFile } from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { badRequest, ok } from '../../http/envelope';
import { fieldOf } from '../../http/request-values';
import { ADMINISTRATORS, SIGNED_IN } from '../../http/route-access';
import { deleteProcessInstance, followPage, historyFlow } from '../services/follow-service';
import { changeState, deleteDeployments, deploy, deployModel, deploymentPage, modelPage, removeModelsOf } from '../services/model-service';
import { flowAnswers as answers } from '../../../src/shared/contract/flow';
import { flowPaging, optionalText, pageFrom, pagingOf } from './flow-paging';

/** A BPMN file may be this large (the leave model is 1 KB; a big real one is tens of KB). */
const MAX_BPMN_BYTES = 1024 * 1024;
const BPMN_NAME = /\.bpmn(20\.xml)?$|\.xml$/i;

const modelList = { querystring: Type.Object({ ...flowPaging, name: optionalText(100) }) };
const idsParam = { querystring: Type.Object({ ids: optionalText(4000) }) };
const deployParams = {
  querystring: Type.Object({ modelId: optionalText(40), category: optionalText(100), tenantIds: optionalText(4000) }),
};
const managerList = { querystring: Type.Object({ ...flowPaging, category: optionalText(100) }) };
const stateParams = { querystring: Type.Object({ state: optionalText(20), processId: optionalText(300) }) };
const deploymentIdsParam = { querystring: Type.Object({ deploymentIds: optionalText(4000) }) };
const followList = {
  querystring: Type.Object({ ...flowPaging, processDefinitionKey: optionalText(100), processInstanceId: optionalText(40) }),
};
const deleteInstanceParams = { querystring: Type.Object({ processInstanceId: optionalText(40), deleteReason: optionalText(500) }) };
const historyParams = { querystring: Type.Object({ processInstanceId: Type.String({ minLength: 1, maxLength: 40 }) }) };

/** A parameter BladeX's screens send in the query or, for some calls, a form or JSON body. */
const either = (request: FastifyRequest, query: string | undefined, name: string): string => {
  const value = query ?? fieldOf(request.body, name);
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
};

interface Upload {
  category: string;
  tenantIds: string;
  files: { name: string; xml: string }[];
}

/** Reads deploy-upload's multipart form: category, tenantIds and one or more BPMN files. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('请以multipart/form-data上传流程文件');
  const upload: Upload = { category: '', tenantIds: '', files: [] };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      const content = await file.toBuffer().catch(() => {
        throw badRequest('流程文件过大');
      });
      if (file.file.truncated) throw badRequest('流程文件过大');
      if (!BPMN_NAME.test(file.filename)) throw badRequest('只能上传bpmn或bpmn20.xml格式的流程文件');
      upload.files.push({ name: file.filename.slice(0, 200), xml: content.toString('utf8') });
    } else if (part.fieldname === 'category' || part.fieldname === 'tenantIds') {
      upload[part.fieldname] = String(part.value ?? '').trim();
    }
  }
  if (upload.files.length === 0) throw badRequest('请选择要部署的流程文件');
  return upload;
}

/**
 * blade-flow models, deployments and process following (spec 002 §7 Workflow): administrators'
 * screens. The engine (bpmn-engine) is behind services/flow; nothing here knows it.
 */
export const flowRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const now = () => new Date(deps.now());
    await app.register(multipart, { limits: { fileSize: MAX_BPMN_BYTES, files: 10, fields: 10 } });

    app.get(
      '/blade-flow/model/list',
      { config: { access: ADMINISTRATORS }, schema: { ...modelList, response: { 200: answers.modelPage } } },
      async (request) => {
        return ok(pageFrom(await modelPage(deps.db, request.auth, pagingOf(request.query), request.query.name?.trim()), request.query));
      },
    );

    app.post(
      '/blade-flow/model/remove',
      { config: { access: ADMINISTRATORS }, schema: { ...idsParam, response: { 200: answers.done } } },
      async (request) => {
        await removeModelsOf(deps.db, request.auth, either(request, request.query.ids, 'ids'), now());
        return ok(true, '删除成功');
      },
    );

    app.post(
      '/blade-flow/model/deploy',
      { config: { access: ADMINISTRATORS }, schema: { ...deployParams, response: { 200: answers.process } } },
      async (request) => {
        const modelId = either(request, request.query.modelId, 'modelId');
        if (!modelId) throw badRequest('请选择要部署的模型');
        const input = {
          modelId,
          category: either(request, request.query.category, 'category'),
          tenantIds: either(request, request.query.tenantIds, 'tenantIds'),
        };
        return ok(await deployModel(deps.db, request.auth, input, now()), '部署成功');
      },
    );

    app.get(
      '/blade-flow/manager/list',
      { config: { access: ADMINISTRATORS }, schema: { ...managerList, response: { 200: answers.processPage } } },
      async (request) => {
        return ok(
          pageFrom(
            await deploymentPage(deps.db, request.auth, pagingOf(request.query), { category: request.query.category?.trim() }),
            request.query,
          ),
        );
      },
    );

    app.post(
      '/blade-flow/manager/change-state',
      { config: { access: ADMINISTRATORS }, schema: { ...stateParams, response: { 200: answers.done } } },
      async (request) => {
        const state = either(request, request.query.state, 'state');
        const processId = either(request, request.query.processId, 'processId');
        if (state !== 'active' && state !== 'suspend') throw badRequest('参数[state]取值不正确');
        if (!processId) throw badRequest('参数[processId]不能为空');
        return ok(true, await changeState(deps.db, request.auth, processId, state));
      },
    );

    app.post(
      '/blade-flow/manager/deploy-upload',
      { config: { access: ADMINISTRATORS }, schema: { response: { 200: answers.processes } } },
      async (request) => {
        const upload = await readUpload(request);
        const tenantIds = upload.tenantIds.split(',').filter((id) => id.trim());
        const deployed = [];
        for (const file of upload.files)
          deployed.push(
            await deploy(
              deps.db,
              request.auth,
              { xml: file.xml, resourceName: file.name, category: upload.category, tenantIds, modelId: null },
              now(),
            ),
          );
        return ok(deployed, '部署成功');
      },
    );

    app.post(
      '/blade-flow/manager/delete-deployment',
      { config: { access: ADMINISTRATORS }, schema: { ...deploymentIdsParam, response: { 200: answers.done } } },
      async (request) => {
        await deleteDeployments(deps.db, request.auth, either(request, request.query.deploymentIds, 'deploymentIds'), now());
        return ok(true, '删除成功');
      },
    );

    app.get(
      '/blade-flow/follow/list',
      { config: { access: ADMINISTRATORS }, schema: { ...followList, response: { 200: answers.instancePage } } },
      async (request) => {
        const { processDefinitionKey, processInstanceId } = request.query;
        return ok(
          pageFrom(
            await followPage(deps.db, request.auth, pagingOf(request.query), {
              processDefinitionKey: processDefinitionKey?.trim(),
              processInstanceId: processInstanceId?.trim(),
            }),
            request.query,
          ),
        );
      },
    );

    app.post(
      '/blade-flow/follow/delete-process-instance',
      { config: { access: ADMINISTRATORS }, schema: { ...deleteInstanceParams, response: { 200: answers.done } } },
      async (request) => {
        const processInstanceId = either(request, request.query.processInstanceId, 'processInstanceId');
        if (!processInstanceId) throw badRequest('参数[processInstanceId]不能为空');
        await deleteProcessInstance(
          deps.db,
          request.auth,
          processInstanceId,
          either(request, request.query.deleteReason, 'deleteReason'),
          now(),
        );
        return ok(true, '删除成功');
      },
    );

    // The detail screens of every process (the leave's too) show its steps: any signed-in user, checked by the service.
    app.get(
      '/blade-flow/process/history-flow-list',
      { config: { access: SIGNED_IN }, schema: { ...historyParams, response: { 200: answers.history } } },
      async (request) => {
        return ok(await historyFlow(deps.db, request.auth, request.query.processInstanceId.trim()));
      },
    );
  };
