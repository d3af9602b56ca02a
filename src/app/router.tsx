import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ArchiveListPage } from '../features/archives/archive-list-page';
import { LoginPage } from '../features/auth/login-page';
import { DictHorizontalPage } from '../features/dict/dict-horizontal-page';
import { DictVerticalPage } from '../features/dict/dict-vertical-page';
import { ArchiveDetailPage } from '../features/followups/archive-detail-page';
import { FormDesignerPage } from '../features/form-designer/form-designer-page';
import { ProfilePage } from '../features/profile/profile-page';
import { SystemParamPage } from '../features/system-params/system-param-page';
import { FormPreviewPage } from '../form-runtime';
import { FIRST_PAGE_PATH } from '../shared/config';
import { LockPage } from './lock/lock-page';
import { HisLoginPage } from './placeholders/his-login-page';
import { IframePage } from './placeholders/iframe-page';
import { PlaceholderPage } from './placeholders/placeholder-page';
import { SsoPage } from './placeholders/sso-page';
import { RouteGuard } from './route-guard';
import { SessionWatch } from './session/session-watch';
import { ROUTE_TABLE, type RouteLayout } from './route-table';
import { DetailLayout } from './shell/detail-layout';
import { ShellLayout, type ShellExtras } from './shell/shell-layout';
import { StatusPage } from './status-page';

/**
 * The screens built so far, by route path; every other route of ROUTE_TABLE shows a placeholder
 * naming what it will hold. /home/index renders nothing here: the shell keeps it alive itself.
 */
const SCREENS: Record<string, ReactNode> = {
  '/login': <LoginPage />,
  '/login/:platform': <LoginPage />,
  '/sso/yunan': <SsoPage />,
  '/HISlogin': <HisLoginPage />,
  '/lock': <LockPage />,
  '/404': <StatusPage status={404} />,
  '/403': <StatusPage status={403} />,
  '/500': <StatusPage status={500} />,
  '/myiframe/*': <IframePage />,
  '/home/index': null,
  '/info/index': <ProfilePage />,
  '/publichealthwork/index': <ArchiveListPage />,
  '/publichealthwork/detail/*': <ArchiveDetailPage />,
  '/form-preview/:formCode': <FormPreviewPage />,
  '/dict-horizontal/index': <DictHorizontalPage />,
  '/dict-vertical/index': <DictVerticalPage />,
  '/system/param/index': <SystemParamPage />,
  '/system/form/index': <FormDesignerPage />,
};

/** Mounted once inside the logged-in layouts: the session timers and their warnings. */
const EXTRAS: ShellExtras = { sessionWatch: <SessionWatch /> };

const childrenOf = (layout: RouteLayout): RouteObject[] =>
  ROUTE_TABLE.filter((r) => r.layout === layout).map((r) => ({ path: r.path, element: r.path in SCREENS ? SCREENS[r.path] : <PlaceholderPage /> }));

/** Built from ROUTE_TABLE (route-table.ts), which the guard, the titles and the tabs read too. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      { path: '/', element: <Navigate to={FIRST_PAGE_PATH} replace /> },
      { path: '/home', element: <Navigate to={FIRST_PAGE_PATH} replace /> },
      ...childrenOf('bare'),
      ...childrenOf('window'),
      { element: <ShellLayout extras={EXTRAS} />, children: childrenOf('shell') },
      { element: <DetailLayout sessionWatch={EXTRAS.sessionWatch} />, children: childrenOf('detail') },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
