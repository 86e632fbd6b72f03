import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { LogoutPage } from '../features/auth/LogoutPage.tsx';
import { SecondStepPage } from '../features/auth/SecondStepPage.tsx';
import { PaymentFailurePage } from '../features/payment/PaymentFailurePage.tsx';
import { ComingSoonPage } from '../features/placeholder/ComingSoonPage.tsx';
import { PublicComingSoonPage } from '../features/placeholder/PublicComingSoonPage.tsx';
import { TopPage } from '../features/top/TopPage.tsx';
import type { ScreenHandle } from './currentScreen.ts';
import { RequireAuth } from './guards/RequireAuth.tsx';
import { RootRedirect } from './guards/RootRedirect.tsx';
import { LoginLayout } from './layouts/LoginLayout.tsx';
import { MainLayout } from './layouts/MainLayout.tsx';
import { NotFoundRoute } from './NotFoundRoute.tsx';
import { PAYMENT_FAILURE_SCREEN, PROTECTED_SCREENS, PUBLIC_SCREENS } from './screens.ts';

/** Screens built so far; every other screen of the list shows the coming-soon page under its own title. */
const BUILT_PROTECTED: Record<string, ComponentType> = {
  top: TopPage,
};

const BUILT_PUBLIC: Record<string, ComponentType> = {
  login: LoginPage,
  login_authentication: SecondStepPage,
};

const handle = (screen: string): ScreenHandle => ({ screen });

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  { path: '/logout', element: <LogoutPage />, handle: handle('logout') },
  { path: '/user', element: <Navigate to="/user/plan" replace /> },
  {
    element: <LoginLayout />,
    children: PUBLIC_SCREENS.map((screen) => {
      const Page = BUILT_PUBLIC[screen.id] ?? PublicComingSoonPage;
      return { path: screen.path, element: <Page />, handle: handle(screen.id) };
    }),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <LoginLayout />,
        children: [
          {
            path: PAYMENT_FAILURE_SCREEN.path,
            element: <PaymentFailurePage />,
            handle: handle(PAYMENT_FAILURE_SCREEN.id),
          },
        ],
      },
      {
        element: <MainLayout />,
        children: PROTECTED_SCREENS.map((screen) => {
          const Page = BUILT_PROTECTED[screen.id] ?? ComingSoonPage;
          return { path: screen.path, element: <Page />, handle: handle(screen.id) };
        }),
      },
    ],
  },
  { path: '*', element: <NotFoundRoute />, handle: handle('not_found') },
];

export const router = createBrowserRouter(routes);
