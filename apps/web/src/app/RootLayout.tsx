import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { pathFromShareHash } from '../lib/share-links';

/**
 * Top of every route. Share links arrive as `/#/video/{id}` (spec §2.1): they are replaced by
 * the real page before anything renders.
 */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  const sharedPath = pathname === '/' ? pathFromShareHash(hash) : null;
  if (sharedPath) return <Navigate to={sharedPath} replace />;
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
