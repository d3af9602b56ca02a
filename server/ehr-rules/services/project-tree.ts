// ehrproject/tree and ehrproject/lazy-list (spec 002 §7, spec 001 §7 the measurement entry's project
// tree): the tenant's measurement / lab / exam projects as BladeX tree nodes. The CRUD part is the
// resource document's (schemas/crud/ehrproject.crud.json).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { Forbidden } from '../../domain/errors';
import { liveProjects, projectLevel, type EhrProjectRow } from '../repositories/ehr-projects';

/** A BladeX tree node (title/key/value as its tree components read them) with the project's own fields. */
export interface ProjectNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  projType: number;
  projCode: string;
  sort: number;
  children: ProjectNode[];
}

/** BladeX's root: a node without a parent answers parentId '0'. */
export const ROOT = '0';

function node(r: EhrProjectRow, parentId: string, hasChildren: boolean): ProjectNode {
  return {
    id: r.id,
    parentId,
    title: r.proj_name,
    key: r.id,
    value: r.id,
    hasChildren,
    projType: Number(r.proj_type),
    projCode: r.proj_code,
    sort: Number(r.sort),
    children: [],
  };
}

/**
 * The whole tree of the caller's tenant, of one type when given. `tenantId` (the spec's parameter)
 * may only name the caller's own tenant. A node whose parent is gone or of another type stands at
 * the root, so no live project is unreachable.
 */
export async function projectTree(
  db: Kysely<Database>,
  callerTenant: string,
  tenantId: string | undefined,
  projType: number | undefined,
): Promise<ProjectNode[]> {
  if (tenantId !== undefined && tenantId !== '' && tenantId !== callerTenant) throw new Forbidden('只能查看本机构的项目');
  const rows = await liveProjects(db, callerTenant, projType);
  const ids = new Set(rows.map((r) => r.id));
  const nodes = new Map(rows.map((r) => [r.id, node(r, r.parent_id && ids.has(r.parent_id) ? r.parent_id : ROOT, false)]));
  const roots: ProjectNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === ROOT ? undefined : nodes.get(n.parentId);
    if (parent) {
      parent.children.push(n);
      parent.hasChildren = true;
    } else roots.push(n);
  }
  return roots;
}

/** One level: the children of `parentId` ('0' or none: the roots), each saying whether it has children; `children` stays empty. */
export async function projectLazyList(db: Kysely<Database>, tenantId: string, parentId: string | undefined): Promise<ProjectNode[]> {
  const parent = parentId === undefined || parentId === '' || parentId === ROOT ? null : parentId;
  const rows = await projectLevel(db, tenantId, parent);
  return rows.map((r) => node(r, parent ?? ROOT, Boolean(r.has_children)));
}
