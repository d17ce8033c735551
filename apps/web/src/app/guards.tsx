import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginPath } from '../lib/nav';
import { useSession } from '../lib/session';

/** Protected routes without a token go to /login?redirect=<path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const loc = useLocation();
  if (!token) return <Navigate to={loginPath(`${loc.pathname}${loc.search}${loc.hash}`)} replace />;
  return <>{children}</>;
}
