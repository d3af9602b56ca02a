import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { getUserInfo } from '../api/session';
import { LoginPage } from '../features/auth/login-page';
import { FIRST_PAGE_PATH } from '../shared/config';
import {
  AccessGate,
  ArchiveDetailPage,
  ArchiveListPage,
  DetailLayout,
  DictHorizontalPage,
  DictVerticalPage,
  FormDesignerPage,
  FormPreviewPage,
  HisLoginPage,
  IframePage,
  inSuspense,
  LockPage,
  PlaceholderPage,
  ProfilePage,
  SessionWatch,
  ShellLayout,
  SsoPage,
  StatusPage,
  SystemParamPage,
  AsyncTaskPage,
  // anchor maternal lazy
  MaternalPage,
  MaternalListPage,
  // anchor child lazy
  GrowthChartPage,
  ChildFilingPage,
  ArchiveJumpPage,
  // anchor task-centre lazy
  TaskCentrePage,
  // anchor contracts lazy
  ContractListPage,
  // anchor push lazy
  SubmissionPage,
  QualityPage,
  FollowupStatusPage,
  // anchor statistics imports
  StatisticsPage,
  // anchor education lazy
  EducationPage,
  OneKeyEducationPage,
  // anchor prints lazy
  ReportFilesPage,
} from './lazy-screens';
import { RouteGuard } from './route-guard';
import { ROUTE_TABLE, type RouteLayout } from './route-table';
import type { ShellExtras } from './shell/shell-layout';

/** Role aliases that may edit forms, and so see a form's unpublished working copy (the server's form-access.ts). */
const FORM_EDITORS = new Set(['administrator', 'admin']);

/** /form-preview: ?working=1 (the unpublished working copy) only for those who may edit forms. */
function FormPreviewScreen() {
  const aliases = (getUserInfo()?.role_alias ?? '').split(',').map((a) => a.trim());
  return <FormPreviewPage canSeeWorkingCopy={aliases.some((a) => FORM_EDITORS.has(a))} />;
}

/**
 * The screens built so far, by route path; every other route of ROUTE_TABLE shows a placeholder
 * naming what it will hold. /home/index renders nothing here: the shell keeps it alive itself.
 * Only the login page is imported here; every other screen is loaded on its first visit
 * (lazy-screens.tsx), so the login page downloads little (scripts/bundle-budget.ts checks it).
 */
const SCREENS: Record<string, ReactNode> = {
  '/login': <LoginPage />,
  '/login/:platform': <LoginPage />,
  '/sso/yunan': inSuspense(<SsoPage />, true),
  '/HISlogin': inSuspense(<HisLoginPage />, true),
  '/lock': inSuspense(<LockPage />, true),
  '/404': inSuspense(<StatusPage status={404} />, true),
  '/403': inSuspense(<StatusPage status={403} />, true),
  '/500': inSuspense(<StatusPage status={500} />, true),
  '/myiframe/*': inSuspense(<IframePage />),
  '/home/index': null,
  '/info/index': inSuspense(<ProfilePage />),
  '/publichealthwork/index': inSuspense(<ArchiveListPage />),
  // 新增档案 and 快速建档 open the list's add dialog at once, the latter reading the ID card (decision 0051).
  '/publichealthwork/addarchive': inSuspense(<ArchiveListPage addOnOpen="form" />),
  '/publichealthwork/addarchivefast': inSuspense(<ArchiveListPage addOnOpen="card" />),
  '/window/publichealthwork/addarchivefast': inSuspense(<ArchiveListPage addOnOpen="card" />),
  '/publichealthwork/detail/*': inSuspense(<ArchiveDetailPage />),
  '/form-preview/:formCode': inSuspense(<FormPreviewScreen />),
  '/dict-horizontal/index': inSuspense(<DictHorizontalPage />),
  '/dict-vertical/index': inSuspense(<DictVerticalPage />),
  '/system/param/index': inSuspense(<SystemParamPage />),
  '/system/form/index': inSuspense(<FormDesignerPage />),
  '/system/asyntask/index': inSuspense(<AsyncTaskPage />),
  // anchor maternal screens
  '/publichealthwork/maternal/*': inSuspense(<MaternalPage />),
  '/publichealthwork/detail/maternal': inSuspense(<MaternalListPage />),
  // anchor child screens
  // Spec 001 §2: children is the child filing screen; the growth chart one of the child's archive pages.
  '/publichealthwork/children': inSuspense(<ChildFilingPage />),
  // 档案跳转: an external system opens a resident's archive by identity number (decision 0050).
  '/publichealthwork/jump': inSuspense(<ArchiveJumpPage />),
  '/window/publichealthwork/jumparchive': inSuspense(<ArchiveJumpPage />),
  '/publichealthwork/editarchiveindex': inSuspense(<ArchiveJumpPage edit />),
  '/publichealthwork/detail/growthchart': inSuspense(<GrowthChartPage />),
  // anchor task-centre screens
  '/task/user_followup/index': inSuspense(<TaskCentrePage />),
  // anchor contracts screens
  // 签约管理 (menu 3770): the tenant's family-doctor contracts and their state actions.
  '/publichealthwork/signindex': inSuspense(<ContractListPage />),
  // anchor push screens
  '/submission_management/index': inSuspense(<SubmissionPage />),
  '/home/morefollowupstatus': inSuspense(<FollowupStatusPage />),
  // anchor statistics screens
  '/statisticalreport/index': <Navigate to="/statisticalreport/workloadstatistics" replace />,
  '/statisticalreport/workloadstatistics': inSuspense(<StatisticsPage report="workload" />),
  '/statisticalreport/keypopulationhealthmanage': inSuspense(<StatisticsPage report="keyPopulation" />),
  // anchor quality screens
  // 质量管理 (menu 3007): the topics, the topic editor (/qualitymanage/edit) and, at /qualitymanage/:code,
  // one topic's failing records — one screen routing within itself; the route table names each tab.
  '/qualitymanage/index': inSuspense(<QualityPage />),
  '/qualitymanage/edit': inSuspense(<QualityPage />),
  '/qualitymanage/*': inSuspense(<QualityPage />),
  // anchor education screens
  '/propaganda_education/index': inSuspense(<EducationPage />),
  '/publichealthwork/onekeyeducation': inSuspense(<OneKeyEducationPage />),
  // anchor prints screens
  '/reportfile/index': inSuspense(<ReportFilesPage />),
};

/** Mounted once inside the logged-in layouts: the session timers and their warnings. */
const EXTRAS: ShellExtras = {
  sessionWatch: (
    <Suspense fallback={null}>
      <SessionWatch />
    </Suspense>
  ),
};

const childrenOf = (layout: RouteLayout): RouteObject[] =>
  ROUTE_TABLE.filter((r) => r.layout === layout).map((r) => ({
    path: r.path,
    element: r.path in SCREENS ? SCREENS[r.path] : inSuspense(<PlaceholderPage />),
  }));

/** New-window pages have no layout to check the menus for them (the shell and detail layouts do it themselves). */
const windowChildren = (): RouteObject[] =>
  childrenOf('window').map((r) => ({ ...r, element: inSuspense(<AccessGate>{r.element}</AccessGate>, true) }));

/** Built from ROUTE_TABLE (route-table.ts), which the guard, the titles and the tabs read too. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      { path: '/', element: <Navigate to={FIRST_PAGE_PATH} replace /> },
      { path: '/home', element: <Navigate to={FIRST_PAGE_PATH} replace /> },
      ...childrenOf('bare'),
      ...windowChildren(),
      { element: inSuspense(<ShellLayout extras={EXTRAS} />, true), children: childrenOf('shell') },
      { element: inSuspense(<DetailLayout sessionWatch={EXTRAS.sessionWatch} />, true), children: childrenOf('detail') },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
