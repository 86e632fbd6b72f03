import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server.ts';

/**
 * What the console sweep checks of a page as a screen of the screen list (e2e/harness/sweep.ts): it shows its own
 * title (the screen's `screens.<id>` in that language's catalogue: the signed-in layout's page title, or the public
 * card's heading); signed in, the main area holds content of its own and no "not available" or "not found" notice;
 * the document says its language (html lang); no catalogue key shows raw.
 */

/** A page of the sweep: where it is and the screen (of the screen list) it must show. */
export interface SweepPage {
  path: string;
  screen: string;
}

/** The plan the sweep offers (plan edit, sign-up) and the dealer who bought it (the settlements pages). */
export const SWEEP_PLAN = { id: 'sweepbasic', name: 'Basic' } as const;
/** A plan in dollars: the yen contract's page says why it cannot switch to it. */
export const SWEEP_USD_PLAN = { id: 'sweepglobal', name: 'Global' } as const;
export const SWEEP_DEALER = { email: 'sweep-dealer@example.com', password: 'Sweep-dealer-2025' } as const;
/**
 * The sign-up's choice as /user/plan and /user/payment keep it (features/billing/signup/signupChoice.ts): the
 * payment page needs the plan, the registration page shows the card and says what a paid sign-up does.
 */
export const SIGNUP_CHOICE = {
  key: 'spinyard.signup',
  value: JSON.stringify({
    plan_id: SWEEP_PLAN.id,
    card: { token: 'sweep-token', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035 },
  }),
} as const;

/** The rows the pages with ids show (sweep.ts seeds them). */
export interface SweptIds {
  userId: string;
  vehicleId: string;
  companyCode: string;
  planId: string;
  meetingId: string;
}

/** The public pages, in an order where each differs from the one before (arrive waits for the change). */
export const PUBLIC_PAGES: readonly SweepPage[] = [
  { path: '/login', screen: 'login' },
  { path: '/user/password', screen: 'user_password' },
  { path: '/user/password/confirmation/sweep-unknown-token', screen: 'user_password_confirmation' },
  { path: '/user/password/complete', screen: 'user_password_complete' },
  { path: '/user/activation/00000000-0000-0000-0000-000000000000', screen: 'user_activation' },
  { path: '/user/email/confirmation/sweep-unknown-token', screen: 'user_email_confirmation' },
  { path: '/user/plan', screen: 'user_plan' },
  { path: '/user/payment', screen: 'user_payment' },
  { path: '/user/entry', screen: 'user_entry' },
  { path: '/terms', screen: 'terms' },
  { path: '/privacy', screen: 'privacy' },
  { path: '/personal-information', screen: 'personal_information' },
  { path: '/no/such/page', screen: 'not_found' },
];

/** The signed-in pages, the first opened with a load, the others reached by client-side moves. */
export function signedInPages(scene: SweptIds): SweepPage[] {
  const car = encodeURIComponent(scene.vehicleId);
  const pages: [path: string, screen: string][] = [
    ['/top', 'top'],
    ['/account/conf', 'account_conf'],
    ['/account/two-step', 'account_two_step'],
    ['/account/devices', 'account_devices'],
    ['/domain/list', 'domain_list'],
    ['/domain/add', 'domain_add'],
    [`/domain/edit/${encodeURIComponent(scene.companyCode)}`, 'domain_edit'],
    ['/subordinate/list', 'subordinate_list'],
    ['/subordinate/add', 'subordinate_add'],
    [`/subordinate/edit/${encodeURIComponent(scene.userId)}`, 'subordinate_edit'],
    ['/contents/list', 'contents_list'],
    ['/contents/add', 'contents_add'],
    [`/contents/edit/${car}`, 'contents_edit'],
    [`/contents/detail/${car}`, 'contents_detail'],
    [`/contents/annotations/${car}`, 'contents_annotations'],
    [`/contents/movie/${car}`, 'contents_movie'],
    ['/contents/bulk', 'contents_bulk'],
    ['/custom-design/edit', 'custom_design_edit'],
    ['/statistic/chart', 'statistic_chart'],
    ['/statistic/cs-chart', 'statistic_cs_chart'],
    ['/statistic/cs-criteo-chart', 'statistic_cs_criteo_chart'],
    ['/statistic/movie-backup-exteriors', 'statistic_movie_backup_exteriors'],
    ['/plan/list', 'plan_list'],
    ['/plan/add', 'plan_add'],
    [`/plan/edit/${encodeURIComponent(scene.planId)}`, 'plans_edit'],
    ['/settlements/invoice', 'settlements_invoice'],
    ['/legal/edit', 'legal_edit'],
    ['/contact/form', 'contact_form'],
    ['/web-negotiation/list', 'web_negotiation_list'],
    ['/web-negotiation/add', 'web_negotiation_add'],
    [`/web-negotiation/edit/${encodeURIComponent(scene.meetingId)}`, 'web_negotiation_edit'],
    [`/web-negotiation/detail/${encodeURIComponent(scene.meetingId)}`, 'web_negotiation_detail'],
  ];
  return pages.map(([path, screen]) => ({ path, screen }));
}

/**
 * Dialogs the sweep opens on a page of the list (by the test id of the button that opens each) and checks as it
 * checks the page: the states a page shows only on a click. The vehicle's video-site upload (its channel connected
 * in the scene) holds the most text of the detail page.
 */
export const SWEEP_DIALOGS: Readonly<Record<string, readonly string[]>> = {
  contents_detail: ['video-site-upload'],
};

/** The pages of a super user's own: the master sees them as "not available". */
export const SUPER_USER_PAGES: readonly SweepPage[] = [
  { path: '/companyinfo/info', screen: 'companyinfo_info' },
  { path: '/company/edit', screen: 'company_edit' },
  { path: '/subordinate/addlist', screen: 'subordinate_addlist' },
  { path: '/contract/cancel/conf', screen: 'contract_cancel_conf' },
];

/** The pages of a dealer paying by card (the settlements, the card): master sees them as "not available". */
export const DEALER_PAGES: readonly SweepPage[] = [
  { path: '/settlements/subscription', screen: 'settlements_subscription' },
  { path: '/settlements/payment', screen: 'settlements_payment' },
  { path: '/settlements/usagequota', screen: 'settlements_usagequota' },
  { path: '/settlements/invoice', screen: 'settlements_invoice' },
  { path: '/account/payment', screen: 'account_payment' },
];

/** The partner screens (issue 22), read as the super user of a listing-partner tenant (sweep-partner.ts). */
export const PARTNER_PAGES: readonly SweepPage[] = [
  { path: '/corporations', screen: 'corporations' },
  { path: '/corporation-contacts', screen: 'corporation_contacts' },
];

/** The dealer's page outside the console's layout: a card with its heading, as the public pages are. */
export const DEALER_CARD_PAGES: readonly SweepPage[] = [{ path: '/payment-failure', screen: 'payment_failure' }];

const ANY_ID = 'swept-id';
const SWEPT_PATHS = [
  ...PUBLIC_PAGES,
  ...signedInPages({ userId: ANY_ID, vehicleId: ANY_ID, companyCode: ANY_ID, planId: ANY_ID, meetingId: ANY_ID }),
  ...SUPER_USER_PAGES,
  ...DEALER_PAGES,
  ...DEALER_CARD_PAGES,
  ...PARTNER_PAGES,
].map(({ path }) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(ANY_ID, '[^/]+')}$`));

/** Whether the sweep checks the console page at `pathname` (any ids in it) as a screen of its own. */
export function isSweptScreen(pathname: string): boolean {
  return SWEPT_PATHS.some((pattern) => pattern.test(pathname));
}

/** What the page shows, read in the same evaluate as the text checks (sweep.ts `pageFacts`). */
export interface PageFacts {
  /** The signed-in layout's page title, or null on a public page. */
  title: string | null;
  /** The first level-one heading. */
  heading: string | null;
  lang: string;
  /** `not-available` or `not-found` notices inside the main area. */
  notices: string[];
  /** The main area's visible text, trimmed ('' when there is none or no main area). */
  main: string;
  /** The whole page's visible text. */
  text: string;
}

/** Runs in the page: passed to `page.evaluate` by its source, so it uses nothing from outside its body. */
export function pageFacts(): PageFacts {
  // What shows counts (innerText): hidden nodes make no title and no content.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is wanted, not the raw text nodes.
  const text = (element: Element | null) => (element as HTMLElement | null)?.innerText.trim() ?? null;
  const main = document.querySelector('main');
  const notices = main
    ? Array.from(main.querySelectorAll('[data-testid="not-available"], [data-testid="not-found"]')).map(
        (element) => element.getAttribute('data-testid') ?? '',
      )
    : [];
  return {
    title: text(document.querySelector('[data-testid="page-title"]')),
    heading: text(document.querySelector('h1')),
    lang: document.documentElement.lang,
    notices,
    main: text(main) ?? '',
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is wanted, not the raw text nodes.
    text: document.body.innerText,
  };
}

type Catalogue = { screens: Record<string, string> } & Record<string, unknown>;
const catalogues = new Map<string, Catalogue>();

function catalogue(lang: string): Catalogue {
  let read = catalogues.get(lang);
  if (!read) {
    read = JSON.parse(readFileSync(path.join(repoRoot, `apps/console/src/i18n/${lang}.json`), 'utf8')) as Catalogue;
    catalogues.set(lang, read);
  }
  return read;
}

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

let catalogueKeys: string[] | undefined;

/** What is wrong with the page as the screen it must be, each a line of the sweep's report. */
export function screenProblems(facts: PageFacts, lang: string, page: SweepPage, signedIn: boolean): string[] {
  const problems: string[] = [];
  const title = catalogue(lang).screens[page.screen];
  if (!title) return [`no title for screen ${page.screen} in ${lang}.json`];
  const shown = signedIn ? facts.title : facts.heading;
  if (shown !== title) problems.push(`title "${shown ?? ''}", not "${title}" (screens.${page.screen})`);
  if (signedIn) {
    for (const notice of facts.notices) problems.push(`shows the ${notice} notice`);
    if (facts.main === '') problems.push('the main area is empty');
  }
  if (facts.lang !== lang) problems.push(`html lang "${facts.lang}"`);
  catalogueKeys ??= keysOf(catalogue('ja'));
  const raw = catalogueKeys.filter((key) => facts.text.includes(key));
  if (raw.length > 0) problems.push(`shows catalogue keys ${raw.join(', ')}`);
  return problems;
}
