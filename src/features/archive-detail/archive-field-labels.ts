import type { Lang } from '../../shared/i18n/define-messages';

/** The archive fields a history row may name (spec 001 §3), by wire name; others show their name. */
const LABELS: Record<string, Readonly<Record<Lang, string>>> = {
  personName: { zh: '姓名', en: 'Name' },
  idCard: { zh: '证件号', en: 'ID number' },
  cardType: { zh: '证件类型', en: 'ID type' },
  sex: { zh: '性别', en: 'Sex' },
  birthday: { zh: '出生日期', en: 'Birth date' },
  phone: { zh: '本人电话', en: 'Phone' },
  contactName: { zh: '联系人', en: 'Contact' },
  contactPhone: { zh: '联系人电话', en: 'Contact phone' },
  contactRelaCode: { zh: '与本人关系', en: 'Relationship' },
  homeAddress: { zh: '现住址', en: 'Address' },
  homeAddressNumber: { zh: '门牌号', en: 'House number' },
  compateAddress: { zh: '户籍地址', en: 'Registered address' },
  compateAddressNumber: { zh: '户籍门牌号', en: 'Registered house number' },
  regionCode: { zh: '所属区域', en: 'Region' },
  regionAddress: { zh: '区域地址', en: 'Region address' },
  archivesNo: { zh: '档案编号', en: 'Archive number' },
  archivesStatus: { zh: '档案状态', en: 'Status' },
  mainDoctorId: { zh: '责任医生编号', en: 'Doctor id' },
  doctorName: { zh: '责任医生', en: 'Doctor' },
  teamId: { zh: '团队编号', en: 'Team id' },
  teamName: { zh: '团队', en: 'Team' },
  crowdLabels: { zh: '人群分类', en: 'Crowd labels' },
  familyId: { zh: '家庭编号', en: 'Family id' },
  offType: { zh: '注销原因', en: 'Cancel reason' },
  offReason: { zh: '注销详情', en: 'Cancel detail' },
  offDate: { zh: '注销日期', en: 'Cancel date' },
  offUser: { zh: '注销人编号', en: 'Cancelled by (id)' },
  offUserName: { zh: '注销人', en: 'Cancelled by' },
  offTenant: { zh: '注销机构编号', en: 'Cancelling institution (id)' },
  offTenantName: { zh: '注销机构', en: 'Cancelling institution' },
  deadFlag: { zh: '是否死亡', en: 'Deceased' },
  deadDate: { zh: '死亡日期', en: 'Date of death' },
  deadReason: { zh: '死亡原因', en: 'Cause of death' },
  logoutType: { zh: '注销类型', en: 'Cancel type' },
};

export const archiveFieldLabel = (field: string, lang: Lang): string => LABELS[field]?.[lang] ?? field;

/** Coded values a reader would otherwise see as digits: sex, status and the death flag. */
const CODES: Record<string, Record<string, Readonly<Record<Lang, string>>>> = {
  sex: { '1': { zh: '男', en: 'Male' }, '2': { zh: '女', en: 'Female' } },
  archivesStatus: { '1': { zh: '正常', en: 'Active' }, '2': { zh: '已注销', en: 'Cancelled' } },
  deadFlag: { '0': { zh: '否', en: 'No' }, '1': { zh: '是', en: 'Yes' } },
};

export const archiveFieldValue = (field: string, value: string, lang: Lang): string => CODES[field]?.[value]?.[lang] ?? value;
