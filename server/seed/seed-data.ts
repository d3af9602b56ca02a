/**
 * The data a new installation starts with: the platform tenant, one demo institution, its
 * departments, roles, a doctor team, one user per role (and one with two departments, to show
 * the department choice at login), menus, top menus and the first screens' dictionaries.
 * Every seeded password obeys the spec's policy; the README lists the accounts.
 */
export const SEED_PASSWORD = 'Health@2026';
export const DEMO_TENANT = '100001';
export const ROOT_TENANT = '000000';
/** A second institution, so the organisation switch has somewhere to go. */
export const SECOND_TENANT = '100002';

export const tenants = [
  { id: '1', tenant_id: ROOT_TENANT, tenant_name: '区域公共卫生管理平台', region_code: '4416', is_root: true },
  { id: '2', tenant_id: DEMO_TENANT, tenant_name: '源城区示范社区卫生服务中心', region_code: '441602', is_root: false },
  { id: '3', tenant_id: SECOND_TENANT, tenant_name: '紫金县示范卫生院', region_code: '441621', is_root: false },
];

export const depts = [
  { id: '1100', tenant_id: ROOT_TENANT, parent_id: '0', dept_name: '平台运营部', dept_category: 1, region_code: '4416', sort: 1 },
  { id: '2100', tenant_id: DEMO_TENANT, parent_id: '0', dept_name: '全科医疗科', dept_category: 1, region_code: '441602', sort: 1 },
  { id: '2200', tenant_id: DEMO_TENANT, parent_id: '0', dept_name: '公共卫生科', dept_category: 1, region_code: '441602', sort: 2 },
  { id: '2300', tenant_id: DEMO_TENANT, parent_id: '0', dept_name: '疾病预防控制科', dept_category: 6, region_code: '441602', sort: 3 },
  { id: '3100', tenant_id: SECOND_TENANT, parent_id: '0', dept_name: '公共卫生科', dept_category: 1, region_code: '441621', sort: 1 },
];

export const roles = [
  { id: '1200', tenant_id: ROOT_TENANT, role_name: '平台管理员', role_alias: 'administrator', sort: 1 },
  { id: '2201', tenant_id: DEMO_TENANT, role_name: '管理员', role_alias: 'administrator', sort: 1 },
  { id: '2202', tenant_id: DEMO_TENANT, role_name: '医生', role_alias: 'doctor', sort: 2 },
  { id: '2203', tenant_id: DEMO_TENANT, role_name: '护士', role_alias: 'nurse', sort: 3 },
  { id: '2204', tenant_id: DEMO_TENANT, role_name: '团队长', role_alias: 'team_leader', sort: 4 },
  { id: '2205', tenant_id: DEMO_TENANT, role_name: '疾控人员', role_alias: 'disease_control', sort: 5 },
  { id: '3201', tenant_id: SECOND_TENANT, role_name: '管理员', role_alias: 'administrator', sort: 1 },
  { id: '3202', tenant_id: SECOND_TENANT, role_name: '疾控人员', role_alias: 'disease_control', sort: 2 },
];

export const teams = [
  { id: '2401', tenant_id: DEMO_TENANT, dept_id: '2100', name: '家庭医生一团队' },
  { id: '2402', tenant_id: DEMO_TENANT, dept_id: '2100', name: '家庭医生二团队' },
];

export interface SeedUser {
  id: string;
  tenant_id: string;
  account: string;
  name: string;
  real_name: string;
  phone: string;
  sex: number;
  dept_id: string;
  role_id: string;
  team_id: string;
}

export const users: SeedUser[] = [
  {
    id: '1300',
    tenant_id: ROOT_TENANT,
    account: 'admin',
    name: '平台管理员',
    real_name: '平台管理员',
    phone: '13800000000',
    sex: 1,
    dept_id: '1100',
    role_id: '1200',
    team_id: '',
  },
  {
    id: '2301',
    tenant_id: DEMO_TENANT,
    account: 'admin',
    name: '赵敏',
    real_name: '赵敏',
    phone: '13800000001',
    sex: 2,
    dept_id: '2200',
    role_id: '2201',
    team_id: '',
  },
  {
    id: '2302',
    tenant_id: DEMO_TENANT,
    account: 'doctor',
    name: '张伟',
    real_name: '张伟',
    phone: '13800000002',
    sex: 1,
    dept_id: '2100',
    role_id: '2202',
    team_id: '2401',
  },
  {
    id: '2303',
    tenant_id: DEMO_TENANT,
    account: 'nurse',
    name: '李娜',
    real_name: '李娜',
    phone: '13800000003',
    sex: 2,
    dept_id: '2100',
    role_id: '2203',
    team_id: '2401',
  },
  {
    id: '2304',
    tenant_id: DEMO_TENANT,
    account: 'leader',
    name: '王强',
    real_name: '王强',
    phone: '13800000004',
    sex: 1,
    dept_id: '2100',
    role_id: '2204',
    team_id: '2401',
  },
  {
    id: '2305',
    tenant_id: DEMO_TENANT,
    account: 'cdc',
    name: '陈静',
    real_name: '陈静',
    phone: '13800000005',
    sex: 2,
    dept_id: '2300',
    role_id: '2205',
    team_id: '',
  },
  {
    id: '2306',
    tenant_id: DEMO_TENANT,
    account: 'multi',
    name: '刘洋',
    real_name: '刘洋',
    phone: '13800000006',
    sex: 1,
    dept_id: '2100,2200',
    role_id: '2202',
    team_id: '2401',
  },
  {
    id: '3301',
    tenant_id: SECOND_TENANT,
    account: 'admin',
    name: '赵敏',
    real_name: '赵敏',
    phone: '13800000001',
    sex: 2,
    dept_id: '3100',
    role_id: '3201',
    team_id: '',
  },
  {
    id: '3302',
    tenant_id: SECOND_TENANT,
    account: 'cdc',
    name: '陈静',
    real_name: '陈静',
    phone: '13800000005',
    sex: 2,
    dept_id: '3100',
    role_id: '3202',
    team_id: '',
  },
];

/**
 * Accounts of one person in several tenants (organisation switch). Each group links every member
 * to every member, itself included, so the switch list shows the current tenant too (disabled).
 */
export const linkedAccounts: string[][] = [
  ['1300', '2301', '3301'],
  ['2305', '3302'],
];

/** System parameters of the platform, read through param/getByKey (tenants fall back to these). */
export const params: [string, string, string][] = [
  ['系统维护开关（1 开启倒计时）', 'system_updating_tags', '0'],
  ['系统维护提示文案', 'system_updating_copywriting', '服务器将在{N}秒后重启，请暂停录入以免数据丢失，预计维护约20分钟'],
  ['系统名称', 'system_name', '智慧公卫工作系统'],
  ['令牌刷新时间（分钟）', 'token_refresh_minutes', '30'],
];

/** [id, parentId, code, name, path, icon, sort, category (1 menu, 2 button)] */
type MenuRow = [string, string, string, string, string, string, number, 1 | 2];

export const menus: MenuRow[] = [
  ['3001', '0', 'home', '首页', '/home/index', 'home', 1, 1],
  ['3002', '0', 'publichealthwork', '居民健康档案', '/publichealthwork/index', 'idcard', 2, 1],
  ['3003', '0', 'task', '任务中心', '/task/user_followup/index', 'schedule', 3, 1],
  ['3004', '0', 'followupstatus', '随访提交状态', '/home/morefollowupstatus', 'audit', 4, 1],
  ['3005', '0', 'propaganda', '健康教育', '/propaganda_education/index', 'read', 5, 1],
  ['3006', '0', 'submission', '上报管理', '/submission_management/index', 'cloud-upload', 6, 1],
  ['3007', '0', 'qualitymanage', '质量管理', '/qualitymanage/index', 'safety', 7, 1],
  ['3008', '0', 'statisticalreport', '统计报表', '/statisticalreport/index', 'bar-chart', 8, 1],
  ['3100', '0', 'system', '系统管理', '/system', 'setting', 20, 1],
  ['3101', '3100', 'dict_horizontal', '业务字典', '/dict-horizontal/index', 'book', 1, 1],
  ['3102', '3100', 'dict_vertical', '字典管理', '/dict-vertical/index', 'profile', 2, 1],
  ['3103', '3100', 'param', '参数管理', '/system/param/index', 'tool', 3, 1],
  ['3104', '3100', 'formdesign', '表单设计', '/system/form/index', 'form', 4, 1],
  ['3105', '3100', 'user', '用户管理', '/system/user/index', 'user', 5, 1],
  ['3106', '3100', 'dept', '机构管理', '/system/dept/index', 'apartment', 6, 1],
  ['3107', '3100', 'role', '角色管理', '/system/role/index', 'team', 7, 1],
  ['3108', '3100', 'menu', '菜单管理', '/system/menu/index', 'menu', 8, 1],
  ['3109', '3100', 'post', '岗位管理', '/system/post/index', 'solution', 9, 1],
  ['3110', '3100', 'tenant', '租户管理', '/system/tenant/index', 'bank', 10, 1],
  ['3111', '3100', 'client', '应用管理', '/system/client/index', 'appstore', 11, 1],
  ['3112', '3100', 'region', '行政区划', '/system/region/index', 'environment', 12, 1],
  ['3113', '3100', 'topmenu', '顶部菜单', '/system/topmenu/index', 'layout', 13, 1],
  ['3114', '3100', 'datascope', '数据权限', '/authority/datascope/index', 'eye', 14, 1],
  ['3115', '3100', 'apiscope', '接口权限', '/authority/apiscope/index', 'api', 15, 1],
  ['3116', '3100', 'oss', '对象存储', '/resource/oss/index', 'cloud', 16, 1],
  ['3117', '3100', 'sms', '短信配置', '/resource/sms/index', 'message', 17, 1],
  ['3118', '3100', 'log_usual', '通用日志', '/monitor/log/usual', 'file-text', 18, 1],
  ['3119', '3100', 'log_api', '接口日志', '/monitor/log/api', 'file-search', 19, 1],
  ['3120', '3100', 'log_error', '错误日志', '/monitor/log/error', 'file-exclamation', 20, 1],
  ['3121', '3100', 'log_login', '登录日志', '/monitor/log/login', 'login', 21, 1],
  // 业务配置: the business catalogues a clinic's administrator keeps, each screen a resource document
  // (schemas/crud/*.crud.json with a `resource` block; issue 31). Menus 3601–3699, their buttons 4001–4199.
  ['3600', '0', 'business_config', '业务配置', '/business', 'appstore', 21, 1],
  ['3122', '3600', 'drugs', '药品目录', '/business/drugs/index', 'medicine-box', 20, 1],
  ['3123', '3600', 'apimanage', '接口管理', '/business/apimanage/index', 'api', 40, 1],
  // Teams and doctors: menus 3610–3619, buttons 4010–4049
  ['3610', '3600', 'doctorteam', '家庭医生团队', '/business/doctorteam/index', 'team', 10, 1],
  ['3611', '3600', 'doctorteamdts', '团队成员', '/business/doctorteamdts/index', 'user', 11, 1],
  ['3612', '3600', 'doctorassistant', '医生助理', '/business/doctorassistant/index', 'solution', 12, 1],
  ['3613', '3600', 'regiondoctor', '区域医生', '/business/regiondoctor/index', 'environment', 13, 1],
  // Service catalogue: menus 3620–3629, buttons 4050–4089
  ['3620', '3600', 'servicepack', '服务包', '/business/servicepack/index', 'profile', 22, 1],
  ['3621', '3600', 'serviceproject', '服务项目', '/business/serviceproject/index', 'book', 23, 1],
  ['3622', '3600', 'indexsetting', '首页指标设置', '/business/indexsetting/index', 'layout', 25, 1],
  ['3623', '3600', 'userrecommend', '服务推荐', '/business/userrecommend/index', 'solution', 24, 1],
  ['3624', '3600', 'drugimportlogs', '药品导入日志', '/business/drugimportlogs/index', 'file-text', 21, 1],
  // Health-record rules and integration: menus 3630–3649, buttons 4090–4149
  // Resource documents schemas/crud/{ehrproject,ehr,assehr,assehrrul}.crud.json (spec 002 §7); their tree, lookup, batch and copy calls in server/ehr-rules/.
  ['3630', '3600', 'ehrproject', '检查检验项目', '/business/ehrproject/index', 'solution', 30, 1],
  ['3631', '3600', 'ehr', '健康档案指标', '/business/ehr/index', 'file-search', 31, 1],
  ['3632', '3600', 'assehr', '评估指标', '/business/assehr/index', 'bar-chart', 32, 1],
  ['3633', '3600', 'assehrrul', '评估规则', '/business/assehrrul/index', 'audit', 33, 1],
  // 数据转换 and its rows (schemas/crud/dataconversion*.crud.json): the code mappings of the regional platform.
  ['3634', '3600', 'dataconversion', '数据转换', '/business/dataconversion/index', 'cloud', 41, 1],
  ['3635', '3600', 'dataconversionconfig', '数据转换配置', '/business/dataconversionconfig/index', 'file-text', 42, 1],
  ['3636', '3600', 'avuedata', '数据集', '/business/avuedata/index', 'bar-chart', 43, 1],
  // Resident-side families: menus 3650–3669, buttons 4150–4199
  // The doctors' screens of the resident side (spec 001 §3 family archives, §7 transfers): resource documents too.
  ['3650', '0', 'familyarchives', '家庭档案', '/publichealthwork/family/index', 'team', 9, 1],
  ['3651', '0', 'usertransfer', '转移管理', '/publichealthwork/transfer/index', 'solution', 10, 1],
  ['3652', '3600', 'msgtemp', '消息模板', '/business/msgtemp/index', 'message', 50, 1],
  // 签到分组 and the residents checked into them (spec 001 §7 usercheckingroup, usercheckinprevent): resource documents.
  ['3653', '0', 'usercheckingroup', '签到分组', '/publichealthwork/checkingroup/index', 'schedule', 11, 1],
  ['3654', '0', 'usercheckinprevent', '签到记录', '/publichealthwork/checkinprevent/index', 'audit', 12, 1],
  // 住院记录 (spec 001 §7 userinpatient): a resource document; linking records to archives by id card in server/inpatients.
  ['3655', '0', 'userinpatient', '住院记录', '/publichealthwork/inpatient/index', 'medicine-box', 13, 1],
  // 就诊记录 (spec 001 §7 uservisit: sava, delete, new-List, detail): only its resource document.
  ['3656', '0', 'uservisit', '就诊记录', '/publichealthwork/visit/index', 'solution', 14, 1],
  // anchor resident-rest menus (3657–3669)
  // 用药记录 (spec 001 §7 usermedication: list, save, remove): only its resource document.
  ['3657', '0', 'usermedication', '用药记录', '/publichealthwork/medication/index', 'medicine-box', 15, 1],
  // 就医记录 (spec 001 §7 usermedical: list, detail, submit, remove, detail-list): only its resource document.
  ['3658', '0', 'usermedical', '就医记录', '/publichealthwork/medical/index', 'file-text', 16, 1],
  // 生活习惯 (spec 001 §7 userinfohabits: save, info/{id}): a resource document, one row per archive; info/{id} in server/resident-records.
  ['3659', '0', 'userinfohabits', '生活习惯', '/publichealthwork/habits/index', 'profile', 17, 1],
  // 档案计划 and its residents (spec 001 §7 userarchivesplaniue, userarchivesplaniuedts): resource documents.
  ['3660', '0', 'userarchivesplaniue', '档案计划', '/publichealthwork/archivesplan/index', 'schedule', 18, 1],
  ['3661', '0', 'userarchivesplaniuedts', '档案计划明细', '/publichealthwork/archivesplandts/index', 'audit', 19, 1],
  // anchor jobs menus (3700–3709)
  // 导出任务 (spec 002 §7 asyntask): the caller's asynchronous exports, their progress and files (server/jobs).
  ['3700', '0', 'asyntask', '导出任务', '/system/asyntask/index', 'cloud-upload', 40, 1],
  // anchor followup-reports menus (3710–3719)
  // 随访报告 (spec 002 §7, 001 §7 userfollowupreport): list, detail and remove from its resource document; generating,
  // saving and approving in server/followup-reports.
  ['3710', '0', 'userfollowupreport', '随访报告', '/publichealthwork/followupreport/index', 'file-text', 20, 1],
  // anchor maternal menus (3720–3729)
  // 孕产妇管理 (spec 001 line 16): the maternal management list at /publichealthwork/detail/maternal, the shell's close target.
  ['3720', '0', 'maternalmanage', '孕产妇管理', '/publichealthwork/detail/maternal', 'heart', 21, 1],
  // anchor maternal-forms menus (3730–3734)
  // anchor child menus (3735–3749)
  // 儿童档案 (spec 001 §2 route children, child filing): the children of 0～6岁儿童健康管理 and 新生儿建档.
  ['3735', '0', 'childmanage', '儿童档案', '/publichealthwork/children', 'smile', 22, 1],
  // anchor contracts menus (3770–3779)
  // 签约管理 (spec 001 §7 usercontracts, issue 33): family-doctor contracts, their signing and life (server/contracts, decision 0031).
  ['3770', '0', 'contractsign', '签约管理', '/publichealthwork/signindex', 'solution', 23, 1],
  ['3901', '3002', 'archive_add', '新增档案', '', '', 1, 2],
  ['3902', '3002', 'archive_cancel', '注销档案', '', '', 2, 2],
  ['3903', '3002', 'archive_sensitive_view', '查看完整证件号', '', '', 3, 2],
  ['3904', '3101', 'dict_add', '新增字典', '', '', 1, 2],
  ['3905', '3105', 'user_add', '新增', '', '', 1, 2],
  ['3906', '3105', 'user_edit', '修改', '', '', 2, 2],
  ['3907', '3105', 'user_delete', '删除', '', '', 3, 2],
  ['3908', '3105', 'user_reset', '重置密码', '', '', 4, 2],
  ['3909', '3105', 'user_unlock', '账号解封', '', '', 5, 2],
  ['3910', '3105', 'user_role', '角色配置', '', '', 6, 2],
  ['3911', '3105', 'user_import', '导入', '', '', 7, 2],
  ['3912', '3105', 'user_export', '导出', '', '', 8, 2],
  ['3913', '3106', 'dept_add', '新增', '', '', 1, 2],
  ['3914', '3106', 'dept_edit', '修改', '', '', 2, 2],
  ['3915', '3106', 'dept_delete', '删除', '', '', 3, 2],
  ['3916', '3107', 'role_add', '新增', '', '', 1, 2],
  ['3917', '3107', 'role_edit', '修改', '', '', 2, 2],
  ['3918', '3107', 'role_delete', '删除', '', '', 3, 2],
  ['3919', '3107', 'role_grant', '权限设置', '', '', 4, 2],
  ['3920', '3108', 'menu_add', '新增', '', '', 1, 2],
  ['3921', '3108', 'menu_edit', '修改', '', '', 2, 2],
  ['3922', '3108', 'menu_delete', '删除', '', '', 3, 2],
  ['3923', '3109', 'post_add', '新增', '', '', 1, 2],
  ['3924', '3109', 'post_edit', '修改', '', '', 2, 2],
  ['3925', '3109', 'post_delete', '删除', '', '', 3, 2],
  ['3926', '3110', 'tenant_add', '新增', '', '', 1, 2],
  ['3927', '3110', 'tenant_edit', '修改', '', '', 2, 2],
  ['3928', '3110', 'tenant_delete', '删除', '', '', 3, 2],
  ['3929', '3111', 'client_add', '新增', '', '', 1, 2],
  ['3930', '3111', 'client_edit', '修改', '', '', 2, 2],
  ['3931', '3111', 'client_delete', '删除', '', '', 3, 2],
  ['3932', '3112', 'region_add', '新增', '', '', 1, 2],
  ['3933', '3112', 'region_edit', '修改', '', '', 2, 2],
  ['3934', '3112', 'region_delete', '删除', '', '', 3, 2],
  ['3935', '3113', 'topmenu_add', '新增', '', '', 1, 2],
  ['3936', '3113', 'topmenu_edit', '修改', '', '', 2, 2],
  ['3937', '3113', 'topmenu_delete', '删除', '', '', 3, 2],
  ['3938', '3113', 'topmenu_grant', '权限设置', '', '', 4, 2],
  ['3939', '3114', 'datascope_add', '新增', '', '', 1, 2],
  ['3940', '3114', 'datascope_edit', '修改', '', '', 2, 2],
  ['3941', '3114', 'datascope_delete', '删除', '', '', 3, 2],
  ['3942', '3115', 'apiscope_add', '新增', '', '', 1, 2],
  ['3943', '3115', 'apiscope_edit', '修改', '', '', 2, 2],
  ['3944', '3115', 'apiscope_delete', '删除', '', '', 3, 2],
  ['3945', '3116', 'oss_add', '新增', '', '', 1, 2],
  ['3946', '3116', 'oss_edit', '修改', '', '', 2, 2],
  ['3947', '3116', 'oss_delete', '删除', '', '', 3, 2],
  ['3948', '3116', 'oss_enable', '启用', '', '', 4, 2],
  ['3949', '3117', 'sms_add', '新增', '', '', 1, 2],
  ['3950', '3117', 'sms_edit', '修改', '', '', 2, 2],
  ['3951', '3117', 'sms_delete', '删除', '', '', 3, 2],
  ['3952', '3117', 'sms_enable', '启用', '', '', 4, 2],
  ['3953', '3122', 'drugs_add', '新增', '', '', 1, 2],
  ['3954', '3122', 'drugs_edit', '修改', '', '', 2, 2],
  ['3955', '3122', 'drugs_delete', '删除', '', '', 3, 2],
  ['3956', '3123', 'apimanage_add', '新增', '', '', 1, 2],
  ['3957', '3123', 'apimanage_edit', '修改', '', '', 2, 2],
  ['3958', '3123', 'apimanage_delete', '删除', '', '', 3, 2],
  // Buttons of the teams-and-doctors screens (4010–4049)
  ['4010', '3610', 'doctorteam_add', '新增', '', '', 1, 2],
  ['4011', '3610', 'doctorteam_edit', '修改', '', '', 2, 2],
  ['4012', '3610', 'doctorteam_delete', '删除', '', '', 3, 2],
  ['4013', '3611', 'doctorteamdts_add', '新增', '', '', 1, 2],
  ['4014', '3611', 'doctorteamdts_edit', '修改', '', '', 2, 2],
  ['4015', '3611', 'doctorteamdts_delete', '删除', '', '', 3, 2],
  ['4016', '3612', 'doctorassistant_add', '新增', '', '', 1, 2],
  ['4017', '3612', 'doctorassistant_edit', '修改', '', '', 2, 2],
  ['4018', '3612', 'doctorassistant_delete', '删除', '', '', 3, 2],
  ['4019', '3613', 'regiondoctor_add', '新增', '', '', 1, 2],
  ['4020', '3613', 'regiondoctor_edit', '修改', '', '', 2, 2],
  ['4021', '3613', 'regiondoctor_delete', '删除', '', '', 3, 2],
  // Buttons of the service-catalogue screens (4050–4089)
  ['4050', '3620', 'servicepack_add', '新增', '', '', 1, 2],
  ['4051', '3620', 'servicepack_edit', '修改', '', '', 2, 2],
  ['4052', '3620', 'servicepack_delete', '删除', '', '', 3, 2],
  ['4055', '3621', 'serviceproject_add', '新增', '', '', 1, 2],
  ['4056', '3621', 'serviceproject_edit', '修改', '', '', 2, 2],
  ['4057', '3621', 'serviceproject_delete', '删除', '', '', 3, 2],
  ['4060', '3622', 'indexsetting_add', '新增', '', '', 1, 2],
  ['4061', '3622', 'indexsetting_edit', '修改', '', '', 2, 2],
  ['4062', '3622', 'indexsetting_delete', '删除', '', '', 3, 2],
  ['4065', '3623', 'userrecommend_add', '新增', '', '', 1, 2],
  ['4066', '3623', 'userrecommend_edit', '修改', '', '', 2, 2],
  ['4067', '3623', 'userrecommend_delete', '删除', '', '', 3, 2],
  ['4070', '3122', 'drugs_import', '导入', '', '', 4, 2],
  // Buttons of the health-record-rules and integration screens (4090–4149)
  ['4090', '3630', 'ehrproject_add', '新增', '', '', 1, 2],
  ['4091', '3630', 'ehrproject_edit', '修改', '', '', 2, 2],
  ['4092', '3630', 'ehrproject_delete', '删除', '', '', 3, 2],
  ['4093', '3631', 'ehr_add', '新增', '', '', 1, 2],
  ['4094', '3631', 'ehr_edit', '修改', '', '', 2, 2],
  ['4095', '3631', 'ehr_delete', '删除', '', '', 3, 2],
  ['4096', '3632', 'assehr_add', '新增', '', '', 1, 2],
  ['4097', '3632', 'assehr_edit', '修改', '', '', 2, 2],
  ['4098', '3632', 'assehr_delete', '删除', '', '', 3, 2],
  ['4099', '3633', 'assehrrul_add', '新增', '', '', 1, 2],
  ['4100', '3633', 'assehrrul_edit', '修改', '', '', 2, 2],
  ['4101', '3633', 'assehrrul_delete', '删除', '', '', 3, 2],
  ['4102', '3634', 'dataconversion_add', '新增', '', '', 1, 2],
  ['4103', '3634', 'dataconversion_edit', '修改', '', '', 2, 2],
  ['4104', '3634', 'dataconversion_delete', '删除', '', '', 3, 2],
  ['4105', '3635', 'dataconversionconfig_add', '新增', '', '', 1, 2],
  ['4106', '3635', 'dataconversionconfig_edit', '修改', '', '', 2, 2],
  ['4107', '3635', 'dataconversionconfig_delete', '删除', '', '', 3, 2],
  ['4108', '3636', 'avuedata_add', '新增', '', '', 1, 2],
  ['4109', '3636', 'avuedata_edit', '修改', '', '', 2, 2],
  ['4110', '3636', 'avuedata_delete', '删除', '', '', 3, 2],
  // Buttons of the resident-side screens (4150–4199)
  ['4150', '3650', 'familyarchives_add', '新增', '', '', 1, 2],
  ['4151', '3650', 'familyarchives_edit', '修改', '', '', 2, 2],
  ['4152', '3650', 'familyarchives_delete', '删除', '', '', 3, 2],
  ['4153', '3651', 'usertransfer_add', '发起转移', '', '', 1, 2],
  ['4154', '3651', 'usertransfer_confirm', '确认转移', '', '', 2, 2],
  ['4155', '3652', 'msgtemp_add', '新增', '', '', 1, 2],
  ['4156', '3652', 'msgtemp_edit', '修改', '', '', 2, 2],
  ['4157', '3652', 'msgtemp_delete', '删除', '', '', 3, 2],
  ['4158', '3653', 'usercheckingroup_add', '新增', '', '', 1, 2],
  ['4159', '3653', 'usercheckingroup_edit', '修改', '', '', 2, 2],
  ['4160', '3653', 'usercheckingroup_delete', '删除', '', '', 3, 2],
  ['4161', '3654', 'usercheckinprevent_add', '新增', '', '', 1, 2],
  ['4162', '3654', 'usercheckinprevent_edit', '修改', '', '', 2, 2],
  ['4163', '3654', 'usercheckinprevent_delete', '删除', '', '', 3, 2],
  ['4164', '3655', 'userinpatient_add', '新增', '', '', 1, 2],
  ['4165', '3655', 'userinpatient_edit', '修改', '', '', 2, 2],
  ['4166', '3655', 'userinpatient_delete', '删除', '', '', 3, 2],
  ['4167', '3656', 'uservisit_add', '新增', '', '', 1, 2],
  ['4168', '3656', 'uservisit_edit', '修改', '', '', 2, 2],
  ['4169', '3656', 'uservisit_delete', '删除', '', '', 3, 2],
  // anchor resident-rest buttons (4170–4199)
  ['4170', '3657', 'usermedication_add', '新增', '', '', 1, 2],
  ['4171', '3657', 'usermedication_edit', '修改', '', '', 2, 2],
  ['4172', '3657', 'usermedication_delete', '删除', '', '', 3, 2],
  ['4173', '3658', 'usermedical_add', '新增', '', '', 1, 2],
  ['4174', '3658', 'usermedical_edit', '修改', '', '', 2, 2],
  ['4175', '3658', 'usermedical_delete', '删除', '', '', 3, 2],
  ['4176', '3659', 'userinfohabits_add', '新增', '', '', 1, 2],
  ['4177', '3659', 'userinfohabits_edit', '修改', '', '', 2, 2],
  ['4178', '3659', 'userinfohabits_delete', '删除', '', '', 3, 2],
  ['4179', '3660', 'userarchivesplaniue_add', '新增', '', '', 1, 2],
  ['4180', '3660', 'userarchivesplaniue_edit', '修改', '', '', 2, 2],
  ['4181', '3660', 'userarchivesplaniue_delete', '删除', '', '', 3, 2],
  ['4182', '3661', 'userarchivesplaniuedts_add', '新增', '', '', 1, 2],
  ['4183', '3661', 'userarchivesplaniuedts_edit', '修改', '', '', 2, 2],
  ['4184', '3661', 'userarchivesplaniuedts_delete', '删除', '', '', 3, 2],
  // anchor jobs buttons (4200–4219)
  ['4200', '3700', 'asyntask_download', '下载', '', '', 1, 2],
  ['4201', '3700', 'asyntask_delete', '删除', '', '', 2, 2],
  // anchor followup-reports buttons (4220–4239)
  ['4220', '3710', 'userfollowupreport_gen', '生成报告', '', '', 1, 2],
  ['4221', '3710', 'userfollowupreport_edit', '修改', '', '', 2, 2],
  ['4222', '3710', 'userfollowupreport_delete', '删除', '', '', 3, 2],
  ['4223', '3710', 'userfollowupreport_approve', '审核', '', '', 4, 2],
  // anchor maternal buttons (4240–4259)
  // anchor maternal-forms buttons (4260–4269)
  // anchor child buttons (4270–4289)
  // anchor task-centre buttons (4330–4339): 医生任务 on 任务中心 (issue 34) — a team leader gives, changes, removes and reassigns; the doctor finishes
  ['4330', '3003', 'doctortask_add', '派发任务', '', '', 1, 2],
  ['4331', '3003', 'doctortask_edit', '修改任务', '', '', 2, 2],
  ['4332', '3003', 'doctortask_delete', '删除任务', '', '', 3, 2],
  ['4333', '3003', 'doctortask_assign', '改派任务', '', '', 4, 2],
  ['4334', '3003', 'doctortask_finish', '完成任务', '', '', 5, 2],
  // anchor contracts buttons (4310–4329)
  ['4310', '3770', 'contract_sign', '签约', '', '', 1, 2],
  ['4311', '3770', 'contract_effect', '生效', '', '', 2, 2],
  ['4312', '3770', 'contract_terminate', '解约', '', '', 3, 2],
  ['4313', '3770', 'contract_cancel', '作废', '', '', 4, 2],
  ['4314', '3770', 'contract_remove', '删除', '', '', 5, 2],
  // anchor push buttons (4340–4349)
  // 上报管理's actions (server/push, decision 0033): push again, clear an error.
  ['4340', '3006', 'submission_push', '重新上报', '', '', 1, 2],
  ['4341', '3006', 'submission_clear', '清除错误', '', '', 2, 2],
  // anchor printing buttons (4300–4309)
  // 打印 on a resident's follow-up page: the record as its paper form, a PDF made on the server (server/printing).
  ['4300', '3002', 'followup_print', '打印', '', '', 4, 2],
  // anchor statistics buttons (4360–4369)
  // 统计报表's 导出Excel (server/statistics, decision 0035).
  ['4360', '3008', 'statisticalreport_export', '导出Excel', '', '', 1, 2],
  // anchor quality buttons (4350–4359)
  // 开始质控 on 质量管理 (server/quality, decision 0034): a team leader over the team, 疾控 over the institution.
  ['4350', '3007', 'qualitymanage_run', '开始质控', '', '', 1, 2],
  // anchor education buttons (4370–4379): 健康教育 (issue 34, decision 0036) — add, edit, remove, push, 一键宣教, 健康教育处方
  ['4370', '3005', 'propaganda_add', '新增', '', '', 1, 2],
  ['4371', '3005', 'propaganda_edit', '修改', '', '', 2, 2],
  ['4372', '3005', 'propaganda_delete', '删除', '', '', 3, 2],
  ['4373', '3005', 'propaganda_push', '上报', '', '', 4, 2],
  ['4374', '3005', 'propaganda_onekey', '一键宣教', '', '', 5, 2],
  ['4375', '3005', 'propaganda_prescription', '健康教育处方', '', '', 6, 2],
  // anchor push2 buttons (4400–4409): 审核档案 (userarchives/change-sh-status) and the lists' 上报 (server/push, decision 0033)
  ['4400', '3002', 'archives_review', '审核档案', '', '', 4, 2],
  ['4401', '3770', 'contract_push', '上报签约', '', '', 6, 2],
  ['4402', '3657', 'usermedication_push', '上报基卫', '', '', 4, 2],
  ['4403', '3659', 'userinfohabits_push', '上报', '', '', 4, 2],
  ['4404', '3002', 'inquiry_push', '问诊上报基卫', '', '', 5, 2],
  ['4405', '3002', 'voucher_push', '凭证上报基卫', '', '', 6, 2],
  // anchor measurements menus (3960–3964) and buttons (4380–4389): 检查检验报告 (issue 33, decision 0037) — the tenant's
  // measurement, lab and exam reports (server/measurements); entered on a resident's archive page
  ['3960', '0', 'usermeasure', '检查检验报告', '/publichealthwork/measure/index', 'file-search', 24, 1],
  ['4380', '3960', 'usermeasure_add', '录入', '', '', 1, 2],
  ['4381', '3960', 'usermeasure_delete', '删除', '', '', 2, 2],
  ['4382', '3960', 'usermeasure_import', '导入', '', '', 3, 2],
  ['4383', '3960', 'usermeasure_link', '关联档案', '', '', 4, 2],
  ['4384', '3960', 'userapplyphysical_add', '体检申请', '', '', 5, 2],
  // 打印模板 (issue 33, decision 0038): the print templates under 业务配置 and their buttons; 打印档案 on 居民健康档案 (getPrintFile, the archive card, the health archive)
  ['3965', '3600', 'report', '打印模板', '/business/report/index', 'file-text', 50, 1],
  ['4390', '3965', 'report_add', '新增', '', '', 1, 2],
  ['4391', '3965', 'report_edit', '修改', '', '', 2, 2],
  ['4392', '3965', 'report_delete', '删除', '', '', 3, 2],
  ['4393', '3002', 'archive_print', '打印档案', '', '', 5, 2],
  // anchor messages buttons (4410–4419): 消息 on a resident's detail page (issue 33, decision 0040) — write and send, message tasks
  ['4410', '3002', 'message_send', '发送消息', '', '', 6, 2],
  ['4411', '3002', 'message_mission', '消息任务', '', '', 7, 2],
  // anchor inquiry menus (3970–3974): 问诊记录 — the tenant's inquiries (useraskhypertension / useraskhyperglycemia list),
  // read-only CRUD documents whose 上报基卫 is inquiry_push (4404); the inquiries are filled on the archive page
  ['3970', '0', 'useraskhypertension', '高血压问诊记录', '/publichealthwork/inquiry/hypertension', 'audit', 25, 1],
  ['3971', '0', 'useraskhyperglycemia', '糖尿病问诊记录', '/publichealthwork/inquiry/hyperglycemia', 'audit', 26, 1],
  // anchor prints menus (3975–3979): 报表文件 (issue 33, decision 0038) — the caller's printed files (blade-report/report/rest/*)
  ['3975', '0', 'report_file', '报表文件', '/reportfile/index', 'file-text', 27, 1],
  // anchor quality-editor buttons (4430–4431): 编辑专题 on 质量管理 (server/quality, decision 0042) — a tenant's own topics, 疾控 and administrators
  ['4430', '3007', 'qualitymanage_edit', '编辑专题', '', '', 2, 2],
];

/** Institutions are created and changed by the platform administrator only (租户管理 and its buttons). */
const PLATFORM_ONLY_MENUS = new Set(['3110', ...menus.filter((m) => m[1] === '3110').map((m) => m[0])]);
const tenantAdminMenus = menus.map((m) => m[0]).filter((id) => !PLATFORM_ONLY_MENUS.has(id));

const workMenus = [
  ...['3001', '3002', '3003', '3004', '3005', '3006', '3901', '3650', '4150', '4151', '4152', '3651', '4153', '4154'],
  ...['3653', '4158', '4159', '4160', '3654', '4161', '4162', '4163'],
  ...['3655', '4164', '4165', '4166', '3656', '4167', '4168', '4169'],
  // anchor resident-rest work menus
  ...['3657', '4170', '4171', '4172', '3658', '4173', '4174', '4175', '3659', '4176', '4177', '4178'],
  ...['3660', '4179', '4180', '4181', '3661', '4182', '4183', '4184'],
  // anchor jobs work menus
  ...['3700', '4200', '4201'],
  // anchor followup-reports work menus
  ...['3710', '4220', '4221', '4222', '4223'],
  // anchor maternal work menus
  ...['3720'],
  // anchor maternal-forms work menus
  // anchor child work menus
  ...['3735'],
  // anchor task-centre work menus
  ...['4334'],
  // anchor contracts work menus: every care role signs; bringing into effect, ending and removing are the doctors' and team leaders' (CONTRACT_DECIDERS)
  ...['3770', '4310'],
  // anchor push work menus
  ...['4340', '4341'],
  // anchor printing work menus
  ...['4300'],
  // anchor statistics work menus: 统计报表 for the care team, each seeing their own scope (decision 0035)
  ...['3008', '4360'],
  // anchor education work menus: every care role educates its residents
  ...['4370', '4371', '4372', '4373', '4374', '4375'],
  // anchor push2 work menus: every care role reports its records (审核档案 4400 is the reviewers': see roleMenus)
  ...['4401', '4402', '4403', '4404', '4405'],
  // anchor measurements work menus: every care role enters and reads its residents' reports
  ...['3960', '4380', '4381', '4382', '4383', '4384'],
  // anchor print-templates work menus: every care role prints its residents' archives
  ...['4393'],
  // anchor messages work menus: every care role writes and sends messages about its residents (消息任务 4411 is MESSAGE_MISSION's)
  ...['4410'],
  // anchor inquiry work menus: every care role lists its inquiries and reports them (inquiry_push 4404 above)
  ...['3970', '3971'],
  // anchor prints work menus: every care role reads back the files it printed
  ...['3975'],
];

/** 签约管理's decisions (生效, 解约, 作废, 删除): doctors and team leaders, not nurses (decision 0031). */
const CONTRACT_DECIDERS = ['4311', '4312', '4313', '4314'];

/** 消息任务 (a message to many residents at once): doctors and team leaders, over their own residents (decision 0040). */
const MESSAGE_MISSION = ['4411'];

export const roleMenus: Record<string, string[]> = {
  '1200': menus.map((m) => m[0]),
  '2201': tenantAdminMenus,
  '2202': [...workMenus, '3902', ...CONTRACT_DECIDERS, ...MESSAGE_MISSION],
  '2203': workMenus,
  '2204': [...workMenus, '3007', '3902', '4330', '4331', '4332', '4333', ...CONTRACT_DECIDERS, '4350', '4400', ...MESSAGE_MISSION],
  '2205': ['3001', '3007', '3008', '4360', '4350', '4400', '4430'],
  '3201': tenantAdminMenus,
  '3202': ['3001', '3007', '3008', '4360', '4350', '4400', '4430'],
};

export const topMenus = [
  {
    id: '3501',
    code: 'workbench',
    name: '工作台',
    source: 'desktop',
    path: '/home/index',
    sort: 1,
    menus: [
      '3001',
      '3002',
      '3003',
      '3004',
      '3005',
      '3006',
      '3650',
      '3651',
      '3653',
      '3654',
      '3655',
      '3656',
      '3657',
      '3658',
      '3659',
      '3660',
      '3661',
      '3700',
      '3710',
      '3720',
      '3735',
      '3770',
      '3960',
      '3970',
      '3971',
    ],
  },
  { id: '3502', code: 'quality', name: '质控统计', source: 'bar-chart', path: '/qualitymanage/index', sort: 2, menus: ['3007', '3008'] },
  {
    id: '3503',
    code: 'system',
    name: '系统管理',
    source: 'setting',
    path: '/dict-horizontal/index',
    sort: 3,
    menus: menus.filter((m) => ['3100', '3600'].includes(m[0]) || ['3100', '3600'].includes(m[1])).map((m) => m[0]),
  },
];

/** code → [name, [key, value][]] ; platform-level dictionaries every tenant falls back to. */
export const dictionaries: Record<string, [string, [string, string][]]> = {
  sex: [
    '性别',
    [
      ['1', '男'],
      ['2', '女'],
      ['0', '未知的性别'],
      ['9', '未说明的性别'],
    ],
  ],
  card_type: [
    '证件类型',
    [
      ['1', '居民身份证'],
      ['2', '护照'],
      ['3', '港澳居民来往内地通行证'],
      ['4', '台湾居民来往大陆通行证'],
      ['5', '外国人永久居留身份证'],
      ['9', '其他'],
    ],
  ],
  sys_platform: [
    '系统平台',
    [
      ['0', '本系统'],
      ['1', '省基本公共卫生服务平台'],
      ['2', '区域全民健康信息平台'],
      ['3', '医院信息系统'],
    ],
  ],
  req_source: [
    '请求来源',
    [
      ['GW', '公卫'],
      ['SFY', '省妇幼'],
      ['JW', '基卫'],
      ['SYS', '本系统'],
    ],
  ],
};
