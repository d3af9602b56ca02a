// A family's members (spec 001 §7 userfamilyarchivesdts; issue 31). Adding a member and removing one
// change the member's archive too (user_archive.family_id, through archives' own update: version
// and history), which the generic submit and remove do not — so these calls are named handlers,
// while the checks of a member row (the dialog's rules, references, uniqueness, versions) are the
// generic module's, run over the member block below.
import type { ResourceBlock } from '../../../src/shared/resource/resource-block';
import type { AppDeps } from '../../app-deps';
import { archivesOf, assignArchives } from '../../archives/index';
import type { AccessClaims } from '../../auth/index';
import { NotFound, Refusal } from '../../domain/errors';
import { actorOf } from '../../forms/index';
import { resourceView, submitResource, type ResourceView } from '../../resource-documents/index';
import { findFamily, listMembers, membersByIds, membershipOf, removeMembers, type MemberRow } from '../repositories/family-members';

/** 家庭关系 (dictionary family_relation, the codes of GB/T 4761 家庭关系代码 by their groups), as schemas/familymember.json offers them. */
export const FAMILY_RELATIONS: Readonly<Record<string, string>> = {
  '02': '户主',
  '10': '配偶',
  '20': '子',
  '30': '女',
  '40': '孙子、孙女或外孙子、外孙女',
  '50': '父母',
  '60': '祖父母或外祖父母',
  '70': '兄、弟、姐、妹',
  '80': '其他亲属',
  '99': '非亲属',
};
export const HOUSEHOLDER = '02';

/** The member rows as a resource (iph_user_family_archives_dts, migration 040): what submitResource checks. */
export const MEMBER_BLOCK: ResourceBlock = {
  path: '/blade-iph-business/userfamilyarchivesdts',
  table: 'iph_user_family_archives_dts',
  label: '家庭成员',
  columns: {
    familyId: {
      column: 'family_id',
      type: 'id',
      label: '家庭',
      required: true,
      filter: true,
      ref: { table: 'iph_user_family_archives', message: '家庭档案不存在' },
    },
    archId: {
      column: 'arch_id',
      type: 'id',
      label: '成员档案',
      required: true,
      filter: true,
      ref: { table: 'user_archive', message: '成员档案不存在' },
    },
    relation: { column: 'relation', type: 'text', label: '与户主关系', required: true, maxLength: 2, filter: true },
    remark: { column: 'remark', type: 'text', label: '备注', maxLength: 500 },
  },
  order: [{ prop: 'familyId' }],
  unique: [{ props: ['archId'], message: '该居民已是一个家庭的成员，请先从原家庭移除' }],
  form: 'familymember',
  access: {
    read: { permission: 'publichealthwork' },
    submit: { permission: 'familyarchives_edit' },
    remove: { permission: 'familyarchives_edit' },
  },
};

export const MEMBER_MESSAGES = {
  notFound: '家庭成员不存在',
  fixed: '成员档案和所属家庭不可修改，请移除后重新添加',
  badRelation: '与户主关系不在字典 family_relation 中',
  twice: (familyNo: string) => `该居民已是家庭 ${familyNo} 的成员，请先从原家庭移除`,
} as const;

export interface MemberView extends ResourceView {
  personName: string;
  archivesNo: string;
  sex: string;
  relationName: string;
}

export function memberView(row: MemberRow): MemberView {
  return {
    ...resourceView(MEMBER_BLOCK, row as unknown as Parameters<typeof resourceView>[1]),
    personName: row.person_name ?? '',
    archivesNo: row.archives_no ?? '',
    sex: row.sex ?? '',
    relationName: FAMILY_RELATIONS[row.relation] ?? row.relation,
  };
}

const ctxOf = (deps: AppDeps, tenantId: string) => ({ db: deps.db, tenantId, now: new Date(deps.now()), dictionaries: deps.caches });

export async function memberPage(
  deps: AppDeps,
  tenantId: string,
  filter: { familyId?: string; archId?: string; relation?: string },
  current: number,
  size: number,
) {
  const { rows, total } = await listMembers(deps.db, tenantId, filter, current, size);
  return { records: rows.map(memberView), total, current, size };
}

export async function memberDetail(deps: AppDeps, tenantId: string, id: string): Promise<MemberView> {
  const [row] = await membersByIds(deps.db, tenantId, [id]);
  if (!row) throw new NotFound(MEMBER_MESSAGES.notFound);
  const [archive] = await archivesOf(deps.db, tenantId, [row.arch_id]);
  return memberView({ ...row, person_name: archive?.person_name ?? '', archives_no: archive?.archives_no ?? '', sex: archive?.sex ?? '' });
}

export interface MemberBody {
  id?: string;
  rowVersion?: number;
  familyId?: string | null;
  archId?: string | null;
  relation?: string | null;
  remark?: string | null;
}

/**
 * Adds a member (its archive joins the family: family_id set) or changes a member's relation or
 * remark (over the version read). A resident is in one live family at most; the family and the
 * archive must be the caller's tenant's.
 */
export async function saveMember(deps: AppDeps, auth: AccessClaims, body: MemberBody): Promise<{ view: MemberView; created: boolean }> {
  const tenantId = auth.tenant_id;
  if (body.relation && !FAMILY_RELATIONS[body.relation]) throw new Refusal(MEMBER_MESSAGES.badRelation);
  if (body.id !== undefined) {
    const [current] = await membersByIds(deps.db, tenantId, [body.id]);
    if (!current) throw new NotFound(MEMBER_MESSAGES.notFound);
    const moved = (sent: string | null | undefined, stored: string) => sent !== undefined && sent !== stored;
    if (moved(body.familyId, current.family_id) || moved(body.archId, current.arch_id)) throw new Refusal(MEMBER_MESSAGES.fixed);
  } else if (body.archId) {
    const taken = await membershipOf(deps.db, tenantId, body.archId);
    if (taken) throw new Refusal(MEMBER_MESSAGES.twice((await findFamily(deps.db, tenantId, { id: taken.family_id }))?.family_no ?? ''));
  }
  const { view, created } = await submitResource(ctxOf(deps, tenantId), MEMBER_BLOCK, { ...body }, actorOf(auth));
  if (created) await assignArchives(deps.db, auth, [String(view.archId)], { family_id: String(view.familyId) }, new Date(deps.now()));
  return { view: await memberDetail(deps, tenantId, view.id), created };
}

/** Removes the tenant's members among `ids` (404 when none is the caller's); their archives leave the family. */
export async function removeFamilyMembers(deps: AppDeps, auth: AccessClaims, ids: string[]): Promise<number> {
  const now = new Date(deps.now());
  const removed = await removeMembers(deps.db, auth.tenant_id, ids, auth.user_id, now);
  if (removed.length === 0) throw new NotFound(MEMBER_MESSAGES.notFound);
  await leaveFamilies(
    deps,
    auth,
    removed.map((r) => r.arch_id),
    now,
  );
  return removed.length;
}

/** Clears the family of these archives (whose membership rows are gone). */
async function leaveFamilies(deps: AppDeps, auth: AccessClaims, archIds: string[], now: Date): Promise<void> {
  if (archIds.length) await assignArchives(deps.db, auth, archIds, { family_id: '' }, now);
}

/**
 * Takes these archives out of their families (a transfer confirmed with removeFamilyDts=1): their
 * membership rows are removed and family_id cleared. Archives in no family are left as they are.
 */
export async function takeOutOfFamilies(deps: AppDeps, auth: AccessClaims, archIds: string[]): Promise<void> {
  const memberships = (await Promise.all(archIds.map((a) => membershipOf(deps.db, auth.tenant_id, a)))).filter((m) => m !== undefined);
  if (memberships.length === 0) return;
  const now = new Date(deps.now());
  const removed = await removeMembers(
    deps.db,
    auth.tenant_id,
    memberships.map((m) => m.id),
    auth.user_id,
    now,
  );
  await leaveFamilies(
    deps,
    auth,
    removed.map((r) => r.arch_id),
    now,
  );
}

export interface ArchiveFamilyView {
  family: { id: string; familyNo: string; address: string; remark: string; householderArchId: string; householderName: string } | null;
  members: { id: string; archId: string; personName: string; archivesNo: string; sex: string; relation: string; relationName: string }[];
}

/**
 * userinfomain/family-archives?archId= (spec 001 §7; the archive detail's 家庭 button / family
 * spectrum): the family the archive belongs to (as a member, or as householder) with its householder
 * and every member and their relation; `family: null` when none. Another tenant's archive is 404.
 */
export async function familyOfArchive(deps: AppDeps, tenantId: string, archId: string): Promise<ArchiveFamilyView> {
  const [archive] = await archivesOf(deps.db, tenantId, [archId]);
  if (!archive) throw new NotFound('档案不存在');
  const membership = await membershipOf(deps.db, tenantId, archId);
  const family = membership
    ? await findFamily(deps.db, tenantId, { id: membership.family_id })
    : await findFamily(deps.db, tenantId, { householder: archId });
  if (!family) return { family: null, members: [] };
  const { rows } = await listMembers(deps.db, tenantId, { familyId: family.id }, 1, 200);
  const [householder] = await archivesOf(deps.db, tenantId, [family.householder_arch_id]);
  const members = rows.map((r) => ({
    id: r.id,
    archId: r.arch_id,
    personName: r.person_name ?? '',
    archivesNo: r.archives_no ?? '',
    sex: r.sex ?? '',
    relation: r.relation,
    relationName: FAMILY_RELATIONS[r.relation] ?? r.relation,
  }));
  // The householder heads the list, a member row or not.
  if (householder && !members.some((m) => m.archId === householder.id))
    members.unshift({
      id: '',
      archId: householder.id,
      personName: householder.person_name,
      archivesNo: householder.archives_no,
      sex: householder.sex,
      relation: HOUSEHOLDER,
      relationName: FAMILY_RELATIONS[HOUSEHOLDER]!,
    });
  return {
    family: {
      id: family.id,
      familyNo: family.family_no,
      address: family.address,
      remark: family.remark,
      householderArchId: family.householder_arch_id,
      householderName: householder?.person_name ?? '',
    },
    members,
  };
}
