import { type HostFlag, MENU, type MenuEntry, pathIsUnder } from './menu.ts';
import { BASIC_INFO_KEYS, type BasicInfoKey, BIKE_ONLY_FIELDS, CAR_ONLY_FIELDS } from './schemas/contents.ts';
import type { CONTENT_STYLES } from './schemas/domain.ts';

/**
 * What each white-label host changes beyond the sidebar (first document sections 1, 2, 3 and 6; docs/decisions.md
 * "Tenancy: white-label hosts"). A host is the signed-in user's domain: its `host_flags` say which white-label site
 * it is, so the console and the server ask these functions the same questions.
 *
 * - Hidden screens are refused by the server too: each call a screen makes is listed here with the menu entries
 *   (screens) that use it; a call is refused on a host where every screen using it is hidden by the host's flags
 *   (`hiddenOnHosts` / `onlyOnHosts` of the entry and its group in MENU). Role and option rules stay with each
 *   area's service: this table is only about hosts.
 * - Bike site: every vehicle is a bike (content style bike whatever the domain's or the user's setting), the bike
 *   manual is offered, and a user's first `username_alias` is their shop code.
 * - Auction site: a vehicle is an auction lot: its management ID reads as the lot number, the assessment score
 *   (the auction grade) comes first, and the retail prices are not asked (the auction sets the price).
 */

export type HostFlags = readonly HostFlag[];

/** One call of a hidden-able screen: its method (any when absent) and its route, matched by path segment. */
export interface ScreenCall {
  method?: 'GET' | 'POST' | 'DELETE';
  /** The route as the server registers it (`/v1/...`, `/api/browser/v0/...`); its sub-paths are covered too. */
  path: string;
  /** The menu entries whose screens make this call; the call is refused only when all of them are hidden. */
  screens: readonly string[];
}

const CONTENT_API = '/api/browser/v0';

// biome-ignore format: one call a line, so the table reads against the menu
export const SCREEN_CALLS: readonly ScreenCall[] = [
  { method: 'POST', path: `${CONTENT_API}/contents`, screens: ['contents_add'] },
  { method: 'POST', path: `${CONTENT_API}/contents/copy`, screens: ['contents_add'] },
  { path: `${CONTENT_API}/contents/csv`, screens: ['contents_bulk'] },
  { path: `${CONTENT_API}/contents/csv_check`, screens: ['contents_bulk'] },
  { path: '/v1/subordinates-upload', screens: ['users_addlist'] },
  { path: '/v1/subordinates-template', screens: ['users_addlist'] },
  { path: `${CONTENT_API}/send_mail`, screens: ['mail_history'] },
  { path: `${CONTENT_API}/web_negotiation_group`, screens: ['web_negotiation_list', 'web_negotiation_add'] },
  { path: `${CONTENT_API}/web_negotiation_groupcontents`, screens: ['web_negotiation_list', 'web_negotiation_add'] },
  { path: `${CONTENT_API}/meeting-documents`, screens: ['web_negotiation_list', 'web_negotiation_add'] },
  { path: '/v1/plans', screens: ['plans_list', 'plans_add'] },
  { path: '/v1/plan', screens: ['plans_list', 'plans_add'] },
  { method: 'POST', path: '/v1/subscription', screens: ['settlements_subscription'] },
  { method: 'POST', path: '/v1/subscription/confirm', screens: ['settlements_subscription'] },
  { method: 'POST', path: '/v1/contact', screens: ['contact'] },
  { path: '/v1/credit-cards', screens: ['account_payment', 'settlements_payment'] },
  { path: '/v1/card-token', screens: ['account_payment', 'settlements_payment'] },
  { path: '/v1/invoice', screens: ['settlements_invoice'] },
  { path: '/v1/details', screens: ['settlements_invoice'] },
  { path: '/v1/detail-all', screens: ['settlements_invoice'] },
  { path: '/v1/customers', screens: ['settlements_invoice'] },
  { path: '/v1/usage-quota', screens: ['settlements_usagequota'] },
];

/** The entry and the groups above it, outermost first; empty when the id is no menu entry. */
function entryChain(id: string, entries: readonly MenuEntry[] = MENU): MenuEntry[] {
  for (const entry of entries) {
    if (entry.id === id) return [entry];
    const below = entry.children ? entryChain(id, entry.children) : [];
    if (below.length > 0) return [entry, ...below];
  }
  return [];
}

/** Whether the host's flags alone hide a menu entry (its own conditions or its group's); roles and options aside. */
export function isScreenHiddenOnHost(id: string, flags: HostFlags): boolean {
  return entryChain(id).some((e) => {
    const v = e.visibility;
    if (v?.onlyOnHosts && !v.onlyOnHosts.some((h) => flags.includes(h))) return true;
    return v?.hiddenOnHosts?.some((h) => flags.includes(h)) === true;
  });
}

/** The listed call a route is, the most specific first (so `/contents/copy` is itself, not `/contents`). */
export function screenCallOf(method: string, route: string): ScreenCall | undefined {
  const upper = method.toUpperCase();
  let best: ScreenCall | undefined;
  for (const call of SCREEN_CALLS) {
    if (call.method && call.method !== upper) continue;
    // A listed write is that one route; a call listed without a method covers its sub-paths (`/send_mail/:id`).
    const matches = call.method ? route === call.path : pathIsUnder(route, call.path);
    if (matches && (!best || call.path.length > best.path.length)) best = call;
  }
  return best;
}

/**
 * The screen a call belongs to when this host hides every screen that makes it (the server answers 403
 * `hidden_on_host`), else undefined.
 */
export function hiddenScreenOfCall(method: string, route: string, flags: HostFlags): string | undefined {
  if (flags.length === 0) return undefined;
  const call = screenCallOf(method, route);
  if (!call) return undefined;
  return call.screens.every((s) => isScreenHiddenOnHost(s, flags)) ? call.screens[0] : undefined;
}

// ---- Bike site ---------------------------------------------------------------------------------------------------

export type ContentStyle = (typeof CONTENT_STYLES)[number];

/** The content style in force: a bike site's vehicles are bikes, elsewhere the user's (or domain's) setting. */
export function contentStyleOnHost(style: ContentStyle, flags: HostFlags): ContentStyle {
  return flags.includes('bike') ? 'bike' : style;
}

/**
 * A domain's options under its host flags: a bike site's content style is bike. Answers the rule broken when the
 * patch itself asked for cars on a bike site, so the refusal names the field.
 */
export function optionsOnHost<O extends { content_style: ContentStyle }>(
  options: O,
  flags: HostFlags,
  patch: { content_style?: unknown } | undefined,
): { ok: true; options: O } | { ok: false; field: 'content_style'; message: string } {
  if (!flags.includes('bike')) return { ok: true, options };
  if (patch?.content_style === 'car') {
    return { ok: false, field: 'content_style', message: 'Vehicles on the bike site are bikes.' };
  }
  return { ok: true, options: { ...options, content_style: 'bike' } };
}

/** On the bike site the shop code is the user's first username alias (first document section 3). */
export function shopCodeIsAlias(flags: HostFlags): boolean {
  return flags.includes('bike');
}

/** The shop code a user shows: the first alias on the bike site, the stored shop code elsewhere. */
export function shopCodeOnHost(
  user: { shop_code: string; username_alias: readonly string[] },
  flags: HostFlags,
): string {
  return shopCodeIsAlias(flags) ? (user.username_alias[0] ?? '') : user.shop_code;
}

/**
 * The aliases after the shop code was set on the bike site: the code becomes the first alias (moved there when it
 * was another one), an empty code removes the first alias.
 */
export function aliasesWithShopCode(aliases: readonly string[], code: string): string[] {
  const rest = aliases.slice(1).filter((a) => a !== code);
  return code === '' ? rest : [code, ...rest];
}

// ---- Auction site ------------------------------------------------------------------------------------------------

/** Retail prices an auction lot does not carry: the auction sets the price. */
export const AUCTION_HIDDEN_FIELDS: readonly BasicInfoKey[] = ['price_with_tax', 'total_price_with_tax'];

/**
 * The basic info fields a vehicle shows on this host: the style's (bike fields for bikes, the steering side for
 * cars); on the auction site without the retail prices and with the assessment score first.
 */
export function basicInfoKeysOnHost(style: ContentStyle, flags: HostFlags): BasicInfoKey[] {
  const hidden = contentStyleOnHost(style, flags) === 'bike' ? CAR_ONLY_FIELDS : BIKE_ONLY_FIELDS;
  const keys = BASIC_INFO_KEYS.filter((key) => !hidden.includes(key));
  if (!flags.includes('auction')) return keys;
  const lot = keys.filter((key) => !AUCTION_HIDDEN_FIELDS.includes(key) && key !== 'assessment_score');
  return ['assessment_score', ...lot];
}

/** The vehicle fields a host labels its own way (i18n key suffix `contentFields.<host>.<field>`). */
export function fieldLabelHost(flags: HostFlags): 'auction' | 'bike' | undefined {
  if (flags.includes('auction')) return 'auction';
  if (flags.includes('bike')) return 'bike';
  return undefined;
}
