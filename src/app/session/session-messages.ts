import { defineMessages } from '../../shared/i18n/define-messages';

/** What the session timers say (spec 000 §8: the Chinese texts are the spec's own). */
export const sessionMessages = defineMessages(
  {
    idleTitle: '提示',
    idleWarning: (seconds: number) => `长时间未操作系统,${seconds}秒后将退出系统`,
    stay: '继续使用',
    abnormal: '状态异常，请重新登录',
    maintenanceLogout: '系统正在更新/维护,请稍后...',
    maintenanceDefault: (seconds: number) => `服务器将在${seconds}秒后重启，请暂停录入以免数据丢失，预计维护约20分钟`,
  },
  {
    idleTitle: 'Notice',
    idleWarning: (seconds: number) => `No activity for a long time: you will be logged out in ${seconds} seconds`,
    stay: 'Keep working',
    abnormal: 'Abnormal session state, please log in again',
    maintenanceLogout: 'The system is being updated or maintained, please try again later...',
    maintenanceDefault: (seconds: number) =>
      `The server restarts in ${seconds} seconds; pause data entry to avoid losing data (maintenance takes about 20 minutes)`,
  },
);
