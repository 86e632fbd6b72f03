import { type LazyComponent, page } from './lazyPage.ts';

// The screens built so far, each loaded on first use (lazyPage.ts); the router shows the coming-soon page for the
// others. Kept apart from the router so each area's new screen is one entry here.

/** Billing: screens. The card on file and its replacement, under the account and the settlements alike. */
const paymentCardPage = page(
  () => import('../features/billing/card/PaymentCardPage.tsx'),
  (m) => m.PaymentCardPage,
);

/** Web negotiation (issue 21): its four screens in one module (they share the form, the states, the links). */
const meetingPages = page(
  () => import('../features/web-negotiation/pages.tsx'),
  (m) => m.WebNegotiationScreen,
);

/** Screens built so far; every other screen of the list shows the coming-soon page under its own title. */
export const BUILT_PROTECTED: Record<string, LazyComponent> = {
  // Billing: screens (issue 19).
  account_payment: paymentCardPage,
  settlements_payment: paymentCardPage,
  settlements_subscription: page(
    () => import('../features/billing/subscription/SubscriptionPage.tsx'),
    (m) => m.SubscriptionPage,
  ),
  settlements_usagequota: page(
    () => import('../features/billing/quota/UsageQuotaPage.tsx'),
    (m) => m.UsageQuotaPage,
  ),
  // Billing: plans (issue 19).
  plan_list: page(
    () => import('../features/plans/PlanListPage.tsx'),
    (m) => m.PlanListPage,
  ),
  plan_add: page(
    () => import('../features/plans/PlanAddPage.tsx'),
    (m) => m.PlanAddPage,
  ),
  plans_edit: page(
    () => import('../features/plans/PlanEditPage.tsx'),
    (m) => m.PlanEditPage,
  ),
  top: page(
    () => import('../features/top/TopPage.tsx'),
    (m) => m.TopPage,
  ),
  account_conf: page(
    () => import('../features/account/AccountConfPage.tsx'),
    (m) => m.AccountConfPage,
    ['general', 'account'],
  ),
  account_two_step: page(
    () => import('../features/account/TwoStepPage.tsx'),
    (m) => m.TwoStepPage,
    ['general', 'account'],
  ),
  account_devices: page(
    () => import('../features/account/DevicesPage.tsx'),
    (m) => m.DevicesPage,
  ),
  contract_cancel_conf: page(
    () => import('../features/account/ContractCancelPage.tsx'),
    (m) => m.ContractCancelPage,
    ['general', 'account'],
  ),
  contract_cancel_complete: page(
    () => import('../features/account/ContractCancelCompletePage.tsx'),
    (m) => m.ContractCancelCompletePage,
    ['general', 'account'],
  ),
  companyinfo_info: page(
    () => import('../features/tenancy/companies/CompanyInfoPage.tsx'),
    (m) => m.CompanyInfoPage,
    ['general', 'tenancy'],
  ),
  company_edit: page(
    () => import('../features/tenancy/companies/CompanyEditPage.tsx'),
    (m) => m.CompanyEditPage,
    ['general', 'tenancy'],
  ),
  domain_list: page(
    () => import('../features/tenancy/domains/DomainListPage.tsx'),
    (m) => m.DomainListPage,
    ['general', 'tenancy'],
  ),
  domain_add: page(
    () => import('../features/tenancy/domains/DomainAddPage.tsx'),
    (m) => m.DomainAddPage,
    ['general', 'tenancy'],
  ),
  domain_confirmation: page(
    () => import('../features/tenancy/domains/DomainConfirmPage.tsx'),
    (m) => m.DomainConfirmPage,
    ['general', 'tenancy'],
  ),
  domain_edit: page(
    () => import('../features/tenancy/domains/DomainEditPage.tsx'),
    (m) => m.DomainEditPage,
    ['general', 'tenancy', 'users'],
  ),
  domain_confirmation_edit: page(
    () => import('../features/tenancy/domains/DomainConfirmEditPage.tsx'),
    (m) => m.DomainConfirmEditPage,
    ['general', 'tenancy'],
  ),
  subordinate_list: page(
    () => import('../features/users/UserListPage.tsx'),
    (m) => m.UserListPage,
    ['general', 'users'],
  ),
  subordinate_add: page(
    () => import('../features/users/UserAddPage.tsx'),
    (m) => m.UserAddPage,
    ['general', 'users'],
  ),
  subordinate_addlist: page(
    () => import('../features/users/UserCsvPage.tsx'),
    (m) => m.UserCsvPage,
    ['general', 'users'],
  ),
  subordinate_edit: page(
    () => import('../features/users/UserEditPage.tsx'),
    (m) => m.UserEditPage,
    ['general', 'users'],
  ),
  // Issue 22: `/usergroups` and `/subdomain` as screens.
  subordinate_groups: page(
    () => import('../features/users/groups/UsergroupsPage.tsx'),
    (m) => m.UsergroupsPage,
    ['general', 'users'],
  ),
  company_subdomain: page(
    () => import('../features/tenancy/subdomain/SubdomainPage.tsx'),
    (m) => m.SubdomainPage,
    ['general', 'tenancy'],
  ),
  contents_list: page(
    () => import('../features/contents/list/ContentListPage.tsx'),
    (m) => m.ContentListPage,
    ['general', 'vehicles'],
  ),
  contents_add: page(
    () => import('../features/contents/wizard/ContentAddPage.tsx'),
    (m) => m.ContentAddPage,
    ['general', 'vehicleEditing', 'media'],
  ),
  contents_edit: page(
    () => import('../features/contents/wizard/ContentEditPage.tsx'),
    (m) => m.ContentEditPage,
    ['general', 'vehicleEditing', 'media'],
  ),
  contents_detail: page(
    () => import('../features/contents/detail/ContentDetailPage.tsx'),
    (m) => m.ContentDetailPage,
    ['general', 'vehicles', 'vehicleEditing', 'media'],
  ),
  contents_annotations: page(
    () => import('../features/annotations/AnnotationsPage.tsx'),
    (m) => m.AnnotationsPage,
    ['general', 'vehicleEditing', 'media'],
  ),
  custom_design_edit: page(
    () => import('../features/design/CustomDesignPage.tsx'),
    (m) => m.CustomDesignPage,
    ['general', 'tenancy', 'media'],
  ),
  contents_bulk: page(
    () => import('../features/contents/bulk/ContentBulkPage.tsx'),
    (m) => m.ContentBulkPage,
    ['general', 'vehicles', 'vehicleEditing'],
  ),
  contents_audio_library: page(
    () => import('../features/movies/audio-library/AudioLibraryPage.tsx'),
    (m) => m.AudioLibraryPage,
  ),
  contents_movie: page(
    () => import('../features/movies/wizard/MovieWizardPage.tsx'),
    (m) => m.MovieWizardPage,
    ['general', 'vehicleEditing', 'media'],
  ),
  statistic_cs_chart_cl: page(
    () => import('../features/statistics/cs-chart/CsChartPage.tsx'),
    (m) => m.CsChartPage,
  ),
  statistic_cs_chart: page(
    () => import('../features/statistics/cs-overview/CsOverviewPage.tsx'),
    (m) => m.CsOverviewPage,
  ),
  statistic_cs_criteo_chart: page(
    () => import('../features/statistics/cs-criteo/CsCriteoPage.tsx'),
    (m) => m.CsCriteoPage,
  ),
  statistic_chart: page(
    () => import('../features/statistics/chart/StatisticChartPage.tsx'),
    (m) => m.StatisticChartPage,
  ),
  statistic_movie_backup_exteriors: page(
    () => import('../features/statistics/movie-backups/MovieBackupsPage.tsx'),
    (m) => m.MovieBackupsPage,
    ['general', 'vehicleEditing', 'media'],
  ),
  legal_edit: page(
    () => import('../features/legal/LegalEditPage.tsx'),
    (m) => m.LegalEditPage,
  ),
  contact_form: page(
    () => import('../features/contact/ContactFormPage.tsx'),
    (m) => m.ContactFormPage,
  ),
  // Movie mail (issue 20): the mail history, routed only with option_data (the menu's rule).
  account_link: page(
    () => import('../features/listing/AccountLinkPage.tsx'),
    (m) => m.AccountLinkPage,
  ),
  mail_history_contents_movie: page(
    () => import('../features/movie-mail/MailHistoryPage.tsx'),
    (m) => m.MailHistoryPage,
  ),
  // Video sharing (issue 20)
  youtube_callback: page(
    () => import('../features/media/video-site/YoutubeCallbackPage.tsx'),
    (m) => m.YoutubeCallbackPage,
  ),
  web_negotiation_list: meetingPages,
  web_negotiation_add: meetingPages,
  web_negotiation_edit: meetingPages,
  web_negotiation_detail: meetingPages,
  // Corporations and locations (issue 22): the dealer-brand host and the listing-partner tenant.
  corporations: page(
    () => import('../features/corporations/CorporationsPage.tsx'),
    (m) => m.CorporationsPage,
    ['general', 'tenancy'],
  ),
  corporation_contacts: page(
    () => import('../features/corporations/CorporationContactsPage.tsx'),
    (m) => m.CorporationContactsPage,
    ['general', 'tenancy'],
  ),
  // Billing: invoices (issue 19)
  settlements_invoice: page(
    () => import('../features/settlements/invoice/InvoicePage.tsx'),
    (m) => m.InvoicePage,
  ),
};

export const BUILT_PUBLIC: Record<string, LazyComponent> = {
  // Billing: screens (issue 19).
  user_plan: page(
    () => import('../features/billing/signup/UserPlanPage.tsx'),
    (m) => m.UserPlanPage,
    ['general', 'account'],
  ),
  user_payment: page(
    () => import('../features/billing/signup/UserPaymentPage.tsx'),
    (m) => m.UserPaymentPage,
    ['general', 'account'],
  ),
  login: page(
    () => import('../features/auth/LoginPage.tsx'),
    (m) => m.LoginPage,
    [],
  ),
  login_authentication: page(
    () => import('../features/auth/SecondStepPage.tsx'),
    (m) => m.SecondStepPage,
    ['general', 'account'],
  ),
  user_password: page(
    () => import('../features/auth/ForgotPasswordPage.tsx'),
    (m) => m.ForgotPasswordPage,
    ['general', 'account'],
  ),
  user_password_confirmation: page(
    () => import('../features/auth/PasswordResetConfirmationPage.tsx'),
    (m) => m.PasswordResetConfirmationPage,
    ['general', 'account'],
  ),
  user_password_complete: page(
    () => import('../features/auth/PasswordResetCompletePage.tsx'),
    (m) => m.PasswordResetCompletePage,
    ['general', 'account'],
  ),
  user_activation: page(
    () => import('../features/auth/ActivationPage.tsx'),
    (m) => m.ActivationPage,
    ['general', 'account'],
  ),
  user_email_confirmation: page(
    () => import('../features/auth/EmailConfirmationPage.tsx'),
    (m) => m.EmailConfirmationPage,
    ['general', 'account'],
  ),
  user_entry: page(
    () => import('../features/auth/UserEntryPage.tsx'),
    (m) => m.UserEntryPage,
    ['general', 'account'],
  ),
  terms: page(
    () => import('../features/legal/LegalTextPage.tsx'),
    (m) => m.TermsPage,
    ['general', 'account'],
  ),
  privacy: page(
    () => import('../features/legal/LegalTextPage.tsx'),
    (m) => m.PrivacyPage,
    ['general', 'account'],
  ),
  personal_information: page(
    () => import('../features/legal/LegalTextPage.tsx'),
    (m) => m.PersonalInformationPage,
    ['general', 'account'],
  ),
};
