import type { AccessRow } from './route-access.table';

const ADMINISTRATOR: AccessRow = ['admin'];
const EVERYONE: AccessRow = ['admin', 'doctor', 'nurse', 'leader', 'cdc'];

/**
 * Who may call the routes the resource documents make (schemas/crud/*.crud.json `resource`, server/resource-documents),
 * written from the spec, not read from the documents: rows as in route-access.table.ts.
 */
export const BUSINESS_RESOURCE_ACCESS: Record<string, AccessRow> = {
  // 药品目录 (spec 002 §7 drugs): the medication records of every care role pick from it; administrators keep it.
  'GET /blade-iph-business/drugs/list': EVERYONE,
  'GET /blade-iph-business/drugs/detail': EVERYONE,
  'POST /blade-iph-business/drugs/submit': ADMINISTRATOR,
  'POST /blade-iph-business/drugs/remove': ADMINISTRATOR,
  'GET /blade-iph-business/drugs/newList': EVERYONE,
  'GET /blade-system/yaopin/listDict': EVERYONE,
  // 接口管理 (spec 002 §7 apimanage): the regional platform's addresses, administrators only.
  'GET /blade-iph-business/apimanage/list': ADMINISTRATOR,
  'GET /blade-iph-business/apimanage/detail': ADMINISTRATOR,
  'POST /blade-iph-business/apimanage/submit': ADMINISTRATOR,
  'POST /blade-iph-business/apimanage/remove': ADMINISTRATOR,
  // Teams and doctors (spec 002 §7 doctorteam, doctorteamdts, doctorassistant, regiondoctor)
  // Teams and members are read wherever a team is chosen (login, archive transfer, pickers); administrators keep them.
  'GET /blade-iph-business/doctorteam/list': EVERYONE,
  'GET /blade-iph-business/doctorteam/detail': EVERYONE,
  'POST /blade-iph-business/doctorteam/submit': ADMINISTRATOR,
  'POST /blade-iph-business/doctorteam/remove': ADMINISTRATOR,
  'GET /blade-iph-business/doctorteam/team-list': EVERYONE,
  'GET /blade-iph-business/doctorteam/list-team-dis': EVERYONE,
  'GET /blade-iph-business/doctorteam/select': EVERYONE,
  'GET /blade-iph-business/doctorteamdts/list': EVERYONE,
  'GET /blade-iph-business/doctorteamdts/detail': EVERYONE,
  'POST /blade-iph-business/doctorteamdts/submit': ADMINISTRATOR,
  'POST /blade-iph-business/doctorteamdts/remove': ADMINISTRATOR,
  'POST /blade-iph-business/doctorteamdts/grant': ADMINISTRATOR,
  // Assistants and region doctors are kept by administrators; the main-doctor lookup serves every care screen.
  'GET /blade-iph-business/doctorassistant/list': ADMINISTRATOR,
  'GET /blade-iph-business/doctorassistant/detail': ADMINISTRATOR,
  'POST /blade-iph-business/doctorassistant/submit': ADMINISTRATOR,
  'POST /blade-iph-business/doctorassistant/remove': ADMINISTRATOR,
  'GET /blade-iph-business/regiondoctor/list': ADMINISTRATOR,
  'GET /blade-iph-business/regiondoctor/detail': ADMINISTRATOR,
  'POST /blade-iph-business/regiondoctor/submit': ADMINISTRATOR,
  'POST /blade-iph-business/regiondoctor/remove': ADMINISTRATOR,
  'GET /blade-iph-business/regiondoctor/list-main-doctor-by-region': EVERYONE,
  // Service catalogue (spec 002 §7 servicepack, serviceproject, indexsetting, userrecommend, drug import logs)
  // 服务包, 服务项目, 首页指标设置, 服务推荐: a tenant's administrators keep them; the pickers (newList,
  // listServiceProject) are for anyone signed in; apply-modal for those who hold residents' archives;
  // syn-service-pack is the platform administrator's alone (no seeded tenant account may call it).
  'GET /blade-iph-business/servicepack/list': ADMINISTRATOR,
  'GET /blade-iph-business/servicepack/detail': ADMINISTRATOR,
  'POST /blade-iph-business/servicepack/submit': ADMINISTRATOR,
  'POST /blade-iph-business/servicepack/remove': ADMINISTRATOR,
  'GET /blade-iph-business/serviceproject/list': ADMINISTRATOR,
  'GET /blade-iph-business/serviceproject/detail': ADMINISTRATOR,
  'POST /blade-iph-business/serviceproject/submit': ADMINISTRATOR,
  'POST /blade-iph-business/serviceproject/remove': ADMINISTRATOR,
  'GET /blade-iph-business/indexsetting/list': ADMINISTRATOR,
  'GET /blade-iph-business/indexsetting/detail': ADMINISTRATOR,
  'POST /blade-iph-business/indexsetting/submit': ADMINISTRATOR,
  'POST /blade-iph-business/indexsetting/remove': ADMINISTRATOR,
  'GET /blade-iph-business/userrecommend/list': ADMINISTRATOR,
  'GET /blade-iph-business/userrecommend/detail': ADMINISTRATOR,
  'POST /blade-iph-business/userrecommend/submit': ADMINISTRATOR,
  'POST /blade-iph-business/userrecommend/remove': ADMINISTRATOR,
  'GET /blade-iph-business/servicepack/newList': EVERYONE,
  'POST /blade-iph-business/servicepack/syn-service-pack': [],
  'GET /blade-iph-business/serviceproject/listServiceProject': EVERYONE,
  'GET /blade-iph-business/indexsetting/parent-list': ADMINISTRATOR,
  'POST /blade-iph-business/userrecommend/apply-modal': ['admin', 'doctor', 'nurse', 'leader'],
  // 药品导入日志 and the import itself: the catalogue's administrators.
  'GET /blade-iph-business/drugs/import-drugs-logs': ADMINISTRATOR,
  'POST /blade-iph-business/drugs/import-drugs': ADMINISTRATOR,
  // Health-record rules and integration settings (spec 002 §7 ehr, ehrproject, assehr, assehrrul, dataconversion, avuedata)
  // Administrators keep the indicator and assessment settings; care roles read a resident's values (ehr/detail-arch, detail-archs).
  'GET /blade-iph-business/ehrproject/list': ADMINISTRATOR,
  'GET /blade-iph-business/ehrproject/detail': ADMINISTRATOR,
  'POST /blade-iph-business/ehrproject/submit': ADMINISTRATOR,
  'POST /blade-iph-business/ehrproject/remove': ADMINISTRATOR,
  // The project tree: the measurement entry of every care role picks from it.
  'GET /blade-iph-business/ehrproject/tree': EVERYONE,
  'GET /blade-iph-business/ehrproject/lazy-list': EVERYONE,
  'GET /blade-iph-business/ehr/list': ADMINISTRATOR,
  'GET /blade-iph-business/ehr/detail': ADMINISTRATOR,
  'POST /blade-iph-business/ehr/submit': ADMINISTRATOR,
  'POST /blade-iph-business/ehr/remove': ADMINISTRATOR,
  // A resident's latest values: those who see archives (menu publichealthwork), as the exam's starting values.
  'POST /blade-iph-business/ehr/detail-arch': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/ehr/detail-archs': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/assehr/list': ADMINISTRATOR,
  'GET /blade-iph-business/assehr/detail': ADMINISTRATOR,
  'POST /blade-iph-business/assehr/submit': ADMINISTRATOR,
  'POST /blade-iph-business/assehr/remove': ADMINISTRATOR,
  'POST /blade-iph-business/assehr/updates': ADMINISTRATOR,
  'GET /blade-iph-business/assehrrul/list': ADMINISTRATOR,
  'GET /blade-iph-business/assehrrul/detail': ADMINISTRATOR,
  'POST /blade-iph-business/assehrrul/submit': ADMINISTRATOR,
  'POST /blade-iph-business/assehrrul/remove': ADMINISTRATOR,
  'POST /blade-iph-business/assehrrul/copy-ass-ehr-rule': ADMINISTRATOR,
  // 数据转换 (spec 002 §7 dataconversion, dataconversionconfig): the regional platform's code mappings, administrators only.
  'GET /blade-iph-business/dataconversion/list': ADMINISTRATOR,
  'GET /blade-iph-business/dataconversion/detail': ADMINISTRATOR,
  'POST /blade-iph-business/dataconversion/submit': ADMINISTRATOR,
  'POST /blade-iph-business/dataconversion/remove': ADMINISTRATOR,
  'GET /blade-iph-business/dataconversionconfig/list': ADMINISTRATOR,
  'GET /blade-iph-business/dataconversionconfig/detail': ADMINISTRATOR,
  'POST /blade-iph-business/dataconversionconfig/submit': ADMINISTRATOR,
  'POST /blade-iph-business/dataconversionconfig/remove': ADMINISTRATOR,
  // 数据集 (spec 002 §7 avuedata): the screens' and reports' stored data sets, administrators only.
  'GET /blade-iph-business/avuedata/list': ADMINISTRATOR,
  'GET /blade-iph-business/avuedata/detail': ADMINISTRATOR,
  'POST /blade-iph-business/avuedata/submit': ADMINISTRATOR,
  'POST /blade-iph-business/avuedata/remove': ADMINISTRATOR,
  // Resident-side families (spec 001 §7 family archives, transfers, message templates, …)
  // 家庭档案 and its members: the care team (menu 家庭档案 and its buttons, or 居民健康档案 to read).
  'GET /blade-iph-business/userfamilyarchives/list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userfamilyarchives/new-list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userfamilyarchives/detail': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfamilyarchives/submit': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfamilyarchives/save-or-update': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfamilyarchives/remove': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userfamilyarchivesdts/list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userfamilyarchivesdts/new-list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userfamilyarchivesdts/detail': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfamilyarchivesdts/submit': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfamilyarchivesdts/save-or-update': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfamilyarchivesdts/remove': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userinfomain/family-archives': ['admin', 'doctor', 'nurse', 'leader'],
  // 转移管理: the care team proposes, the receiving side confirms or sends back; between institutions refused.
  'GET /blade-iph-business/usertransferdoctor/list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/usertransferdoctor/detail': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/usertransferdoctor/teams': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usertransferdoctor/submit': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usertransferdoctor/onekey-submit': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usertransferdoctor/barch-confirm': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usertransferdoctor/send-back': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usertransferdoctor/remove': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/usertransferarchives/list': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usertransferarchives/submit': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usertransferarchives/onekey-submit': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usertransferarchives/barch-confirm': ['admin', 'doctor', 'nurse', 'leader'],
  // 消息模板: administrators keep them; every signed-in user reads the enabled ones.
  'GET /blade-iph-business/msgtemp/list': ADMINISTRATOR,
  'GET /blade-iph-business/msgtemp/detail': ADMINISTRATOR,
  'POST /blade-iph-business/msgtemp/submit': ADMINISTRATOR,
  'POST /blade-iph-business/msgtemp/remove': ADMINISTRATOR,
  'GET /blade-iph-business/msgtemp/list-msg-temp': EVERYONE,
  'GET /blade-iph-business/msgtemp/list-msg-temp-dis': EVERYONE,
  // 签到分组 and 签到记录: the care team (their menus and buttons, or 居民健康档案 to read).
  'GET /blade-iph-business/usercheckingroup/list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/usercheckingroup/new-list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/usercheckingroup/detail': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usercheckingroup/submit': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usercheckingroup/save-or-update': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usercheckingroup/remove': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/usercheckinprevent/list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/usercheckinprevent/new-list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/usercheckinprevent/detail': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usercheckinprevent/submit': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usercheckinprevent/save-or-update': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usercheckinprevent/remove': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/usercheckingroup/checkin-group-archives-by-arch-id': ['admin', 'doctor', 'nurse', 'leader'],
  // 住院记录: the care team (its menu and buttons, or 居民健康档案 to read); linking by id card is its 修改 button.
  'GET /blade-iph-business/userinpatient/list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userinpatient/detail': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userinpatient/submit': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userinpatient/remove': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userinpatient/associated-archives': ['admin', 'doctor', 'nurse', 'leader'],
  // 就诊记录: the care team; the spec's names (new-List, sava, delete) are the document's call aliases.
  'GET /blade-iph-business/uservisit/list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/uservisit/new-List': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/uservisit/detail': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/uservisit/submit': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/uservisit/sava': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/uservisit/remove': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/uservisit/delete': ['admin', 'doctor', 'nurse', 'leader'],
  // anchor resident-rest
  // anchor jobs
  // anchor followup-reports
  // 随访报告 (spec 002 §7, 001 §7 userfollowupreport): the care team (menu 3710 and its buttons). The generic
  // submit would write every listed property (state, the record, the resident): no seeded role holds its code;
  // the dialog saves through save-report.
  'GET /blade-iph-business/userfollowupreport/list': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userfollowupreport/detail': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfollowupreport/submit': [],
  'POST /blade-iph-business/userfollowupreport/remove': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userfollowupreport/gen-report': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfollowupreport/gen-reports': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userfollowupreport/list-report': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfollowupreport/save-report': ['admin', 'doctor', 'nurse', 'leader'],
  'GET /blade-iph-business/userfollowupreport/get-report-status/:id': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfollowupreport/approve-report/:id/:state/:rowVersion': ['admin', 'doctor', 'nurse', 'leader'],
  'POST /blade-iph-business/userfollowupreport/approve-reports': ['admin', 'doctor', 'nurse', 'leader'],
  // Which follow-up records were removed (spec 002 "Remaining endpoints"): whoever works on archives.
  'GET /blade-iph-business/userfollowup/deleted': ['admin', 'doctor', 'nurse', 'leader'],
};
