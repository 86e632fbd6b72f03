import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedIn } from '../../api/tokens.ts';
import type { ReturnState } from '../../shared/returnPath.ts';
import { AnotherUserAlert } from '../AnotherUserAlert.tsx';

/**
 * Protected routes: without a stored access token the visitor signs in first and comes back here after.
 * Signed-in screens also watch for a sign-in or sign-out in another tab.
 */
export function RequireAuth() {
  const location = useLocation();
  if (!isSignedIn()) {
    const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <>
      <AnotherUserAlert />
      <Outlet />
    </>
  );
}
