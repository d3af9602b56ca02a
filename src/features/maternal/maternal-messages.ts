import { MATERNAL_SAVE_CALLS } from '../../shared/contract/maternal-saves';

/** The maternal screens' words (Chinese only, as the spec's). */
export const RISK_COLORS: Record<string, { color: string; text: string }> = {
  green: { color: 'green', text: '绿色(低风险)' },
  yellow: { color: 'gold', text: '黄色(一般风险)' },
  orange: { color: 'orange', text: '橙色(较高风险)' },
  red: { color: 'red', text: '红色(高风险)' },
  purple: { color: 'purple', text: '紫色(传染性疾病)' },
};

/** Where each maternal form is saved: its spec call (the shared contract's), which checks the case and updates it after the save. */
export const MATERNAL_SAVE_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(MATERNAL_SAVE_CALLS).map(([code, path]) => [code, `/api${path}`]),
);

const U = '/api/blade-iph-business/userfollowup';

/**
 * Where a maternal form's records are listed when the spec names a list call for it (archId, otherId:
 * the case's records, as an array); the others list through userfollowup/new-list with the otherId.
 */
export const MATERNAL_LIST_PATHS: Readonly<Record<string, string>> = {
  maternalnewborn: `${U}/list-maternal-newborn-registration`,
};

/**
 * The 新生儿访视 tab (docs/decisions/0043): the newborn home visits of this pregnancy's babies are
 * the babies' own records (新生儿家庭访视记录表, filed under each child case), listed for the mother
 * by list-maternal-children-visits and saved by save-maternal-children-visits.
 */
export const BABY_VISIT = {
  formCode: 'childnewbornvisit',
  label: '新生儿家庭访视',
  listPath: `${U}/list-maternal-children-visits`,
  submitPath: `${U}/save-maternal-children-visits`,
} as const;

/** A form a tab holds: its code (a key of MATERNAL_SAVE_PATHS, or saved by the generic submit) and the words its page names its records by. */
export interface MaternalTabForm {
  code: string;
  label: string;
}

/**
 * A top tab as the shell's table states it (spec 001 line 17): its key, words, order and the setting
 * that shows it. Which forms a tab hosts is not here: the forms' own placement says it
 * (maternal-tabs.ts), so a published maternal form needs no change to this table.
 */
export interface MaternalShellTab {
  key: string;
  label: string;
  /** The system parameter and the value it must hold for the tab to show. */
  shownWhen?: { param: string; equals?: string; not?: string };
  /**
   * This tab shows the page the maternal forms' placement tabs are hosted on (their `host`, the
   * form with the archive menu entry 孕产妇产检), under this sub-tab title, with the forms placed
   * on that page whose tab title names no tab of the shell.
   */
  hostPage?: string;
}

/** A top tab with the forms placed in it (none: the tab shows its own screen, or nothing). */
export interface MaternalTab extends MaternalShellTab {
  formCodes?: MaternalTabForm[];
}

export const MATERNAL_SHELL_TABS: readonly MaternalShellTab[] = [
  { key: 'maternalArchive', label: '孕产妇档案' },
  // 产前筛查: the spec names no save call for it: saved by userfollowup/submit with the case's otherId (checked there too).
  { key: 'maternalScreening', label: '产前筛查', shownWhen: { param: 'HIDE_PRENATAL_SCREENING', not: '1' } },
  { key: 'maternalFollowUp', label: '产检随访', hostPage: '第1次产前检查' },
  { key: 'maternalProformation', label: '产时信息' },
  { key: 'maternalNeonatalvisit', label: '新生儿登记', shownWhen: { param: 'mother-newborn-visit', equals: '2' } },
  { key: 'maternalVisit', label: '产后访视' },
  { key: 'maternalBabyVisit', label: '新生儿访视', shownWhen: { param: 'isShowBabyVisit', equals: '1' } },
  { key: 'maternalPosExamination', label: '产后42天健康检查' },
  { key: 'maternalDeathOfReport', label: '孕产妇死亡报告卡' },
  { key: 'maternalfiles', label: '孕产妇手册' },
];

/**
 * The management list, where spec 001 puts it (/publichealthwork/detail/maternal: the route table
 * ranks it before the archive pages' /publichealthwork/detail/*); the shell's route without arch_id
 * shows it too.
 */
export const LIST_PATH = '/publichealthwork/detail/maternal';
