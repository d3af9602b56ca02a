import { defineMessages } from '../../shared/i18n/define-messages';

/** The dictionary sync dialog (spec 002 §2, §5: 请选择目标租户 stays Chinese in both languages). */
export const dictSyncMessages = defineMessages(
  {
    title: '业务字典同步',
    sync: '同步',
    range: '日期范围',
    selectAll: '全选',
    over: '覆盖已有数据',
    pickTenant: '请选择目标租户',
    confirmChosen: '确定同步所选数据?',
    confirmAll: '确定同步全部数据?',
    nothing: '没有可同步的字典',
    progress: '同步进度',
    syncing: (name: string) => `正在同步：${name}`,
    done: '同步完成',
    failed: '同步失败',
  },
  {
    title: 'Sync business dictionaries',
    sync: 'Sync',
    range: 'Date range',
    selectAll: 'Select all',
    over: 'Overwrite existing data',
    pickTenant: '请选择目标租户',
    confirmChosen: 'Sync the selected data?',
    confirmAll: 'Sync all data?',
    nothing: 'No dictionary to sync',
    progress: 'Sync progress',
    syncing: (name: string) => `Syncing ${name}`,
    done: 'Sync finished',
    failed: 'Sync failed',
  },
);
