import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from './page-loading';
import { usePageAccess } from './page-access';
import { StatusPage } from './status-page';

/**
 * Shows the routed page only when the user's menus grant it (page-access.ts), else the 403 page in
 * its place — inside the layout, so the sidebar and tabs stay to go elsewhere. The menus are the
 * sidebar's own call (same SWR key), so this costs no extra request.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const access = usePageAccess(pathname);
  if (access === 'pending') return <PageLoading />;
  if (access === 'refused') return <StatusPage status={403} />;
  return children;
}
