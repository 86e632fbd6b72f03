import { assertNever } from './assert.ts';
import type { PrivilegeType } from './roles.ts';

/**
 * The console's sidebar (first document: "Main layout", "Conditional routes", and the roles table of section 6).
 * The tree and its visibility rules are data here so the console renders it and the server's route guards and
 * tests can ask the same question ("would this user see that screen?").
 *
 * Readings of what the spec leaves open (the lead copies them into docs/decisions.md):
 * - Path matching is by path segment: `/contents/list` matches `/contents/list` and `/contents/list/x`, never
 *   `/contents/listing`; the spec's "starts with" means the route's place in the tree, not raw string prefixes.
 * - Account menu ("account info: branded-type user, except super"; "account management menu: those who pass the
 *   account-management check, or normal listing-joined users"): in a company that is not product-branded the
 *   super and admin manage their users' accounts from the user screens, so the self-service account menu is for
 *   product-branded users other than super, plus normal users joined to the listing site (they link their
 *   listing account from there).
 * - Card screens ("card update, contract, invoice: that user, if admin and pay-by-credit"; "plan change: if admin")
 *   need an admin who pays by card; a plan is a card subscription, so plan change needs card payment too.
 *   Usage quota: any non-super, non-master user paying by card. Invoices: also master, who sees every customer's.
 * - The dealer-brand host hides "add-car, CSV, mail history, web negotiation, plan and contact": CSV means both
 *   CSV screens (contents bulk edit and user CSV add); plan means the plan menu and the subscription (plan change)
 *   screen. Corporations and their contacts (locations) replace the account menu there.
 * - Listing-partner tenant: "corporation, base and report screens appear instead" of some screens. The partner
 *   bills its corporations and locations through partner billing reports, so the card-payment screens
 *   (account payment, settlements) are hidden and corporations and corporation contacts (bases) are shown. The
 *   report screens have no route in the spec yet, so they have no entry.
 * - Bike-sensor tenant (contents come from its sensor): contents bulk CSV edit, web negotiation, mail history hidden.
 * - Master sees the user screens always, even when the domain's is_user_add is false (the operator must be able
 *   to fix any tenant); CSV user add stays "super only".
 * - What a host flag changes besides the menu (server refusals, bike style, shop code, auction lots): hosts.ts.
 */

export const HOST_FLAGS = ['bike', 'auction', 'dealer_brand', 'listing_partner', 'bike_sensor'] as const;
export type HostFlag = (typeof HOST_FLAGS)[number];

export interface DomainOptionFlags {
  option_data: boolean;
  web_negotiation: boolean;
  hotspot_browser: boolean;
  hotspot_app: boolean;
  is_user_add: boolean;
  online_payment: boolean;
}

export interface MenuContext {
  privilegeType: PrivilegeType;
  isProductBranded: boolean;
  isPayByCredit: boolean;
  csJoined: boolean;
  options: DomainOptionFlags;
  hostFlags: readonly HostFlag[];
}

/**
 * Rules that are more than a role list or an option: each named after the roles-table row it implements,
 * so a reader can check it against the spec.
 */
export type MenuRule =
  | 'user_management'
  | 'csv_user_add'
  | 'account_management'
  | 'card_admin'
  | 'invoices'
  | 'usage_quota'
  | 'statistics_submenu'
  | 'statistics_single'
  | 'cs_chart_cl'
  | 'disabled';

/** Every present condition must hold; an absent one does not restrict. */
export interface MenuVisibility {
  roles?: readonly PrivilegeType[];
  /** At least one of these domain options must be enabled. */
  anyOption?: readonly (keyof DomainOptionFlags)[];
  /** Shown only on hosts carrying at least one of these flags. */
  onlyOnHosts?: readonly HostFlag[];
  /** Hidden on hosts carrying any of these flags. */
  hiddenOnHosts?: readonly HostFlag[];
  rule?: MenuRule;
}

export interface MenuEntry {
  id: string;
  path: string;
  subPaths: readonly string[];
  isNew?: boolean;
  children?: readonly MenuEntry[];
  visibility?: MenuVisibility;
}

const leaf = (id: string, path: string, visibility?: MenuVisibility, subPaths: readonly string[] = []): MenuEntry =>
  visibility ? { id, path, subPaths, visibility } : { id, path, subPaths };

const group = (id: string, path: string, children: readonly MenuEntry[], visibility?: MenuVisibility): MenuEntry =>
  visibility ? { id, path, subPaths: [], children, visibility } : { id, path, subPaths: [], children };

/** The whole sidebar in display order; ids are the i18n keys `menu.<id>`. */
export const MENU: readonly MenuEntry[] = [
  leaf('top', '/top'),
  group('contents', '/contents', [
    leaf('contents_list', '/contents/list', undefined, ['/contents/edit', '/contents/detail']),
    leaf('contents_add', '/contents/add', { hiddenOnHosts: ['dealer_brand'] }),
    leaf('contents_bulk', '/contents/bulk', { hiddenOnHosts: ['dealer_brand', 'bike_sensor'] }),
    // The content videos' music (issue 20): ours, not in the spec's menu (docs/decisions.md, "Content videos: audio library").
    leaf('contents_audio_library', '/contents/audio-library'),
  ]),
  group('users', '/subordinate', [
    leaf('users_list', '/subordinate/list', { rule: 'user_management' }, ['/subordinate/edit']),
    leaf('users_add', '/subordinate/add', { rule: 'user_management' }),
    // `/usergroups` seen as a screen (ours; docs/decisions.md "Listing link and host screens").
    leaf('users_groups', '/subordinate/groups', { rule: 'user_management' }),
    leaf('users_addlist', '/subordinate/addlist', { rule: 'csv_user_add', hiddenOnHosts: ['dealer_brand'] }),
  ]),
  // "Groups are disabled": kept in the tree so the routes stay known, never shown.
  group(
    'groups',
    '/group',
    [leaf('groups_list', '/group/list', undefined, ['/group/edit']), leaf('groups_add', '/group/add')],
    { rule: 'disabled' },
  ),
  group('company', '/companyinfo', [
    leaf('company_info', '/companyinfo/info', { roles: ['super', 'admin'] }),
    // `/subdomain` seen as a screen (ours): read by super and admin, changed by super.
    leaf('company_subdomain', '/company/subdomain', { roles: ['super', 'admin'] }),
    leaf('company_edit', '/company/edit', { roles: ['super'] }),
  ]),
  group(
    'account',
    '/account',
    [
      // Password, e-mail, two-step and devices are every user's own security settings: shown to all roles.
      leaf('account_conf', '/account/conf', undefined, ['/contract/cancel']),
      leaf('account_two_step', '/account/two-step'),
      leaf('account_devices', '/account/devices'),
      leaf('account_payment', '/account/payment', { rule: 'card_admin', hiddenOnHosts: ['listing_partner'] }),
    ],
    { hiddenOnHosts: ['dealer_brand'] },
  ),
  group(
    'corporations_menu',
    '/corporations',
    [leaf('corporations', '/corporations'), leaf('corporation_contacts', '/corporation-contacts')],
    { onlyOnHosts: ['dealer_brand', 'listing_partner'] },
  ),
  group(
    'settlements',
    '/settlements',
    [
      leaf('settlements_payment', '/settlements/payment', { rule: 'card_admin' }),
      leaf('settlements_invoice', '/settlements/invoice', { rule: 'invoices' }),
      leaf('settlements_subscription', '/settlements/subscription', {
        rule: 'card_admin',
        hiddenOnHosts: ['dealer_brand'],
      }),
      leaf('settlements_usagequota', '/settlements/usagequota', { rule: 'usage_quota' }),
    ],
    { hiddenOnHosts: ['listing_partner'] },
  ),
  group('plans', '/plan', [leaf('plans_list', '/plan/list'), leaf('plans_add', '/plan/add')], {
    roles: ['master'],
    hiddenOnHosts: ['dealer_brand'],
  }),
  group(
    'domains',
    '/domain',
    [
      leaf('domains_list', '/domain/list', undefined, ['/domain/edit', '/domain/confirmation-edit']),
      leaf('domains_add', '/domain/add', undefined, ['/domain/confirmation']),
    ],
    { roles: ['master'] },
  ),
  group(
    'statistics',
    '/statistic',
    [
      leaf('statistics_chart', '/statistic/chart'),
      leaf('statistics_cs_chart_cl', '/statistic/cs-chart-cl', { rule: 'cs_chart_cl' }),
      leaf('statistics_cs_chart', '/statistic/cs-chart', { roles: ['master'] }),
      leaf('statistics_cs_criteo_chart', '/statistic/cs-criteo-chart', { roles: ['master'] }),
      leaf('statistics_movie_backup_exteriors', '/statistic/movie-backup-exteriors', { roles: ['master'] }),
    ],
    { rule: 'statistics_submenu' },
  ),
  // The single chart link of users without the submenu; "statistics is always shown" holds across both entries.
  leaf('statistics_single', '/statistic/chart', { rule: 'statistics_single' }),
  group(
    'web_negotiation',
    '/web-negotiation',
    [
      leaf('web_negotiation_list', '/web-negotiation/list', undefined, [
        '/web-negotiation/edit',
        '/web-negotiation/detail',
      ]),
      leaf('web_negotiation_add', '/web-negotiation/add'),
    ],
    { anyOption: ['web_negotiation'], hiddenOnHosts: ['dealer_brand', 'bike_sensor'] },
  ),
  leaf('mail_history', '/mail-history/contents-movie', {
    anyOption: ['option_data'],
    hiddenOnHosts: ['dealer_brand', 'bike_sensor'],
  }),
  leaf('custom_design', '/custom-design/edit', { anyOption: ['hotspot_browser', 'hotspot_app'] }),
  leaf('contact', '/contact/form', { hiddenOnHosts: ['dealer_brand'] }),
  leaf('legal_edit', '/legal/edit', { roles: ['master'] }),
];

/** The roles-table row "user list, add, edit". */
function canManageUsers(ctx: MenuContext): boolean {
  if (ctx.privilegeType === 'master') return true;
  if (!ctx.options.is_user_add) return false;
  switch (ctx.privilegeType) {
    case 'super':
      return true;
    case 'admin':
      return !ctx.isProductBranded || !ctx.isPayByCredit;
    case 'normal':
      return false;
    default:
      return assertNever(ctx.privilegeType);
  }
}

function hasStatisticsSubmenu(ctx: MenuContext): boolean {
  return ctx.privilegeType === 'master' || ctx.csJoined;
}

function ruleHolds(rule: MenuRule, ctx: MenuContext): boolean {
  switch (rule) {
    case 'user_management':
      return canManageUsers(ctx);
    case 'csv_user_add':
      return ctx.privilegeType === 'super' && !ctx.isProductBranded && !ctx.isPayByCredit && ctx.options.is_user_add;
    case 'account_management':
      return (
        (ctx.isProductBranded && ctx.privilegeType !== 'super' && ctx.privilegeType !== 'master') ||
        (ctx.privilegeType === 'normal' && ctx.csJoined)
      );
    case 'card_admin':
      return ctx.privilegeType === 'admin' && ctx.isPayByCredit;
    case 'invoices':
      return ctx.privilegeType === 'master' || ruleHolds('card_admin', ctx);
    case 'usage_quota':
      return ctx.privilegeType !== 'super' && ctx.privilegeType !== 'master' && ctx.isPayByCredit;
    case 'statistics_submenu':
      return hasStatisticsSubmenu(ctx);
    case 'statistics_single':
      return !hasStatisticsSubmenu(ctx);
    case 'cs_chart_cl':
      return hasStatisticsSubmenu(ctx);
    case 'disabled':
      return false;
    default:
      return assertNever(rule);
  }
}

function ownRuleHolds(v: MenuVisibility | undefined, ctx: MenuContext): boolean {
  if (!v) return true;
  if (v.roles && !v.roles.includes(ctx.privilegeType)) return false;
  if (v.anyOption && !v.anyOption.some((o) => ctx.options[o])) return false;
  if (v.onlyOnHosts && !v.onlyOnHosts.some((h) => ctx.hostFlags.includes(h))) return false;
  if (v.hiddenOnHosts?.some((h) => ctx.hostFlags.includes(h))) return false;
  if (v.rule && !ruleHolds(v.rule, ctx)) return false;
  return true;
}

/** The one rule function: an entry is visible when its own conditions hold and, for a group, a child is visible. */
export function isMenuEntryVisible(entry: MenuEntry, ctx: MenuContext): boolean {
  if (!ownRuleHolds(entry.visibility, ctx)) return false;
  if (entry.children) return entry.children.some((c) => isMenuEntryVisible(c, ctx));
  return true;
}

/** The tree as this user sees it; a group with no visible child disappears. */
export function visibleMenu(ctx: MenuContext): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of MENU) {
    if (!isMenuEntryVisible(entry, ctx)) continue;
    if (entry.children) {
      out.push({ ...entry, children: entry.children.filter((c) => isMenuEntryVisible(c, ctx)) });
    } else {
      out.push(entry);
    }
  }
  return out;
}

/** The ids of every visible entry, groups and leaves, in display order (handy for tests and route guards). */
export function visibleMenuIds(ctx: MenuContext): string[] {
  const ids: string[] = [];
  const walk = (entries: readonly MenuEntry[]): void => {
    for (const e of entries) {
      ids.push(e.id);
      if (e.children) walk(e.children);
    }
  };
  walk(visibleMenu(ctx));
  return ids;
}

/** Segment-wise prefix: `/a/b` is under `/a` but `/ab` is not. */
export function pathIsUnder(pathname: string, base: string): boolean {
  const p = stripTrailingSlash(pathname);
  const b = stripTrailingSlash(base);
  return p === b || p.startsWith(`${b}/`);
}

function stripTrailingSlash(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/** Longest path or sub-path of the entry that the route is under, or -1 when none. */
function matchLength(pathname: string, entry: MenuEntry): number {
  let best = -1;
  for (const p of [entry.path, ...entry.subPaths]) {
    if (pathIsUnder(pathname, p) && p.length > best) best = p.length;
  }
  return best;
}

/** Groups to open: those with a child whose path or sub-path the route is under (the group's own path does not count). */
export function openGroupIds(pathname: string, menu: readonly MenuEntry[]): string[] {
  const ids: string[] = [];
  const walk = (entries: readonly MenuEntry[]): boolean => {
    let any = false;
    for (const e of entries) {
      if (e.children) {
        if (walk(e.children)) {
          ids.push(e.id);
          any = true;
        }
      } else if (matchLength(pathname, e) >= 0) {
        any = true;
      }
    }
    return any;
  };
  walk(menu);
  return ids;
}

/** The leaf to highlight: the one whose path or sub-path matches the route most specifically. */
export function activeEntryId(pathname: string, menu: readonly MenuEntry[]): string | undefined {
  let best: { id: string; length: number } | undefined;
  const walk = (entries: readonly MenuEntry[]): void => {
    for (const e of entries) {
      if (e.children) {
        walk(e.children);
        continue;
      }
      const length = matchLength(pathname, e);
      if (length >= 0 && (!best || length > best.length)) best = { id: e.id, length };
    }
  };
  walk(menu);
  return best?.id;
}

/** First document, section 1: a non-master user on the product's own domain who pays by card. */
export function isProductBrandedUser(u: {
  privilegeType: PrivilegeType;
  isProductDomain: boolean;
  isPayByCredit: boolean;
}): boolean {
  return u.privilegeType !== 'master' && u.isProductDomain && u.isPayByCredit;
}
