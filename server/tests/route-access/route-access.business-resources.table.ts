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
};
