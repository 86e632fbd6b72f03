import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import ja from '../apps/console/src/i18n/ja.json';
import { activeSuperUser, api } from './api.ts';
import { apiSignIn, createVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';

// Each white-label host in the browser, in Japanese: the super user's sidebar as the spec gives it for that host
// (first document section 2, "Conditional routes"), and one page per host that shows what else the host changes
// (a hidden screen's address showing the not-available page, the bike site's shop code, the auction's lot number).

const PASSWORD = 'hosts-pass-42';
const HOSTS = ['bike', 'auction', 'dealer_brand', 'listing_partner', 'bike_sensor'] as const;
type Host = (typeof HOSTS)[number];

const CONTENTS = ['contents', 'contents_list', 'contents_add', 'contents_bulk', 'contents_audio_library'];
const USERS = ['users', 'users_list', 'users_add', 'users_groups', 'users_addlist'];
const COMPANY = ['company', 'company_info', 'company_subdomain', 'company_edit'];
const ACCOUNT = ['account', 'account_conf', 'account_two_step', 'account_devices'];
const CORPORATIONS = ['corporations_menu', 'corporations', 'corporation_contacts'];
const WEB_NEGOTIATION = ['web_negotiation', 'web_negotiation_list', 'web_negotiation_add'];
/** A super user's sidebar on a tenant with web negotiation, option data and the browser hotspots on, no white-label flag. */
const PLAIN = [
  'top',
  ...CONTENTS,
  ...USERS,
  ...COMPANY,
  ...ACCOUNT,
  'statistics_single',
  ...WEB_NEGOTIATION,
  'mail_history',
  'custom_design',
  'contact',
];
const without = (ids: readonly string[], gone: readonly string[]) => ids.filter((id) => !gone.includes(id));

const EXPECTED_MENU: Record<Host, string[]> = {
  bike: PLAIN,
  auction: PLAIN,
  // Add-car, CSV, mail history, web negotiation, plan and contact hidden; corporations in place of the account menu.
  dealer_brand: [
    'top',
    'contents',
    'contents_list',
    'contents_audio_library',
    'users',
    'users_list',
    'users_add',
    'users_groups',
    ...COMPANY,
    ...CORPORATIONS,
    'statistics_single',
    'custom_design',
  ],
  // Corporation and base screens appear; the card screens (none for a super) stay hidden.
  listing_partner: [
    ...PLAIN.slice(0, PLAIN.indexOf('statistics_single')),
    ...CORPORATIONS,
    ...PLAIN.slice(PLAIN.indexOf('statistics_single')),
  ],
  bike_sensor: without(PLAIN, ['contents_bulk', ...WEB_NEGOTIATION, 'mail_history']),
};

const suite = useSuite();
const supers = new Map<Host, string>();

/** Every entry of the sidebar in order, each folded group opened first so its children are on the page. */
async function menuIds(page: Page): Promise<string[]> {
  const sidebar = testId(page, 'sidebar');
  await sidebar.waitFor({ state: 'visible' });
  const folded = sidebar.locator('button[data-menu-id][aria-expanded="false"]');
  for (let n = await folded.count(); n > 0; n = await folded.count()) {
    await folded.first().click();
    await expect.poll(() => folded.count()).toBe(n - 1);
  }
  return sidebar
    .locator('[data-menu-id]')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-menu-id') ?? ''));
}

/** Signs the host's super user in on `landing` and checks the sidebar, in Japanese, against the spec's. */
async function openOn(host: Host, landing: string): Promise<Page> {
  const { page } = await openPage(suite, 'ja-JP');
  await signIn(page, supers.get(host) ?? '', PASSWORD, landing);
  // The page's own content first: the sidebar is complete once the profile it is built from has come.
  await testId(page, 'sidebar').waitFor({ state: 'visible' });
  expect(await menuIds(page)).toEqual(EXPECTED_MENU[host]);
  const sidebarText = await textOf(testId(page, 'sidebar'));
  expect(sidebarText).toContain(ja.menu.contents_list);
  return page;
}

describe.skipIf(skipBrowserTests)('white-label hosts', () => {
  beforeAll(async () => {
    const master = await requestAccessToken(suite);
    for (const [n, flag] of HOSTS.entries()) {
      const code = String(401 + n).padStart(4, '0');
      const made = await api(`${suite.server.baseUrl}/v1/domain`, master, {
        host: `${flag.replace('_', '-')}.hosts.example.test`,
        company_code: code,
        service_name: `Hosts ${flag}`,
        host_flags: [flag],
        options: { web_negotiation: true, option_data: true, is_user_add: true },
        super_user: { email: `first-${flag}@hosts.example.test`, name: `First ${flag}` },
      });
      expect(made.status, JSON.stringify(made.data)).toBe(201);
      const email = `super-${flag}@hosts.example.test`;
      await activeSuperUser(
        suite,
        { email, password: PASSWORD, name: `Super ${flag}` },
        (made.data as { id: string }).id,
      );
      supers.set(flag, email);
    }
  });

  it('dealer brand: a hidden screen’s address shows the not-available page, and its call is refused', async () => {
    const page = await openOn('dealer_brand', '/contents/add');
    await testId(page, 'not-available').waitFor({ state: 'visible' });
    expect(await textOf(testId(page, 'not-available'))).toContain(ja.notAvailable.heading);
    await expectNoSeriousA11yViolations(page);
    const session = await apiSignIn(suite, supers.get('dealer_brand') ?? '', PASSWORD);
    const refused = await api(`${suite.server.baseUrl}/api/browser/v0/contents`, session.content, {
      management_id: 'X',
    });
    expect(refused.status).toBe(403);
  });

  it('bike sensor: web negotiation’s address shows the not-available page', async () => {
    const page = await openOn('bike_sensor', '/web-negotiation/list');
    await testId(page, 'not-available').waitFor({ state: 'visible' });
  });

  it('listing partner: corporations and bases in the menu; card calls refused', async () => {
    await openOn('listing_partner', '/top');
    const session = await apiSignIn(suite, supers.get('listing_partner') ?? '', PASSWORD);
    expect((await api(`${suite.server.baseUrl}/v1/credit-cards`, session.access)).status).toBe(403);
  });

  it('bike site: the user form asks the shop code', async () => {
    const page = await openOn('bike', '/subordinate/add');
    const shopCode = testId(page, 'user-shop-code');
    await shopCode.waitFor({ state: 'visible' });
    expect(await textOf(page.locator(`label[for="${await shopCode.getAttribute('id')}"]`))).toContain(
      ja.users.fields.shop_code,
    );
  });

  it('auction site: a vehicle reads as a lot, without retail prices', async () => {
    const session = await apiSignIn(suite, supers.get('auction') ?? '', PASSWORD);
    const id = await createVehicle(suite, session, { management_id: 'LOT-0001' });
    const page = await openOn('auction', `/contents/detail/${id}`);
    const identity = page.locator('#detail-identity');
    await identity.waitFor({ state: 'visible' });
    expect(await textOf(identity)).toContain(ja.hostFields.auction.management_id);
    expect(await textOf(page.locator('main'))).not.toContain(ja.contentFields.price_with_tax);
  });

  it('issue 22 screens on a phone: the subdomain set (a bad label named on its field), the groups of users', async () => {
    const page = await openOn('bike', '/company/subdomain');
    await page.setViewportSize({ width: 390, height: 844 });
    const input = testId(page, 'subdomain-input');
    await input.waitFor({ state: 'visible' });
    expect(await textOf(testId(page, 'subdomain-current'))).toContain(ja.companies.subdomain.none);
    await input.fill('a--b');
    await testId(page, 'subdomain-submit').click();
    const field = ja.companies.fields.subdomain;
    await page.getByText(ja.validation.no_repeated_hyphens.replace('{{field}}', field)).waitFor();
    await input.fill('Shop1');
    await testId(page, 'subdomain-submit').click();
    await expect.poll(() => textOf(testId(page, 'subdomain-current'))).toContain('shop1.bike.hosts.example.test');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/hosts-subdomain-ja-phone.png', fullPage: true });

    await page.goto('/subordinate/groups');
    const loose = testId(page, 'usergroup').last();
    await loose.waitFor({ state: 'visible' });
    expect(await textOf(loose)).toContain(ja.users.groups.loose);
    expect(await textOf(loose)).toContain('super-bike@hosts.example.test');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/hosts-usergroups-ja-phone.png', fullPage: true });
  });
});
