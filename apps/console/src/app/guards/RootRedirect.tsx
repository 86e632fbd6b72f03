import { Navigate } from 'react-router';
import { isSignedIn } from '../../api/tokens.ts';

/** `/`: the landing page for a signed-in user, otherwise sign-in. */
export function RootRedirect() {
  return <Navigate to={isSignedIn() ? '/top' : '/login'} replace />;
}
