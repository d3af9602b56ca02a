import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as foundation from '../migrations/001-foundation';
import * as shell from '../migrations/002-shell';
import * as formsRecords from '../migrations/003-forms-records';
import * as archives from '../migrations/004-archives';
import * as crud from '../migrations/005-crud';
import * as performanceIndexes from '../migrations/006-performance';
import * as vouchers from '../migrations/007-vouchers';
import * as formDesigner from '../migrations/008-form-designer';
import * as loginSecurity from '../migrations/009-login-security';
import * as tuberculosisMedication from '../migrations/010-tuberculosis-medication';
import * as idempotencyScope from '../migrations/011-idempotency-scope';
import * as archiveVersions from '../migrations/012-archive-versions';
import * as noticesAndLogs from '../migrations/013-notices-and-logs';
import * as workflow from '../migrations/014-workflow';
import * as userAdmin from '../migrations/015-user-admin';
import * as orgAdmin from '../migrations/016-org-admin';
import * as roleMenuAdmin from '../migrations/017-role-menu-admin';
import * as tenantClientAdmin from '../migrations/018-tenant-client-admin';
import * as resourceAdmin from '../migrations/019-resource-admin';
import * as dictParamAdmin from '../migrations/020-dict-param-admin';
import * as sharedCaptcha from '../migrations/021-shared-captcha';
import * as formDictionaries from '../migrations/022-form-dictionaries';
import * as drugs from '../migrations/023-drugs';
import * as apiManage from '../migrations/024-api-manage';
// Teams and doctors (spec 002 §7 doctorteam, doctorteamdts, doctorassistant, regiondoctor): 025–029
import * as doctorTeams from '../migrations/025-doctor-teams';
import * as doctorAssistants from '../migrations/026-doctor-assistants';
import * as regionDoctors from '../migrations/027-region-doctors';
// Service catalogue (spec 002 §7 servicepack, serviceproject, indexsetting, userrecommend, drug import logs): 030–034
import * as servicePack from '../migrations/030-service-pack';
import * as serviceProject from '../migrations/031-service-project';
import * as indexSetting from '../migrations/032-index-setting';
import * as userRecommend from '../migrations/033-user-recommend';
import * as drugImportLogs from '../migrations/034-drug-import-logs';
// Health-record rules and integration settings (spec 002 §7 ehr, ehrproject, assehr, assehrrul, dataconversion, avuedata): 035–039
import * as ehrProject from '../migrations/035-ehr-project';
import * as ehr from '../migrations/036-ehr';
import * as assEhr from '../migrations/037-ass-ehr';
import * as dataConversion from '../migrations/038-data-conversion';
import * as avueData from '../migrations/039-avue-data';
// Resident-side families (spec 001 §7 family archives, transfers, message templates, …): 040–049
import * as familyArchives from '../migrations/040-family-archives';
import * as userTransfers from '../migrations/041-user-transfers';
import * as msgTemp from '../migrations/042-msg-temp';
import * as checkinGroups from '../migrations/043-checkin-groups';
import * as userInpatient from '../migrations/044-user-inpatient';
import * as userVisit from '../migrations/045-user-visit';
// anchor resident-rest (046–049)
import * as userMedication from '../migrations/046-user-medication';
import * as userMedical from '../migrations/047-user-medical';
import * as userInfoHabits from '../migrations/048-user-info-habits';
import * as archivesPlan from '../migrations/049-archives-plan';
// Long work off the request: the job queue, asynchronous exports (050–052)
// anchor jobs (050–052)
import * as asyntask from '../migrations/050-asyntask';
// Follow-up reports and removed follow-ups (053–055)
// anchor followup-reports (053–055)
import * as followupReport from '../migrations/053-followup-report';
// Maternal and child health (issue 32): the other archives, then each group's own (056–069)
import * as archivesOther from '../migrations/056-archives-other';
// anchor maternal (057–059)
// anchor maternal-forms (060–062)
import * as maternalRiskInfectious from '../migrations/060-maternal-risk-infectious';
// anchor child (063–066)
// anchor contracts (063–065)
import * as userContracts from '../migrations/063-user-contracts';
// Task centre: doctor tasks (issue 34; 066–067)
import * as doctorTask from '../migrations/067-doctor-task';
// anchor push (068–070)
import * as pushOutbox from '../migrations/068-push-outbox';
import * as maternalRestRegion from '../migrations/071-maternal-rest-region';
// Quality management (issue 34; 073)
import * as qualityRuns from '../migrations/073-quality-runs';
// Health education: one-key batches (issue 34; 074)
import * as userPromotion from '../migrations/074-user-promotion';
// Measurements, lab and exam reports, physical-exam applications (issue 33; 075)
import * as userMeasure from '../migrations/075-user-measure';
// Print templates and printed files (issue 33; 076)
import * as reportTemplates from '../migrations/076-report-templates';
// 上报 of contracts and maternal and child cases (issue 34; 077)
import * as pushMoreSources from '../migrations/077-push-more-sources';
// The archive's contract kept by the contracts (issue 33; 078)
import * as archiveContractId from '../migrations/078-archive-contract-id';
// Messages on the detail pages and message tasks (issue 33; 079)
import * as messages from '../migrations/079-messages';
// A quality run checked against the tenant's published form version (issue 34, decision 0041; 080)
import * as qualityRunApplicability from '../migrations/080-quality-run-applicability';
// A tenant's own quality topics, edited on the screen (issue 34, decision 0042; 081)
import * as qualityTopicDocuments from '../migrations/081-quality-topic-documents';

/** Migrations are listed in code (not read from disk) so the same list runs under tsx, tests and bundles. */
const migrations: Record<string, Migration> = {
  '001-foundation': foundation,
  '002-shell': shell,
  '003-forms-records': formsRecords,
  '004-archives': archives,
  '005-crud': crud,
  '006-performance': performanceIndexes,
  '007-vouchers': vouchers,
  '008-form-designer': formDesigner,
  '009-login-security': loginSecurity,
  '010-tuberculosis-medication': tuberculosisMedication,
  '011-idempotency-scope': idempotencyScope,
  '012-archive-versions': archiveVersions,
  '013-notices-and-logs': noticesAndLogs,
  '014-workflow': workflow,
  '015-user-admin': userAdmin,
  '016-org-admin': orgAdmin,
  '017-role-menu-admin': roleMenuAdmin,
  '018-tenant-client-admin': tenantClientAdmin,
  '019-resource-admin': resourceAdmin,
  '020-dict-param-admin': dictParamAdmin,
  '021-shared-captcha': sharedCaptcha,
  '022-form-dictionaries': formDictionaries,
  '023-drugs': drugs,
  '024-api-manage': apiManage,
  // Teams and doctors (spec 002 §7 doctorteam, doctorteamdts, doctorassistant, regiondoctor): 025–029
  '025-doctor-teams': doctorTeams,
  '026-doctor-assistants': doctorAssistants,
  '027-region-doctors': regionDoctors,
  // Service catalogue (spec 002 §7 servicepack, serviceproject, indexsetting, userrecommend, drug import logs): 030–034
  '030-service-pack': servicePack,
  '031-service-project': serviceProject,
  '032-index-setting': indexSetting,
  '033-user-recommend': userRecommend,
  '034-drug-import-logs': drugImportLogs,
  // Health-record rules and integration settings (spec 002 §7 ehr, ehrproject, assehr, assehrrul, dataconversion, avuedata): 035–039
  '035-ehr-project': ehrProject,
  '036-ehr': ehr,
  '037-ass-ehr': assEhr,
  '038-data-conversion': dataConversion,
  '039-avue-data': avueData,
  // Resident-side families (spec 001 §7 family archives, transfers, message templates, …): 040–049
  '040-family-archives': familyArchives,
  '041-user-transfers': userTransfers,
  '042-msg-temp': msgTemp,
  '043-checkin-groups': checkinGroups,
  '044-user-inpatient': userInpatient,
  '045-user-visit': userVisit,
  // anchor resident-rest (046–049)
  '046-user-medication': userMedication,
  '047-user-medical': userMedical,
  '048-user-info-habits': userInfoHabits,
  '049-archives-plan': archivesPlan,
  // anchor jobs (050–052)
  '050-asyntask': asyntask,
  // anchor followup-reports (053–055)
  '053-followup-report': followupReport,
  '056-archives-other': archivesOther,
  // anchor maternal (057–059)
  // anchor maternal-forms (060–062)
  '060-maternal-risk-infectious': maternalRiskInfectious,
  // anchor child (063–066)
  // anchor contracts (063–065)
  '063-user-contracts': userContracts,
  '067-doctor-task': doctorTask,
  // anchor push (068–070)
  '068-push-outbox': pushOutbox,
  '071-maternal-rest-region': maternalRestRegion,
  '073-quality-runs': qualityRuns,
  '074-user-promotion': userPromotion,
  '075-user-measure': userMeasure,
  '076-report-templates': reportTemplates,
  '077-push-more-sources': pushMoreSources,
  '078-archive-contract-id': archiveContractId,
  '079-messages': messages,
  '080-quality-run-applicability': qualityRunApplicability,
  '081-quality-topic-documents': qualityTopicDocuments,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Every migration this build knows, in order (the readiness probe checks they are applied: http/health.ts). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

/** Runs as the owner (`opened.owner`); any database type: the migrations bring their own. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
