import { matchPath } from 'react-router-dom';
import type { RouteNameKey } from './route-messages';

/**
 * bare: a page of its own (login, lock, status pages); shell: inside the standard shell;
 * detail: the full-page detail layout (spec §2); window: opened in its own window, no shell.
 */
export type RouteLayout = 'bare' | 'shell' | 'detail' | 'window';

export interface RouteMeta {
  path: string;
  /** Spec §2 "isAuth false": reachable without logging in. */
  isPublic: boolean;
  /** Message key (route-messages.ts) of the route name: title and tab label. */
  titleKey: RouteNameKey;
  /** Spec §2 "isTab false": shown without adding a tab. Public pages are never tabbed. */
  isTab?: boolean;
  layout: RouteLayout;
}

const page = (path: string, titleKey: RouteNameKey, layout: RouteLayout = 'shell', isTab?: boolean): RouteMeta => ({
  path,
  isPublic: false,
  titleKey,
  layout,
  ...(isTab === undefined ? {} : { isTab }),
});
const open = (path: string, titleKey: RouteNameKey, layout: RouteLayout = 'bare'): RouteMeta => ({ path, isPublic: true, titleKey, layout, isTab: false });

/** Every page the app knows (spec 000 §2 and the seeded menus); anything else is a 404. */
export const ROUTE_TABLE: readonly RouteMeta[] = [
  open('/login', 'login'),
  open('/login/:platform', 'login'),
  open('/sso/yunan', 'sso'),
  open('/HISlogin', 'hisLogin'),
  open('/lock', 'lock'),
  open('/404', 'notFound'),
  open('/403', 'forbidden'),
  open('/500', 'serverError'),
  // Public as the spec lists it; shown inside the shell (and tabbed) when a user is logged in.
  { path: '/myiframe/*', isPublic: true, titleKey: 'iframe', layout: 'shell' },

  page('/home/index', 'home'),
  page('/home/dashboard', 'dashboard'),
  page('/home/morefollowupstatus', 'followupStatus'),
  page('/info/index', 'info'),
  page('/dict-horizontal/index', 'dictHorizontal'),
  page('/dict-vertical/index', 'dictVertical'),
  page('/task/user_followup/index', 'taskCentre'),
  page('/submission_management/index', 'submission'),
  page('/propaganda_education/index', 'propaganda'),
  page('/work/process/leave/form/:processDefinitionId', 'leaveForm'),
  page('/work/process/leave/handle/:taskId/:processInstanceId/:businessId', 'leaveHandle'),
  page('/work/process/leave/detail/:processInstanceId/:businessId', 'leaveDetail'),
  page('/publichealthwork/index', 'publicHealth'),
  page('/publichealthwork/jump', 'phJump'),
  page('/publichealthwork/addarchive', 'phAddArchive'),
  page('/publichealthwork/addarchivefast', 'phAddArchiveFast'),
  page('/publichealthwork/children', 'phChildren'),
  page('/publichealthwork/editarchiveindex', 'phEditArchive'),
  page('/publichealthwork/signindex', 'phSign'),
  page('/publichealthwork/onekeyeducation', 'phOneKeyEducation'),
  page('/publichealthwork/detail/*', 'phDetail', 'detail'),
  page('/publichealthwork/maternal/*', 'phMaternal', 'detail'),
  page('/publichealthwork/ipad/*', 'phIpad', 'detail'),
  page('/qualitymanage/*', 'qualityManage'),
  page('/statisticalreport/*', 'statisticalReport'),
  page('/window/publichealthwork/addarchivefast', 'windowAddArchiveFast', 'window', false),
  page('/window/publichealthwork/jumparchive', 'windowJumpArchive', 'window', false),
  page('/system/param/index', 'systemParam'),
  page('/system/form/index', 'formDesign'),
  page('/form-preview/:formCode', 'formPreview'),
];

export function findRoute(pathname: string): RouteMeta | undefined {
  return ROUTE_TABLE.find((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
}

export const isLoginPath = (pathname: string): boolean => findRoute(pathname)?.titleKey === 'login';
