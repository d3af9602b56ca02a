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
  // Health-record rules and integration settings (spec 002 §7 ehr, ehrproject, assehr, assehrrul, dataconversion, avuedata)
  // Resident-side families (spec 001 §7 family archives, transfers, message templates, …)
};
