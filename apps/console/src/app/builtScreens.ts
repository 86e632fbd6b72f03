import { type LazyComponent, page } from './lazyPage.ts';

// The screens built so far, each loaded on first use (lazyPage.ts); the router shows the coming-soon page for the
// others. Kept apart from the router so each area's new screen is one entry here: page(load, 'ExportedPage', parts).

/** The catalogue parts an area's pages show besides the general one (lazyPage.ts; general alone when none given). */
const ACCOUNT = ['general', 'account'] as const;
const TENANCY = ['general', 'tenancy'] as const;
const USERS = ['general', 'users'] as const;
const VEHICLES = ['general', 'vehicles'] as const;
const EDITING = ['general', 'vehicleEditing', 'media'] as const;
const TENANCY_USERS = ['general', 'tenancy', 'users'] as const;
const TENANCY_MEDIA = ['general', 'tenancy', 'media'] as const;
const VEHICLES_EDITING = ['general', 'vehicles', 'vehicleEditing'] as const;
const VEHICLES_EDITING_MEDIA = ['general', 'vehicles', 'vehicleEditing', 'media'] as const;

/** Billing: screens. The card on file and its replacement, under the account and the settlements alike. */
const paymentCardPage = page(() => import('../features/billing/card/PaymentCardPage.tsx'), 'PaymentCardPage');

/** Web negotiation (issue 21): its four screens in one module (they share the form, the states, the links). */
const meetingPages = page(() => import('../features/web-negotiation/pages.tsx'), 'WebNegotiationScreen');

/** Screens built so far; every other screen of the list shows the coming-soon page under its own title. */
export const BUILT_PROTECTED: Record<string, LazyComponent> = {
  // Billing: screens (issue 19).
  account_payment: paymentCardPage,
  settlements_payment: paymentCardPage,
  settlements_subscription: page(
    () => import('../features/billing/subscription/SubscriptionPage.tsx'),
    'SubscriptionPage',
  ),
  settlements_usagequota: page(() => import('../features/billing/quota/UsageQuotaPage.tsx'), 'UsageQuotaPage'),
  // Billing: plans (issue 19).
  plan_list: page(() => import('../features/plans/PlanListPage.tsx'), 'PlanListPage'),
  plan_add: page(() => import('../features/plans/PlanAddPage.tsx'), 'PlanAddPage'),
  plans_edit: page(() => import('../features/plans/PlanEditPage.tsx'), 'PlanEditPage'),
  top: page(() => import('../features/top/TopPage.tsx'), 'TopPage'),
  account_conf: page(() => import('../features/account/AccountConfPage.tsx'), 'AccountConfPage', ACCOUNT),
  account_two_step: page(() => import('../features/account/TwoStepPage.tsx'), 'TwoStepPage', ACCOUNT),
  account_devices: page(() => import('../features/account/DevicesPage.tsx'), 'DevicesPage'),
  contract_cancel_conf: page(() => import('../features/account/ContractCancelPage.tsx'), 'ContractCancelPage', ACCOUNT),
  contract_cancel_complete: page(
    () => import('../features/account/ContractCancelCompletePage.tsx'),
    'ContractCancelCompletePage',
    ACCOUNT,
  ),
  companyinfo_info: page(() => import('../features/tenancy/companies/CompanyInfoPage.tsx'), 'CompanyInfoPage', TENANCY),
  company_edit: page(() => import('../features/tenancy/companies/CompanyEditPage.tsx'), 'CompanyEditPage', TENANCY),
  domain_list: page(() => import('../features/tenancy/domains/DomainListPage.tsx'), 'DomainListPage', TENANCY),
  domain_add: page(() => import('../features/tenancy/domains/DomainAddPage.tsx'), 'DomainAddPage', TENANCY),
  domain_confirmation: page(
    () => import('../features/tenancy/domains/DomainConfirmPage.tsx'),
    'DomainConfirmPage',
    TENANCY,
  ),
  domain_edit: page(() => import('../features/tenancy/domains/DomainEditPage.tsx'), 'DomainEditPage', TENANCY_USERS),
  domain_confirmation_edit: page(
    () => import('../features/tenancy/domains/DomainConfirmEditPage.tsx'),
    'DomainConfirmEditPage',
    TENANCY,
  ),
  subordinate_list: page(() => import('../features/users/UserListPage.tsx'), 'UserListPage', USERS),
  subordinate_add: page(() => import('../features/users/UserAddPage.tsx'), 'UserAddPage', USERS),
  subordinate_addlist: page(() => import('../features/users/UserCsvPage.tsx'), 'UserCsvPage', USERS),
  subordinate_edit: page(() => import('../features/users/UserEditPage.tsx'), 'UserEditPage', USERS),
  // Issue 22: `/usergroups` and `/subdomain` as screens.
  subordinate_groups: page(() => import('../features/users/groups/UsergroupsPage.tsx'), 'UsergroupsPage', USERS),
  company_subdomain: page(() => import('../features/tenancy/subdomain/SubdomainPage.tsx'), 'SubdomainPage', TENANCY),
  contents_list: page(() => import('../features/contents/list/ContentListPage.tsx'), 'ContentListPage', VEHICLES),
  contents_add: page(() => import('../features/contents/wizard/ContentAddPage.tsx'), 'ContentAddPage', EDITING),
  contents_edit: page(() => import('../features/contents/wizard/ContentEditPage.tsx'), 'ContentEditPage', EDITING),
  contents_detail: page(
    () => import('../features/contents/detail/ContentDetailPage.tsx'),
    'ContentDetailPage',
    VEHICLES_EDITING_MEDIA,
  ),
  contents_annotations: page(() => import('../features/annotations/AnnotationsPage.tsx'), 'AnnotationsPage', EDITING),
  custom_design_edit: page(() => import('../features/design/CustomDesignPage.tsx'), 'CustomDesignPage', TENANCY_MEDIA),
  contents_bulk: page(
    () => import('../features/contents/bulk/ContentBulkPage.tsx'),
    'ContentBulkPage',
    VEHICLES_EDITING,
  ),
  contents_audio_library: page(
    () => import('../features/movies/audio-library/AudioLibraryPage.tsx'),
    'AudioLibraryPage',
  ),
  contents_movie: page(() => import('../features/movies/wizard/MovieWizardPage.tsx'), 'MovieWizardPage', EDITING),
  statistic_cs_chart_cl: page(() => import('../features/statistics/cs-chart/CsChartPage.tsx'), 'CsChartPage'),
  statistic_cs_chart: page(() => import('../features/statistics/cs-overview/CsOverviewPage.tsx'), 'CsOverviewPage'),
  statistic_cs_criteo_chart: page(() => import('../features/statistics/cs-criteo/CsCriteoPage.tsx'), 'CsCriteoPage'),
  statistic_chart: page(() => import('../features/statistics/chart/StatisticChartPage.tsx'), 'StatisticChartPage'),
  statistic_movie_backup_exteriors: page(
    () => import('../features/statistics/movie-backups/MovieBackupsPage.tsx'),
    'MovieBackupsPage',
    EDITING,
  ),
  legal_edit: page(() => import('../features/legal/LegalEditPage.tsx'), 'LegalEditPage'),
  contact_form: page(() => import('../features/contact/ContactFormPage.tsx'), 'ContactFormPage'),
  // Movie mail (issue 20): the mail history, routed only with option_data (the menu's rule).
  account_link: page(() => import('../features/listing/AccountLinkPage.tsx'), 'AccountLinkPage'),
  mail_history_contents_movie: page(() => import('../features/movie-mail/MailHistoryPage.tsx'), 'MailHistoryPage'),
  // Video sharing (issue 20)
  youtube_callback: page(() => import('../features/media/video-site/YoutubeCallbackPage.tsx'), 'YoutubeCallbackPage'),
  web_negotiation_list: meetingPages,
  web_negotiation_add: meetingPages,
  web_negotiation_edit: meetingPages,
  web_negotiation_detail: meetingPages,
  // Corporations and locations (issue 22): the dealer-brand host and the listing-partner tenant.
  corporations: page(() => import('../features/corporations/CorporationsPage.tsx'), 'CorporationsPage', TENANCY),
  corporation_contacts: page(
    () => import('../features/corporations/CorporationContactsPage.tsx'),
    'CorporationContactsPage',
    TENANCY,
  ),
  // Billing: invoices (issue 19)
  settlements_invoice: page(() => import('../features/settlements/invoice/InvoicePage.tsx'), 'InvoicePage'),
};

export const BUILT_PUBLIC: Record<string, LazyComponent> = {
  // Billing: screens (issue 19).
  user_plan: page(() => import('../features/billing/signup/UserPlanPage.tsx'), 'UserPlanPage', ACCOUNT),
  user_payment: page(() => import('../features/billing/signup/UserPaymentPage.tsx'), 'UserPaymentPage', ACCOUNT),
  login: page(() => import('../features/auth/LoginPage.tsx'), 'LoginPage', []),
  login_authentication: page(() => import('../features/auth/SecondStepPage.tsx'), 'SecondStepPage', ACCOUNT),
  user_password: page(() => import('../features/auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage', ACCOUNT),
  user_password_confirmation: page(
    () => import('../features/auth/PasswordResetConfirmationPage.tsx'),
    'PasswordResetConfirmationPage',
    ACCOUNT,
  ),
  user_password_complete: page(
    () => import('../features/auth/PasswordResetCompletePage.tsx'),
    'PasswordResetCompletePage',
    ACCOUNT,
  ),
  user_activation: page(() => import('../features/auth/ActivationPage.tsx'), 'ActivationPage', ACCOUNT),
  user_email_confirmation: page(
    () => import('../features/auth/EmailConfirmationPage.tsx'),
    'EmailConfirmationPage',
    ACCOUNT,
  ),
  user_entry: page(() => import('../features/auth/UserEntryPage.tsx'), 'UserEntryPage', ACCOUNT),
  terms: page(() => import('../features/legal/LegalTextPage.tsx'), 'TermsPage', ACCOUNT),
  privacy: page(() => import('../features/legal/LegalTextPage.tsx'), 'PrivacyPage', ACCOUNT),
  personal_information: page(() => import('../features/legal/LegalTextPage.tsx'), 'PersonalInformationPage', ACCOUNT),
};
