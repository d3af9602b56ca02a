import { ageYears } from '../../../src/engine';
import { ARCHIVE_CANCELLED, type ArchiveShownRow } from '../repositories/archives';
import { maskSensitive, SENSITIVE_FIELDS, type SensitiveField } from '../../platform/services/masking';
import type { ArchiveView } from '../../../src/shared/contract/archives';

/** An archive as the wire carries it before masking (the contract's ArchiveView less `sensitiveMasked`). */
export type ArchiveWire = Omit<ArchiveView, 'sensitiveMasked'>;

export const ARCHIVE_STATUS_TEXT: Readonly<Record<string, string>> = { '1': '正常', '2': '已注销' };
const SEX_TEXT: Readonly<Record<string, string>> = { '1': '男', '2': '女', '0': '未知的性别', '9': '未说明的性别' };

/** Spec 001 §3: diabetes type from the crowd labels (3_1 → 1, 3_2 → 2). */
function diabetesType(labels: string[]): string {
  if (labels.includes('3_1')) return '1';
  if (labels.includes('3_2')) return '2';
  return '';
}

/** An archive row as the blade API answers it (spec 001 §3 names; ids are strings), unmasked. */
export function archiveToWire(row: ArchiveShownRow, today: string): ArchiveWire {
  const labels = row.crowd_labels ? row.crowd_labels.split(',').filter(Boolean) : [];
  const age = ageYears(row.birthday, today);
  return {
    id: row.id,
    archId: row.id,
    arch_id: row.id,
    archivesNo: row.archives_no,
    archNo: row.archives_no,
    archivesStatus: row.archives_status,
    archivesStatusText: ARCHIVE_STATUS_TEXT[row.archives_status] ?? '',
    personName: row.person_name,
    sex: row.sex,
    sexText: SEX_TEXT[row.sex] ?? '',
    age: age ?? '',
    birthday: row.birthday,
    idCard: row.id_card,
    cardType: row.card_type,
    avatar: row.avatar,
    phone: row.phone,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    contactRelaCode: row.contact_rela_code,
    compateAddress: row.compate_address,
    compateAddressNumber: row.compate_address_number,
    homeAddress: row.home_address,
    homeAddressNumber: row.home_address_number,
    regionCode: row.region_code,
    regionAddress: row.region_address,
    familyId: row.family_id,
    contractId: row.contract_id,
    mainDoctorId: row.main_doctor_id,
    doctorName: row.doctor_name,
    teamId: row.team_id,
    teamName: row.team_name,
    tenantId: row.tenant_id,
    empId: row.emp_id,
    insuranceCode: row.insurance_code,
    cardNo: row.card_no,
    crowdLabels: labels,
    diabetesType: diabetesType(labels),
    gwStatus: row.gw_status,
    shStatus: row.sh_status,
    cancelled: row.archives_status === ARCHIVE_CANCELLED,
    offType: row.off_type ?? '',
    offReason: row.off_reason ?? '',
    deadFlag: row.dead_flag ?? '',
    deadDate: row.dead_date ?? '',
    deadReason: row.dead_reason ?? '',
    offDate: row.off_date ?? '',
    offUser: row.off_user ?? '',
    offUserName: row.off_user_name ?? '',
    offTenant: row.off_tenant ?? '',
    offTenantName: row.off_tenant_name ?? '',
    rowVersion: row.row_version,
    createTime: row.create_time.toISOString(),
    updateTime: row.update_time.toISOString(),
  };
}

/**
 * Masks the sensitive fields unless `unmasked`; with `unmasked`, lists each non-empty sensitive
 * value shown so the caller can audit it. `sensitiveMasked` tells the screen which it got.
 */
export function presentArchive(row: ArchiveShownRow, today: string, unmasked: boolean): { wire: ArchiveView; shown: SensitiveField[] } {
  // The fresh wire object is masked and completed in place (no copies: a list page builds ten).
  const wire = archiveToWire(row, today) as ArchiveView;
  if (!unmasked) {
    maskSensitive(wire);
    wire.sensitiveMasked = true;
    return { wire, shown: [] };
  }
  wire.sensitiveMasked = false;
  return { wire, shown: SENSITIVE_FIELDS.filter((f) => wire[f] !== '') };
}
