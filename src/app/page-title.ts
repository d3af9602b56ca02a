import { commonMessages } from '../shared/i18n/common-messages';
import type { Lang } from '../shared/i18n/define-messages';
import { routeNames } from './route-messages';
import { findRoute } from './route-table';

/** Spec §2: the login page is titled 登录 alone; every other page "<route name> - <system title>". */
export function pageTitle(pathname: string, lang: Lang): string {
  const m = commonMessages[lang];
  const route = findRoute(pathname);
  if (!route) return m.systemTitle;
  if (route.titleKey === 'login') return m.loginTitle;
  return `${routeNames[lang][route.titleKey]} - ${m.systemTitle}`;
}
