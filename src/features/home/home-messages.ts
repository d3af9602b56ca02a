import { defineMessages } from '../../shared/i18n/define-messages';

export const homeMessages = defineMessages(
  {
    welcome: (name: string) => `欢迎，${name}`,
    realName: '姓名',
    account: '账号',
    role: '角色',
    institution: '所属机构',
    logout: '退出登录',
    unknown: '—',
    taskCentre: '任务中心',
    overdue: '已逾期',
    soon: '即将到期',
    period: '本期应随访',
    doctorTasks: '医生任务',
  },
  {
    welcome: (name: string) => `Welcome, ${name}`,
    realName: 'Name',
    account: 'Account',
    role: 'Role',
    institution: 'Institution',
    logout: 'Log out',
    unknown: '—',
    taskCentre: 'Task centre',
    overdue: 'Overdue',
    soon: 'Due soon',
    period: 'Due this period',
    doctorTasks: 'Doctor tasks',
  },
);
