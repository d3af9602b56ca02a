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
  // Service catalogue (spec 002 §7 servicepack, serviceproject, indexsetting, userrecommend, drug import logs)
  // Health-record rules and integration settings (spec 002 §7 ehr, ehrproject, assehr, assehrrul, dataconversion, avuedata)
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
};
