import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { ScreenHandle } from '../shared/currentScreen.ts';
import { BUILT_PROTECTED, BUILT_PUBLIC } from './builtScreens.ts';
import { RootRedirect } from './guards/RootRedirect.tsx';
import { LoginLayout } from './layouts/LoginLayout.tsx';
import { page } from './lazyPage.ts';
import { PAYMENT_FAILURE_SCREEN, PROTECTED_SCREENS, PUBLIC_SCREENS } from './screens.ts';

const comingSoon = page(() => import('../features/placeholder/ComingSoonPage.tsx'), 'ComingSoonPage');
const publicComingSoon = page(() => import('../features/placeholder/PublicComingSoonPage.tsx'), 'PublicComingSoonPage');

const handle = (screen: string): ScreenHandle => ({ screen });

/** The query client's layout (QueryLayer.tsx), loaded with the first page below it that is not the sign-in page. */
const queryLayer = page(() => import('./QueryLayer.tsx'), 'QueryLayer', []);

const publicRoute = (screen: (typeof PUBLIC_SCREENS)[number]): RouteObject => ({
  path: screen.path,
  lazy: BUILT_PUBLIC[screen.id] ?? publicComingSoon,
  handle: handle(screen.id),
});

/** The sign-in page is the one screen drawn without the query client: the first page most visits open. */
const SIGN_IN_SCREEN = 'login';

/**
 * What shows while the first page's lazy routes arrive: nothing, as before, but named, so the data router does not
 * warn "No HydrateFallback" in every visitor's console (it asks for one on the first load of any lazy route).
 */
const InitialLoad = () => null;

const screens: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { path: '/user', element: <Navigate to="/user/plan" replace /> },
  {
    element: <LoginLayout />,
    children: [
      ...PUBLIC_SCREENS.filter((screen) => screen.id === SIGN_IN_SCREEN).map(publicRoute),
      { lazy: queryLayer, children: PUBLIC_SCREENS.filter((screen) => screen.id !== SIGN_IN_SCREEN).map(publicRoute) },
    ],
  },
  {
    lazy: queryLayer,
    children: [
      {
        path: '/logout',
        lazy: page(() => import('../features/auth/LogoutPage.tsx'), 'LogoutPage'),
        handle: handle('logout'),
      },
      {
        // Lazy too: its "signed in as another user" dialog (a modal) is not needed before sign-in.
        lazy: page(() => import('./guards/RequireAuth.tsx'), 'RequireAuth'),
        children: [
          {
            element: <LoginLayout />,
            children: [
              {
                path: PAYMENT_FAILURE_SCREEN.path,
                lazy: page(() => import('../features/payment/PaymentFailurePage.tsx'), 'PaymentFailurePage'),
                handle: handle(PAYMENT_FAILURE_SCREEN.id),
              },
            ],
          },
          {
            lazy: page(() => import('./layouts/MainLayout.tsx'), 'MainLayout'),
            children: PROTECTED_SCREENS.map((screen) => ({
              path: screen.path,
              lazy: BUILT_PROTECTED[screen.id] ?? comingSoon,
              handle: handle(screen.id),
            })),
          },
        ],
      },
      {
        path: '*',
        lazy: page(() => import('./NotFoundRoute.tsx'), 'NotFoundRoute'),
        handle: handle('not_found'),
      },
    ],
  },
];

/** One pathless root, so its fallback covers every first load. */
export const routes: RouteObject[] = [{ HydrateFallback: InitialLoad, children: screens }];

export const router = createBrowserRouter(routes);
