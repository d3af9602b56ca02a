import { matchPath } from 'react-router-dom';
import { CRUD_ROUTES } from '../features/admin/crud-routes';
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
  /**
   * Which menu grant opens the page to a signed-in user (route-access.ts): 'always' for the shell's
   * own pages, a menu path for pages reached from inside that menu's screen (an archive's detail
   * from 居民健康档案); absent, a menu of the user must itself lead here.
   */
  grant?: 'always' | string;
}

const page = (
  path: string,
  titleKey: RouteNameKey,
  layout: RouteLayout = 'shell',
  isTab?: boolean,
  grant?: RouteMeta['grant'],
): RouteMeta => ({
  path,
  isPublic: false,
  titleKey,
  layout,
  ...(isTab === undefined ? {} : { isTab }),
  ...(grant === undefined ? {} : { grant }),
});
/** A page every signed-in user may open, whatever the menus say. */
const shellPage = (path: string, titleKey: RouteNameKey): RouteMeta => page(path, titleKey, 'shell', undefined, 'always');
/** A page inside the resident-archive work: open to whoever holds the menu 居民健康档案. */
const ARCHIVES_MENU = '/publichealthwork/index';
const archivePage = (path: string, titleKey: RouteNameKey, layout: RouteLayout = 'shell', isTab?: boolean): RouteMeta =>
  page(path, titleKey, layout, isTab, ARCHIVES_MENU);
const open = (path: string, titleKey: RouteNameKey, layout: RouteLayout = 'bare'): RouteMeta => ({
  path,
  isPublic: true,
  titleKey,
  layout,
  isTab: false,
});

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

  shellPage('/home/index', 'home'),
  shellPage('/home/dashboard', 'dashboard'),
  page('/home/morefollowupstatus', 'followupStatus'),
  shellPage('/info/index', 'info'),
  page('/dict-horizontal/index', 'dictHorizontal'),
  page('/dict-vertical/index', 'dictVertical'),
  page('/task/user_followup/index', 'taskCentre'),
  page('/system/asyntask/index', 'asyntask'),
  page('/submission_management/index', 'submission'),
  page('/propaganda_education/index', 'propaganda'),
  // The leave workflow's pages are reached from the home page's to-do list, not from a menu.
  shellPage('/work/process/leave/form/:processDefinitionId', 'leaveForm'),
  shellPage('/work/process/leave/handle/:taskId/:processInstanceId/:businessId', 'leaveHandle'),
  shellPage('/work/process/leave/detail/:processInstanceId/:businessId', 'leaveDetail'),
  page('/publichealthwork/index', 'publicHealth'),
  // A passage, not a screen: it replaces itself with the archive, so it opens no tab.
  archivePage('/publichealthwork/jump', 'phJump', 'shell', false),
  archivePage('/publichealthwork/addarchive', 'phAddArchive'),
  archivePage('/publichealthwork/addarchivefast', 'phAddArchiveFast'),
  archivePage('/publichealthwork/children', 'phChildren'),
  archivePage('/publichealthwork/editarchiveindex', 'phEditArchive', 'shell', false),
  archivePage('/publichealthwork/signindex', 'phSign'),
  archivePage('/publichealthwork/onekeyeducation', 'phOneKeyEducation'),
  // The maternal management list (spec 001: /publichealthwork/detail/maternal, also the shell's close target) before the archive pages.
  archivePage('/publichealthwork/detail/maternal', 'phMaternalList', 'detail'),
  // The child's growth chart (spec 001 §2 child management … growth chart), before the archive pages too.
  archivePage('/publichealthwork/detail/growthchart', 'phGrowthChart', 'detail'),
  archivePage('/publichealthwork/detail/*', 'phDetail', 'detail'),
  archivePage('/publichealthwork/maternal/*', 'phMaternal', 'detail'),
  archivePage('/publichealthwork/ipad/*', 'phIpad', 'detail'),
  // 质量管理: /qualitymanage/index (the topics) and /qualitymanage/<topic code> (its failing records), one screen (src/features/quality).
  page('/qualitymanage/index', 'qualityManage'),
  // Inside 质量管理's screen: the topic editor and a topic's page are tabs of their own, named for what they are.
  page('/qualitymanage/edit', 'qualityTopicEdit', 'shell', undefined, '/qualitymanage/index'),
  page('/qualitymanage/*', 'qualityTopic', 'shell', undefined, '/qualitymanage/index'),
  // 统计报表 (menu /statisticalreport/index): the index opens the first report; both reports are the menu's pages.
  page('/statisticalreport/index', 'statisticalReport', 'shell', false),
  page('/statisticalreport/workloadstatistics', 'workloadStatistics', 'shell', undefined, '/statisticalreport/index'),
  page('/statisticalreport/keypopulationhealthmanage', 'keyPopulationHealth', 'shell', undefined, '/statisticalreport/index'),
  archivePage('/window/publichealthwork/addarchivefast', 'windowAddArchiveFast', 'window', false),
  archivePage('/window/publichealthwork/jumparchive', 'windowJumpArchive', 'window', false),
  page('/system/form/index', 'formDesign'),
  // A read-only look at a published form (form definitions are readable by every signed-in user).
  shellPage('/form-preview/:formCode', 'formPreview'),
  // The administration screens described by CRUD documents (schemas/crud/*.crud.json, 系统参数 among
  // them): one page each, opened by the user's menu like any other.
  ...CRUD_ROUTES.map((r) => page(r.path, r.titleKey as RouteNameKey)),
  // 报表文件 (menu 3975): the caller's printed files.
  page('/reportfile/index', 'reportFiles'),
];

export function findRoute(pathname: string): RouteMeta | undefined {
  return ROUTE_TABLE.find((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
}

export const isLoginPath = (pathname: string): boolean => findRoute(pathname)?.titleKey === 'login';
