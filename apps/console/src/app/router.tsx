import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AccountConfPage } from '../features/account/AccountConfPage.tsx';
import { ContractCancelCompletePage } from '../features/account/ContractCancelCompletePage.tsx';
import { ContractCancelPage } from '../features/account/ContractCancelPage.tsx';
import { DevicesPage } from '../features/account/DevicesPage.tsx';
import { TwoStepPage } from '../features/account/TwoStepPage.tsx';
import { ActivationPage } from '../features/auth/ActivationPage.tsx';
import { EmailConfirmationPage } from '../features/auth/EmailConfirmationPage.tsx';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { LogoutPage } from '../features/auth/LogoutPage.tsx';
import { PasswordResetCompletePage } from '../features/auth/PasswordResetCompletePage.tsx';
import { PasswordResetConfirmationPage } from '../features/auth/PasswordResetConfirmationPage.tsx';
import { SecondStepPage } from '../features/auth/SecondStepPage.tsx';
import { UserEntryPage } from '../features/auth/UserEntryPage.tsx';
import { PaymentFailurePage } from '../features/payment/PaymentFailurePage.tsx';
import { ComingSoonPage } from '../features/placeholder/ComingSoonPage.tsx';
import { PublicComingSoonPage } from '../features/placeholder/PublicComingSoonPage.tsx';
import { CompanyEditPage } from '../features/tenancy/companies/CompanyEditPage.tsx';
import { CompanyInfoPage } from '../features/tenancy/companies/CompanyInfoPage.tsx';
import { DomainAddPage } from '../features/tenancy/domains/DomainAddPage.tsx';
import { DomainConfirmEditPage } from '../features/tenancy/domains/DomainConfirmEditPage.tsx';
import { DomainConfirmPage } from '../features/tenancy/domains/DomainConfirmPage.tsx';
import { DomainEditPage } from '../features/tenancy/domains/DomainEditPage.tsx';
import { DomainListPage } from '../features/tenancy/domains/DomainListPage.tsx';
import { TopPage } from '../features/top/TopPage.tsx';
import { UserAddPage } from '../features/users/UserAddPage.tsx';
import { UserCsvPage } from '../features/users/UserCsvPage.tsx';
import { UserEditPage } from '../features/users/UserEditPage.tsx';
import { UserListPage } from '../features/users/UserListPage.tsx';
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
  account_conf: AccountConfPage,
  account_two_step: TwoStepPage,
  account_devices: DevicesPage,
  contract_cancel_conf: ContractCancelPage,
  contract_cancel_complete: ContractCancelCompletePage,
  companyinfo_info: CompanyInfoPage,
  company_edit: CompanyEditPage,
  domain_list: DomainListPage,
  domain_add: DomainAddPage,
  domain_confirmation: DomainConfirmPage,
  domain_edit: DomainEditPage,
  domain_confirmation_edit: DomainConfirmEditPage,
  subordinate_list: UserListPage,
  subordinate_add: UserAddPage,
  subordinate_addlist: UserCsvPage,
  subordinate_edit: UserEditPage,
};

const BUILT_PUBLIC: Record<string, ComponentType> = {
  login: LoginPage,
  login_authentication: SecondStepPage,
  user_password: ForgotPasswordPage,
  user_password_confirmation: PasswordResetConfirmationPage,
  user_password_complete: PasswordResetCompletePage,
  user_activation: ActivationPage,
  user_email_confirmation: EmailConfirmationPage,
  user_entry: UserEntryPage,
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
