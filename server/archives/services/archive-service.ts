import { formatDate, fromClock } from '../../../src/engine';
import type { AppDeps } from '../../app-deps';
import { type AccessClaims, listTeams, splitIds, findTenant, findUserById } from '../../auth/index';
import { newId } from '../../db/ids';
import { NotFound, Refusal } from '../../domain/errors';
import { addSensitiveReads } from '../repositories/archive-audit';
import {
  ARCHIVE_ACTIVE,
  ARCHIVE_CANCELLED,
  findArchive,
  findArchiveByIdCard,
  findArchives,
  insertArchives,
  nextArchivesNo,
  updateArchive,
  updateArchives,
  type ArchivePatch,
  type ArchiveRow,
  type ArchiveShownRow,
} from '../repositories/archives';
import { checkCancelForm, CANCEL_MESSAGES, type CancelBody } from './archive-cancel';
import { ARCHIVE_MESSAGES, checkArchiveBody, withStoredIdentity, type ArchiveBody } from './archive-input';
import type { ArchivePermission } from './archive-permissions';
import { presentArchive } from './archive-view';
import type { ArchiveView } from '../../../src/shared/contract/archives';
import { changedFields, recordArchiveChanges, requiredVersion, staleArchive } from './archive-versions';

/** Spec 001 §5 "no data". */
export const NO_DATA = '数据不存在!';

export const todayOf = (deps: AppDeps) => formatDate(fromClock(new Date(deps.now())));

/**
 * Archives as the caller may see them: masked unless the role holds the sensitive-view permission,
 * in which case every unmasked value shown is written to sensitive_read_audit (one statement).
 */
export async function presentArchives(
  deps: AppDeps,
  auth: AccessClaims,
  granted: Set<ArchivePermission>,
  rows: ArchiveShownRow[],
  route: string,
): Promise<ArchiveView[]> {
  const unmasked = granted.has('sensitive');
  const today = todayOf(deps);
  const time = new Date(deps.now());
  const presented = rows.map((row) => presentArchive(row, today, unmasked));
  await addSensitiveReads(
    deps.db,
    presented.flatMap(({ wire, shown }) =>
      shown.map((field) => ({
        tenantId: auth.tenant_id,
        userId: auth.user_id,
        userName: auth.real_name,
        archiveId: wire.id,
        field,
        route,
        time,
      })),
    ),
  );
  return presented.map((p) => p.wire);
}

async function assignment(deps: AppDeps, auth: AccessClaims, body: ArchiveBody, current?: ArchiveRow) {
  const doctorId = body.mainDoctorId?.trim() || current?.main_doctor_id || auth.user_id;
  const doctor = await findUserById(deps.db, auth.tenant_id, doctorId);
  if (!doctor) throw new Refusal(ARCHIVE_MESSAGES.doctor);
  const teamId = body.teamId?.trim() ?? current?.team_id ?? splitIds(doctor.team_id)[0] ?? '';
  let teamName = '';
  if (teamId) {
    const [team] = await listTeams(deps.db, auth.tenant_id, [teamId]);
    if (!team) throw new Refusal(ARCHIVE_MESSAGES.team);
    teamName = team.name;
  }
  return { main_doctor_id: doctor.id, doctor_name: doctor.real_name, team_id: teamId, team_name: teamName };
}

/** The optional text fields of the body, only those sent (an update leaves the others alone). */
function optionalFields(body: ArchiveBody) {
  const pick = (value: string | undefined) => (value === undefined ? undefined : value.trim());
  const fields = {
    contact_name: pick(body.contactName),
    contact_rela_code: pick(body.contactRelaCode),
    compate_address: pick(body.compateAddress),
    compate_address_number: pick(body.compateAddressNumber),
    home_address: pick(body.homeAddress),
    home_address_number: pick(body.homeAddressNumber),
    region_code: pick(body.regionCode),
    region_address: pick(body.regionAddress),
    family_id: pick(body.familyId),
    emp_id: pick(body.empId),
    insurance_code: pick(body.insuranceCode),
    card_no: pick(body.cardNo),
    avatar: pick(body.avatar),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<Record<keyof typeof fields, string>>;
}

/** userarchives/create-update-archives: creates (no id) or updates (id and the rowVersion read: 428 without, 409 when stale). */
export async function saveArchive(deps: AppDeps, auth: AccessClaims, sent: ArchiveBody): Promise<ArchiveRow> {
  const now = new Date(deps.now());
  const current = sent.id ? await findArchive(deps.db, auth.tenant_id, sent.id) : undefined;
  if (sent.id && !current) throw new NotFound(NO_DATA);
  // An update without the version it read would overwrite whatever is there: refused before anything else.
  const rowVersion = current ? requiredVersion(sent.rowVersion) : 0; // a create has none to check
  const body = current ? withStoredIdentity(sent, current) : sent;
  const checked = await checkArchiveBody({ db: deps.db, tenantId: auth.tenant_id, now, dictionaries: deps.caches }, body);
  const sameCard = await findArchiveByIdCard(deps.db, auth.tenant_id, checked.idCard);
  const base = {
    person_name: checked.personName,
    id_card: checked.idCard,
    card_type: checked.cardType,
    sex: checked.sex,
    birthday: checked.birthday,
    phone: checked.phone,
    contact_phone: checked.contactPhone,
    ...(checked.crowdLabels !== undefined && { crowd_labels: checked.crowdLabels }),
    ...optionalFields(body),
    update_user: auth.user_id,
    update_time: now,
  };
  if (current) {
    if (current.archives_status === ARCHIVE_CANCELLED) throw new Refusal(ARCHIVE_MESSAGES.cancelled);
    if (sameCard && sameCard.id !== current.id) throw new Refusal(ARCHIVE_MESSAGES.duplicate);
    if (rowVersion !== current.row_version) throw await staleArchive(deps.db, current);
    const patch = { ...base, ...(await assignment(deps, auth, body, current)) };
    // The version is checked again by the update itself: a change made since the read above loses nothing.
    const updated = await updateArchive(deps.db, auth.tenant_id, current.id, rowVersion, patch);
    if (!updated) {
      const latest = await findArchive(deps.db, auth.tenant_id, current.id);
      if (!latest) throw new NotFound(NO_DATA);
      throw await staleArchive(deps.db, latest);
    }
    await recordArchiveChanges(
      deps.db,
      auth,
      [{ archiveId: updated.id, action: 'update', rowVersion: updated.row_version, changes: changedFields(current, patch) }],
      now,
    );
    return updated;
  }
  if (sameCard) throw new Refusal(ARCHIVE_MESSAGES.duplicate);
  const tenant = await findTenant(deps.db, auth.tenant_id);
  const who = await assignment(deps, auth, body);
  const id = newId(now.getTime());
  // Two creates at once may pick the same number: the unique index refuses the second, which retries.
  for (let attempt = 0; ; attempt++) {
    const archivesNo = await nextArchivesNo(deps.db, auth.tenant_id, tenant?.region_code ?? '');
    try {
      await insertArchives(deps.db, [
        { id, tenant_id: auth.tenant_id, archives_no: archivesNo, ...base, ...who, create_user: auth.user_id, create_time: now },
      ]);
      break;
    } catch (error) {
      const duplicateCard = await findArchiveByIdCard(deps.db, auth.tenant_id, checked.idCard);
      if (duplicateCard) throw new Refusal(ARCHIVE_MESSAGES.duplicate);
      if (attempt >= 3) throw error;
    }
  }
  const created = (await findArchive(deps.db, auth.tenant_id, id))!;
  await recordArchiveChanges(
    deps.db,
    auth,
    [{ archiveId: id, action: 'create', rowVersion: created.row_version, changes: changedFields(undefined, created) }],
    now,
  );
  return created;
}

/** Every id must name an archive of the caller's tenant, else nothing happens and the answer is 数据不存在!. */
async function archivesOrNotFound(deps: AppDeps, auth: AccessClaims, ids: string[]): Promise<ArchiveRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new Refusal('参数[ids]不能为空');
  const rows = await findArchives(deps.db, auth.tenant_id, unique);
  if (rows.length !== unique.length) throw new NotFound(NO_DATA);
  return rows;
}

/** userarchives/cancel and cancel-archives: spec 001 §5's cancel dialog rules, then status 2. */
export async function cancelArchives(deps: AppDeps, auth: AccessClaims, ids: string[], body: CancelBody): Promise<string[]> {
  // The dialog's own form (its reasons: the dictionary, else codemaps/archive.json) with the server's clock.
  const form = await checkCancelForm({ db: deps.db, tenantId: auth.tenant_id, now: new Date(deps.now()), dictionaries: deps.caches }, body);
  // The prefilled user and institution must be real: a user of this tenant, and this tenant.
  const user = await findUserById(deps.db, auth.tenant_id, form.offUser);
  if (!user) throw new Refusal(CANCEL_MESSAGES.user);
  const tenant = form.offTenant === auth.tenant_id ? await findTenant(deps.db, auth.tenant_id) : undefined;
  if (!tenant) throw new Refusal(CANCEL_MESSAGES.tenant);
  const rows = await archivesOrNotFound(deps, auth, ids);
  if (rows.some((r) => r.archives_status === ARCHIVE_CANCELLED)) throw new Refusal(CANCEL_MESSAGES.alreadyCancelled);
  return changeStatus(deps, auth, rows, 'cancel', {
    archives_status: ARCHIVE_CANCELLED,
    off_type: form.offType,
    off_reason: form.offReason,
    dead_flag: form.deadFlag,
    dead_date: form.deadDate,
    dead_reason: form.deadReason,
    off_date: form.offDate,
    off_user: user.id,
    off_user_name: user.real_name,
    off_tenant: tenant.tenant_id,
    off_tenant_name: tenant.tenant_name,
    logout_type: form.logoutType,
    update_user: auth.user_id,
    update_time: new Date(deps.now()),
  });
}

/** userarchives/restore and restore-archives: back to active, the cancel data cleared. */
export async function restoreArchives(deps: AppDeps, auth: AccessClaims, ids: string[]): Promise<string[]> {
  const rows = await archivesOrNotFound(deps, auth, ids);
  if (rows.some((r) => r.archives_status !== ARCHIVE_CANCELLED)) throw new Refusal(CANCEL_MESSAGES.notCancelled);
  return changeStatus(deps, auth, rows, 'restore', {
    archives_status: ARCHIVE_ACTIVE,
    off_type: null,
    off_reason: null,
    dead_flag: null,
    dead_date: null,
    dead_reason: null,
    off_date: null,
    off_user: null,
    off_user_name: null,
    off_tenant: null,
    off_tenant_name: null,
    logout_type: null,
    update_user: auth.user_id,
    update_time: new Date(deps.now()),
  });
}

/** Cancel or restore: one update for all the archives, then one history row each (its fields before → after). */
async function changeStatus(
  deps: AppDeps,
  auth: AccessClaims,
  rows: ArchiveRow[],
  action: 'cancel' | 'restore',
  patch: ArchivePatch,
): Promise<string[]> {
  const changed = await updateArchives(
    deps.db,
    auth.tenant_id,
    rows.map((r) => r.id),
    patch,
  );
  const done = new Set(changed);
  const entries = rows
    .filter((r) => done.has(r.id))
    .map((r) => ({ archiveId: r.id, action, rowVersion: r.row_version + 1, changes: changedFields(r, patch) }));
  await recordArchiveChanges(deps.db, auth, entries, new Date(patch.update_time as Date));
  return changed;
}
