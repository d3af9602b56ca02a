import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import { deleteInstancesOfDeployments } from '../repositories/flow-instances';
import {
  findModel,
  insertDeployment,
  listDeployments,
  listModels,
  nextDeploymentVersion,
  removeDeployments,
  removeModels,
  setDeploymentState,
  type FlowDeployment,
  type Paging,
} from '../repositories/flow-models';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { describeProcess } from './bpmn-runner';
import { nameOf } from './people';
import { modelView, processView } from './views';

// Models and deployments (blade-flow model/… and manager/…): an administrator's work, per tenant.

export interface DeployRequest {
  xml: string;
  resourceName: string;
  category: string;
  /** BladeX may name other tenants to deploy to; here only the caller's own tenant is reachable. */
  tenantIds: string[];
  modelId: string | null;
}

const ids = (text: string) =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);

export async function modelPage(db: Kysely<Database>, auth: AccessClaims, paging: Paging, name?: string) {
  const { rows, total } = await listModels(db, auth.tenant_id, paging, name);
  return { records: rows.map(modelView), total };
}

export async function removeModelsOf(db: Kysely<Database>, auth: AccessClaims, idText: string, time: Date): Promise<void> {
  const wanted = ids(idText);
  if (wanted.length === 0) throw new Refusal('请选择至少一条数据');
  const removed = await removeModels(db, auth.tenant_id, wanted, time);
  if (removed.length === 0) throw new NotFound('模型不存在');
}

function checkTenants(auth: AccessClaims, tenantIds: string[]): void {
  const others = tenantIds.filter((id) => id !== auth.tenant_id);
  if (others.length > 0) throw new Forbidden(`只能部署到本租户，不能部署到：${others.join(',')}`);
}

/** Deploys BPMN as the next version of its process key; answers the new definition. */
export async function deploy(db: Kysely<Database>, auth: AccessClaims, request: DeployRequest, time: Date) {
  checkTenants(auth, request.tenantIds);
  const process = await describeProcess(request.xml);
  const deployment = await inTransaction(db, async (trx) => {
    const version = await nextDeploymentVersion(trx, auth.tenant_id, process.key);
    const id = newId(time.getTime());
    const row: FlowDeployment = {
      id,
      tenant_id: auth.tenant_id,
      process_definition_id: `${process.key}:${version}:${id}`,
      model_id: request.modelId,
      process_key: process.key,
      name: process.name,
      category: request.category,
      version,
      resource_name: request.resourceName,
      xml: request.xml,
      state: 'active',
      deploy_user: nameOf(auth),
      deploy_time: time,
      is_deleted: 0,
    };
    await insertDeployment(trx, row);
    return row;
  });
  return processView(deployment);
}

export async function deployModel(
  db: Kysely<Database>,
  auth: AccessClaims,
  input: { modelId: string; category: string; tenantIds: string },
  time: Date,
) {
  const model = await findModel(db, auth.tenant_id, input.modelId);
  if (!model) throw new NotFound('模型不存在');
  return deploy(
    db,
    auth,
    {
      xml: model.xml,
      resourceName: `${model.model_key}.bpmn20.xml`,
      category: input.category || model.category,
      tenantIds: ids(input.tenantIds),
      modelId: model.id,
    },
    time,
  );
}

export async function deploymentPage(
  db: Kysely<Database>,
  auth: AccessClaims,
  paging: Paging,
  filter: { category?: string; startable?: boolean },
) {
  const { rows, total } = await listDeployments(db, auth.tenant_id, paging, filter);
  return { records: rows.map(processView), total };
}

/** Flowable's change-state: 'active' lets new processes start again, 'suspend' stops new ones. */
export async function changeState(
  db: Kysely<Database>,
  auth: AccessClaims,
  processId: string,
  state: 'active' | 'suspend',
): Promise<string> {
  const changed = await setDeploymentState(db, auth.tenant_id, processId, state === 'active' ? 'active' : 'suspended');
  if (!changed) throw new NotFound('流程不存在');
  return state === 'active' ? `激活ID为 [${processId}] 的流程成功` : `挂起ID为 [${processId}] 的流程成功`;
}

/** Removes deployments; their running processes end with them (Flowable's cascading delete). */
export async function deleteDeployments(db: Kysely<Database>, auth: AccessClaims, idText: string, time: Date): Promise<void> {
  const wanted = ids(idText);
  if (wanted.length === 0) throw new Refusal('请选择至少一条数据');
  await inTransaction(db, async (trx) => {
    const removed = await removeDeployments(trx, auth.tenant_id, wanted);
    if (removed.length === 0) throw new NotFound('流程部署不存在');
    await deleteInstancesOfDeployments(trx, auth.tenant_id, removed, '流程部署已删除', time);
  });
}
