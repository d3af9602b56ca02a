import { defineMessages } from './define-messages';
import { SYSTEM_TITLE_EN, SYSTEM_TITLE_ZH } from '../config';

/** Strings more than one layer shows: the system title, route names, the language switch. */
export const commonMessages = defineMessages(
  {
    systemTitle: SYSTEM_TITLE_ZH,
    loginTitle: '登录',
    homeRoute: '首页',
    notFoundRoute: '页面不存在',
    forbiddenRoute: '无权访问',
    serverErrorRoute: '服务器错误',
    language: '语言',
    langZh: '中文',
    langEn: 'English',
    backHome: '返回首页',
    notFoundText: '抱歉，您访问的页面不存在。',
    forbiddenText: '抱歉，您无权访问此页面。',
    serverErrorText: '抱歉，服务器出错了。',
  },
  {
    systemTitle: SYSTEM_TITLE_EN,
    loginTitle: 'Sign in',
    homeRoute: 'Home',
    notFoundRoute: 'Page not found',
    forbiddenRoute: 'Forbidden',
    serverErrorRoute: 'Server error',
    language: 'Language',
    langZh: '中文',
    langEn: 'English',
    backHome: 'Back home',
    notFoundText: 'Sorry, the page you visited does not exist.',
    forbiddenText: 'Sorry, you are not allowed to see this page.',
    serverErrorText: 'Sorry, something went wrong on the server.',
  },
);
