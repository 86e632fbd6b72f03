/**
 * Every screen of the first document's screen list (section 2), as data: its route pattern, the screen whose
 * list it belongs to (for breadcrumbs: edit and detail screens link back to their lists) and whether it is
 * built yet. The title is the i18n key `screens.<id>`.
 */
export interface Screen {
  id: string;
  path: string;
  /** The list (or overview) screen this one is reached from; the breadcrumb links back to it. */
  parent?: string;
}

const screen = (id: string, path: string, parent?: string): Screen => (parent ? { id, path, parent } : { id, path });

/** Screens that need a signed-in user, in the order of the spec's table. */
export const PROTECTED_SCREENS: readonly Screen[] = [
  screen('top', '/top'),
  screen('companyinfo_info', '/companyinfo/info'),
  screen('company_edit', '/company/edit', 'companyinfo_info'),
  screen('account_conf', '/account/conf'),
  screen('account_payment', '/account/payment', 'account_conf'),
  // The spec's "two-step authentication edit" and "login device management" screens; their paths are ours.
  screen('account_two_step', '/account/two-step', 'account_conf'),
  screen('account_devices', '/account/devices', 'account_conf'),
  screen('contract_cancel_conf', '/contract/cancel/conf', 'account_conf'),
  screen('contract_cancel_complete', '/contract/cancel/complete', 'account_conf'),
  screen('subordinate_list', '/subordinate/list'),
  screen('subordinate_add', '/subordinate/add', 'subordinate_list'),
  screen('subordinate_addlist', '/subordinate/addlist', 'subordinate_list'),
  screen('subordinate_edit', '/subordinate/edit/:userId', 'subordinate_list'),
  screen('group_list', '/group/list'),
  screen('group_add', '/group/add', 'group_list'),
  screen('group_edit', '/group/edit', 'group_list'),
  screen('contents_list', '/contents/list'),
  screen('contents_add', '/contents/add', 'contents_list'),
  screen('contents_edit', '/contents/edit/:carId', 'contents_list'),
  screen('contents_detail', '/contents/detail/:carId', 'contents_list'),
  // The spec's "annotation editor" (section 2 lists it without a path; ours).
  screen('contents_annotations', '/contents/annotations/:carId', 'contents_list'),
  screen('contents_bulk', '/contents/bulk', 'contents_list'),
  screen('settlements_payment', '/settlements/payment'),
  screen('settlements_invoice', '/settlements/invoice'),
  screen('settlements_subscription', '/settlements/subscription'),
  screen('settlements_usagequota', '/settlements/usagequota'),
  screen('plan_list', '/plan/list'),
  screen('plan_add', '/plan/add', 'plan_list'),
  screen('domain_list', '/domain/list'),
  screen('domain_add', '/domain/add', 'domain_list'),
  screen('domain_confirmation', '/domain/confirmation', 'domain_list'),
  screen('domain_edit', '/domain/edit/:companyCode', 'domain_list'),
  screen('domain_confirmation_edit', '/domain/confirmation-edit/:companyCode', 'domain_list'),
  screen('contact_form', '/contact/form'),
  screen('statistic_chart', '/statistic/chart'),
  screen('statistic_cs_chart_cl', '/statistic/cs-chart-cl'),
  screen('statistic_cs_chart', '/statistic/cs-chart'),
  screen('statistic_cs_criteo_chart', '/statistic/cs-criteo-chart'),
  screen('statistic_movie_backup_exteriors', '/statistic/movie-backup-exteriors'),
  screen('web_negotiation_list', '/web-negotiation/list'),
  screen('web_negotiation_add', '/web-negotiation/add', 'web_negotiation_list'),
  screen('web_negotiation_edit', '/web-negotiation/edit/:roomId', 'web_negotiation_list'),
  screen('web_negotiation_detail', '/web-negotiation/detail/:roomId', 'web_negotiation_list'),
  screen('mail_history_contents_movie', '/mail-history/contents-movie'),
  screen('corporations', '/corporations'),
  screen('corporation_contacts', '/corporation-contacts'),
  screen('account_link', '/account-link'),
  screen('custom_design_edit', '/custom-design/edit'),
];

/** The payment-failure screen needs a signed-in user but no menu: the account cannot be used until it is paid. */
export const PAYMENT_FAILURE_SCREEN: Screen = screen('payment_failure', '/payment-failure');

/** Public screens of the login layout (sign-in, registration, password reset, plan selection). */
export const PUBLIC_SCREENS: readonly Screen[] = [
  screen('login', '/login'),
  screen('login_authentication', '/login/authentication'),
  screen('user_entry', '/user/entry'),
  screen('user_password', '/user/password'),
  screen('user_password_confirmation', '/user/password/confirmation/:resetToken'),
  screen('user_password_complete', '/user/password/complete'),
  screen('user_plan', '/user/plan'),
  // The spec's "terms of service" screen (its path is ours), linked from the registration's terms checkbox.
  screen('terms', '/terms'),
  screen('user_payment', '/user/payment'),
  screen('user_activation', '/user/activation/:activationId'),
  // Opened from the mail that confirms a new sign-in e-mail (not in the spec's list; the server's link).
  screen('user_email_confirmation', '/user/email/confirmation/:token'),
];

const ALL_SCREENS = [...PROTECTED_SCREENS, PAYMENT_FAILURE_SCREEN, ...PUBLIC_SCREENS];

export function screenById(id: string): Screen | undefined {
  return ALL_SCREENS.find((s) => s.id === id);
}

export function allScreenIds(): string[] {
  return ALL_SCREENS.map((s) => s.id);
}

/** The chain of screens from the outermost list down to this one (the breadcrumb without the Top link). */
export function breadcrumbChain(id: string): Screen[] {
  const chain: Screen[] = [];
  const seen = new Set<string>();
  let current = screenById(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    chain.unshift(current);
    current = current.parent ? screenById(current.parent) : undefined;
  }
  return chain;
}
