import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { HomePage } from '../features/home/home-page';
import { LoginPage } from '../features/auth/login-page';
import { FIRST_PAGE_PATH } from '../shared/config';
import { RouteGuard } from './route-guard';
import { StatusPage } from './status-page';

/** Keep in step with ROUTE_TABLE (route-table.ts), which the guard and the titles read. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      { path: '/', element: <Navigate to={FIRST_PAGE_PATH} replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/login/:platform', element: <LoginPage /> },
      { path: '/home/index', element: <HomePage /> },
      { path: '/404', element: <StatusPage status={404} /> },
      { path: '/403', element: <StatusPage status={403} /> },
      { path: '/500', element: <StatusPage status={500} /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
