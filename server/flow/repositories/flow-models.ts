import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, FlowDeploymentTable, FlowModelTable } from '../../db/schema';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

// BPMN models and their deployments (blade-flow model/… and manager/…), per tenant.

export type FlowModel = Selectable<FlowModelTable>;
export type FlowDeployment = Selectable<FlowDeploymentTable>;

export interface Paging {
  current: number;
  size: number;
}

const offset = (paging: Paging) => (paging.current - 1) * paging.size;

export async function listModels(
  db: Kysely<Database>,
  tenantId: string,
  paging: Paging,
  name?: string,
): Promise<{ rows: FlowModel[]; total: number }> {
  let query = db.selectFrom('flow_model').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  if (name) query = query.where((eb) => eb.or([eb('name', 'like', `%${name}%`), eb('model_key', 'like', `%${name}%`)]));
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('update_time', 'desc').orderBy('id', 'desc').limit(paging.size).offset(offset(paging)).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findModel(db: Kysely<Database>, tenantId: string, id: string): Promise<FlowModel | undefined> {
  return db
    .selectFrom('flow_model')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function insertModel(db: Kysely<Database>, row: Insertable<FlowModelTable>): Promise<void> {
  await db.insertInto('flow_model').values(row).execute();
}

/** Soft-deletes the models; answers the ids it removed (kysely-pglite reports no counts: RETURNING). */
export async function removeModels(db: Kysely<Database>, tenantId: string, ids: string[], time: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await softDeleteFrom(db, 'flow_model', tenantId, { update_time: time }).where('id', 'in', ids).returning('id').execute();
  return rows.map((r) => r.id);
}

/** The next version number of a process key in this tenant (deleted deployments keep theirs). */
export async function nextDeploymentVersion(db: Kysely<Database>, tenantId: string, processKey: string): Promise<number> {
  const row = await db
    .selectFrom('flow_deployment')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('tenant_id', '=', tenantId)
    .where('process_key', '=', processKey)
    .executeTakeFirst();
  return Number(row?.v ?? 0) + 1;
}

export async function insertDeployment(db: Kysely<Database>, row: Insertable<FlowDeploymentTable>): Promise<void> {
  await db.insertInto('flow_deployment').values(row).execute();
}

export interface DeploymentFilter {
  category?: string;
  /** Only active definitions, the latest version of each key (work/start-list). */
  startable?: boolean;
}

export async function listDeployments(
  db: Kysely<Database>,
  tenantId: string,
  paging: Paging,
  filter: DeploymentFilter,
): Promise<{ rows: FlowDeployment[]; total: number }> {
  let query = db.selectFrom('flow_deployment as d').where('d.tenant_id', '=', tenantId).where('d.is_deleted', '=', 0);
  if (filter.category) query = query.where('d.category', '=', filter.category);
  if (filter.startable) {
    query = query.where('d.state', '=', 'active').where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('flow_deployment as newer')
            .select(sql`1`.as('one'))
            .whereRef('newer.tenant_id', '=', 'd.tenant_id')
            .whereRef('newer.process_key', '=', 'd.process_key')
            .whereRef('newer.version', '>', 'd.version')
            .where('newer.is_deleted', '=', 0)
            .where('newer.state', '=', 'active'),
        ),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    query.selectAll('d').orderBy('d.deploy_time', 'desc').orderBy('d.id', 'desc').limit(paging.size).offset(offset(paging)).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findDeploymentByDefinition(
  db: Kysely<Database>,
  tenantId: string,
  processDefinitionId: string,
): Promise<FlowDeployment | undefined> {
  return db
    .selectFrom('flow_deployment')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('process_definition_id', '=', processDefinitionId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** The latest active deployment of a process key (a leave started without naming its definition). */
export function findLatestActiveDeployment(
  db: Kysely<Database>,
  tenantId: string,
  processKey: string,
): Promise<FlowDeployment | undefined> {
  return db
    .selectFrom('flow_deployment')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('process_key', '=', processKey)
    .where('state', '=', 'active')
    .where('is_deleted', '=', 0)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function setDeploymentState(
  db: Kysely<Database>,
  tenantId: string,
  processDefinitionId: string,
  state: 'active' | 'suspended',
): Promise<boolean> {
  const rows = await db
    .updateTable('flow_deployment')
    .set({ state })
    .where('tenant_id', '=', tenantId)
    .where('process_definition_id', '=', processDefinitionId)
    .where('is_deleted', '=', 0)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function removeDeployments(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await softDeleteFrom(db, 'flow_deployment', tenantId).where('id', 'in', ids).returning('id').execute();
  return rows.map((r) => r.id);
}
