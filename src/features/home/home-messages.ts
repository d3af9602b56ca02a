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
  },
  {
    welcome: (name: string) => `Welcome, ${name}`,
    realName: 'Name',
    account: 'Account',
    role: 'Role',
    institution: 'Institution',
    logout: 'Log out',
    unknown: '—',
  },
);
