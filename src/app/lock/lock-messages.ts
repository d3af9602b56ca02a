import { defineMessages } from '../../shared/i18n/define-messages';

export const lockMessages = defineMessages(
  {
    locked: '屏幕已锁定',
    hint: '请输入锁屏密码解锁',
    password: '锁屏密码',
    required: '锁屏密码不能为空',
    wrong: '锁屏密码不正确',
    unlock: '解锁',
    logout: '退出登录',
  },
  {
    locked: 'Screen locked',
    hint: 'Enter the lock password to unlock',
    password: 'Lock password',
    required: 'The lock password is required',
    wrong: 'Wrong lock password',
    unlock: 'Unlock',
    logout: 'Log out',
  },
);
