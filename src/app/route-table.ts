import { matchPath } from 'react-router-dom';
import type { commonMessages } from '../shared/i18n/common-messages';

type TitleKey = keyof typeof commonMessages.zh;

export interface RouteMeta {
  path: string;
  /** Spec §2 "isAuth false": reachable without logging in. */
  isPublic: boolean;
  /** Message key of the route name shown in the title. */
  title: TitleKey;
}

/** Every page the app knows; anything else is a 404 (spec §2). */
export const ROUTE_TABLE: readonly RouteMeta[] = [
  { path: '/login', isPublic: true, title: 'loginTitle' },
  { path: '/login/:platform', isPublic: true, title: 'loginTitle' },
  { path: '/404', isPublic: true, title: 'notFoundRoute' },
  { path: '/403', isPublic: true, title: 'forbiddenRoute' },
  { path: '/500', isPublic: true, title: 'serverErrorRoute' },
  { path: '/home/index', isPublic: false, title: 'homeRoute' },
];

export function findRoute(pathname: string): RouteMeta | undefined {
  return ROUTE_TABLE.find((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
}

export const isLoginPath = (pathname: string): boolean => findRoute(pathname)?.title === 'loginTitle';
