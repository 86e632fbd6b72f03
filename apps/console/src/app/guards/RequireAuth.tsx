import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedIn } from '../../api/tokens.ts';
import { AnotherUserAlert } from '../AnotherUserAlert.tsx';
import type { ReturnState } from './returnPath.ts';

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
