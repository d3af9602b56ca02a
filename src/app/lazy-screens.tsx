import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isCrudRoute } from '../features/admin/crud-routes';
import { PageLoading } from './page-loading';

/**
 * The screens behind the login, each loaded when its route is first visited (issue 17: the login
 * page must load at most 300 KB of JavaScript gzip; `npm test` checks it with
 * scripts/bundle-budget.ts). Anything imported statically from router.tsx lands in the login
 * download, so heavy screens — the form runtime, the designer with CodeMirror, charts, Excel —
 * must be listed here instead. A page module, once loaded, stays cached: a tab reopened later
 * remounts it without a new download or a spinner.
 */
function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  // React.lazy wants a default export; the app's modules export named components.
  return lazy(async () => ({ default: await load() }));
}

/** A lazy page inside a layout: the layout stays, the content area shows the loading state. */
export const inSuspense = (element: ReactNode, fill = false): ReactNode => (
  <Suspense fallback={<PageLoading fill={fill} />}>{element}</Suspense>
);

// Pages of their own that a login does not need: the lock screen, SSO and HIS entries, status pages.
export const LockPage = lazyNamed(() => import('./lock/lock-page').then((m) => m.LockPage));
export const SsoPage = lazyNamed(() => import('./placeholders/sso-page').then((m) => m.SsoPage));
export const HisLoginPage = lazyNamed(() => import('./placeholders/his-login-page').then((m) => m.HisLoginPage));
export const IframePage = lazyNamed(() => import('./placeholders/iframe-page').then((m) => m.IframePage));
const Placeholder = lazyNamed(() => import('./placeholders/placeholder-page').then((m) => m.PlaceholderPage));
// The one generic entry of the administration screens: a route a CRUD document describes
// (schemas/crud/*.crud.json) shows that document's page; the others still wait for their screens.
const AdminScreen = lazyNamed(() => import('../features/admin/admin-screen').then((m) => m.AdminScreen));
export function PlaceholderPage() {
  const { pathname } = useLocation();
  return isCrudRoute(pathname) ? <AdminScreen /> : <Placeholder />;
}
export const StatusPage = lazyNamed(() => import('./status-page').then((m) => m.StatusPage));

// The menu check of pages shown outside the layouts (the new-window pages); the layouts import it themselves.
export const AccessGate = lazyNamed(() => import('./access-gate').then((m) => m.AccessGate));

// The logged-in layouts and the screens inside them.
export const ShellLayout = lazyNamed(() => import('./shell/shell-layout').then((m) => m.ShellLayout));
export const DetailLayout = lazyNamed(() => import('./shell/detail-layout').then((m) => m.DetailLayout));
export const SessionWatch = lazyNamed(() => import('./session/session-watch').then((m) => m.SessionWatch));
export const ArchiveListPage = lazyNamed(() => import('../features/archives/archive-list-page').then((m) => m.ArchiveListPage));
// The archive page with the other features' archive pages (the child growth chart): src/app/archive-screen.tsx.
export const ArchiveDetailPage = lazyNamed(() => import('./archive-screen').then((m) => m.ArchiveScreen));
export const DictHorizontalPage = lazyNamed(() => import('../features/dict/dict-horizontal-page').then((m) => m.DictHorizontalPage));
export const DictVerticalPage = lazyNamed(() => import('../features/dict/dict-vertical-page').then((m) => m.DictVerticalPage));
export const FormDesignerPage = lazyNamed(() => import('../features/form-designer/form-designer-page').then((m) => m.FormDesignerPage));
export const ProfilePage = lazyNamed(() => import('../features/profile/profile-page').then((m) => m.ProfilePage));
export const SystemParamPage = lazyNamed(() => import('../features/system-params/system-param-page').then((m) => m.SystemParamPage));
export const AsyncTaskPage = lazyNamed(() => import('../features/asyntask/asyntask-page').then((m) => m.AsyncTaskPage));
export const FormPreviewPage = lazyNamed(() => import('../form-runtime').then((m) => m.FormPreviewPage));
// anchor maternal lazy
export const MaternalPage = lazyNamed(() => import('./maternal-screen').then((m) => m.MaternalScreen));
export const MaternalListPage = lazyNamed(() => import('./maternal-screen').then((m) => m.MaternalListScreen));
// anchor child lazy
// The growth chart is a page of the child's archive detail, with its header and left menu.
export const GrowthChartPage = lazyNamed(() => import('./archive-screen').then((m) => m.GrowthChartScreen));
export const ChildFilingPage = lazyNamed(() => import('../features/child-health/child-filing-page').then((m) => m.ChildFilingPage));
export const ArchiveJumpPage = lazyNamed(() => import('../features/archive-jump/archive-jump-page').then((m) => m.ArchiveJumpPage));
// anchor task-centre lazy
export const TaskCentrePage = lazyNamed(() => import('../features/task-centre/task-centre-page').then((m) => m.TaskCentrePage));
// anchor contracts lazy
export const ContractListPage = lazyNamed(() => import('../features/contracts/contract-list-page').then((m) => m.ContractListPage));
// anchor push lazy
export const SubmissionPage = lazyNamed(() => import('../features/push/submission-page').then((m) => m.SubmissionPage));
export const FollowupStatusPage = lazyNamed(() => import('../features/push/followup-status-page').then((m) => m.FollowupStatusPage));
// anchor statistics lazy
export const StatisticsPage = lazyNamed(() => import('../features/statistics/statistics-page').then((m) => m.StatisticsPage));
// anchor quality screens
export const QualityPage = lazyNamed(() => import('../features/quality/quality-page').then((m) => m.QualityPage));
// anchor education lazy
export const EducationPage = lazyNamed(() => import('../features/education/education-page').then((m) => m.EducationPage));
export const OneKeyEducationPage = lazyNamed(() =>
  import('../features/education/one-key-education-page').then((m) => m.OneKeyEducationPage),
);
// anchor prints lazy
export const ReportFilesPage = lazyNamed(() => import('../features/report-files/report-files-page').then((m) => m.ReportFilesPage));
