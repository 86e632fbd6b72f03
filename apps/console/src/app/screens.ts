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

/** Screens by id and path, each leading back to `parent` when it is given. */
function screens(paths: Readonly<Record<string, string>>, parent?: string): Screen[] {
  return Object.entries(paths).map(([id, path]) => (parent ? { id, path, parent } : { id, path }));
}

/** A list (or overview) screen followed by the screens reached from it. */
function family(id: string, path: string, children: Readonly<Record<string, string>>): Screen[] {
  return [{ id, path }, ...screens(children, id)];
}

/** Screens that need a signed-in user, in the order of the spec's table. */
export const PROTECTED_SCREENS: readonly Screen[] = [
  ...screens({ top: '/top' }),
  ...family('companyinfo_info', '/companyinfo/info', { company_edit: '/company/edit' }),
  // `/subdomain` and `/usergroups` as screens (issue 22; the spec shows the calls, not screens: ours).
  ...screens({ company_subdomain: '/company/subdomain' }, 'companyinfo_info'),
  ...family('account_conf', '/account/conf', {
    account_payment: '/account/payment',
    // The spec's "two-step authentication edit" and "login device management" screens; their paths are ours.
    account_two_step: '/account/two-step',
    account_devices: '/account/devices',
    contract_cancel_conf: '/contract/cancel/conf',
    contract_cancel_complete: '/contract/cancel/complete',
  }),
  ...family('subordinate_list', '/subordinate/list', {
    subordinate_add: '/subordinate/add',
    subordinate_addlist: '/subordinate/addlist',
    subordinate_edit: '/subordinate/edit/:userId',
  }),
  ...screens({ subordinate_groups: '/subordinate/groups' }, 'subordinate_list'),
  ...family('group_list', '/group/list', { group_add: '/group/add', group_edit: '/group/edit' }),
  ...family('contents_list', '/contents/list', {
    contents_add: '/contents/add',
    contents_edit: '/contents/edit/:carId',
    contents_detail: '/contents/detail/:carId',
    // The spec's "annotation editor" (section 2 lists it without a path; ours).
    contents_annotations: '/contents/annotations/:carId',
    contents_bulk: '/contents/bulk',
    // The content videos' music library (issue 20; ours), the wizard's music step until the wizard exists.
    contents_audio_library: '/contents/audio-library',
    // The content-video wizard of a vehicle (issue 20; the spec lists it without a path: ours).
    contents_movie: '/contents/movie/:carId',
  }),
  ...screens({
    settlements_payment: '/settlements/payment',
    settlements_invoice: '/settlements/invoice',
    settlements_subscription: '/settlements/subscription',
    settlements_usagequota: '/settlements/usagequota',
  }),
  ...family('plan_list', '/plan/list', {
    plan_add: '/plan/add',
    // Billing: plans. Not in the spec's list (it has no edit screen for plans); ours, docs/decisions.md.
    plans_edit: '/plan/edit/:planId',
  }),
  ...family('domain_list', '/domain/list', {
    domain_add: '/domain/add',
    domain_confirmation: '/domain/confirmation',
    domain_edit: '/domain/edit/:companyCode',
    domain_confirmation_edit: '/domain/confirmation-edit/:companyCode',
  }),
  ...screens({
    contact_form: '/contact/form',
    statistic_chart: '/statistic/chart',
    statistic_cs_chart_cl: '/statistic/cs-chart-cl',
    statistic_cs_chart: '/statistic/cs-chart',
    statistic_cs_criteo_chart: '/statistic/cs-criteo-chart',
    statistic_movie_backup_exteriors: '/statistic/movie-backup-exteriors',
  }),
  ...family('web_negotiation_list', '/web-negotiation/list', {
    web_negotiation_add: '/web-negotiation/add',
    web_negotiation_edit: '/web-negotiation/edit/:roomId',
    web_negotiation_detail: '/web-negotiation/detail/:roomId',
  }),
  ...screens({
    mail_history_contents_movie: '/mail-history/contents-movie',
    corporations: '/corporations',
    corporation_contacts: '/corporation-contacts',
    account_link: '/account-link',
    custom_design_edit: '/custom-design/edit',
    // The master's editing of the legal texts below (not in the spec's list; issue 19's "texts the master edits").
    legal_edit: '/legal/edit',
  }),
  // Video sharing (issue 20): where the video site's consent sends the browser back (not in the spec's list).
  ...screens({ youtube_callback: '/youtube/callback' }),
];

/** The payment-failure screen needs a signed-in user but no menu: the account cannot be used until it is paid. */
export const PAYMENT_FAILURE_SCREEN: Screen = { id: 'payment_failure', path: '/payment-failure' };

/** Public screens of the login layout (sign-in, registration, password reset, plan selection). */
export const PUBLIC_SCREENS: readonly Screen[] = screens({
  login: '/login',
  login_authentication: '/login/authentication',
  user_entry: '/user/entry',
  user_password: '/user/password',
  user_password_confirmation: '/user/password/confirmation/:resetToken',
  user_password_complete: '/user/password/complete',
  user_plan: '/user/plan',
  // The spec's "terms of service" screen (its path is ours), linked from the registration's terms checkbox.
  terms: '/terms',
  // The spec's "privacy policy" and "personal information notice" screens (paths ours), linked like the terms.
  privacy: '/privacy',
  personal_information: '/personal-information',
  user_payment: '/user/payment',
  user_activation: '/user/activation/:activationId',
  // Opened from the mail that confirms a new sign-in e-mail (not in the spec's list; the server's link).
  user_email_confirmation: '/user/email/confirmation/:token',
});

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
