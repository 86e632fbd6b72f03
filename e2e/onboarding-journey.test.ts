import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests, workerBrowser } from './harness/browser.ts';
import {
  expectPath,
  openPage,
  type Suite,
  signIn,
  signInAsMaster,
  signInWithForm,
  testId,
  textOf,
} from './harness/fixtures.ts';
import { type RunningServer, startServer } from './harness/server.ts';
import { type SmtpPeer, startSmtpPeer, waitForLink } from './mail.ts';

const stamp = randomBytes(4).toString('hex');
const HOST = `dealer-${stamp}.example.test`;
const COMPANY_CODE = String(1000 + (Number.parseInt(stamp.slice(0, 4), 16) % 8000));
const SUPER_EMAIL = `super-${stamp}@example.test`;
const SUPER_PASSWORD = `Super-${stamp}-2026`;
const ADMIN_EMAIL = `admin-${stamp}@example.test`;
const NORMAL_EMAIL = `staff-${stamp}@example.test`;
const CSV_ADMIN_EMAIL = `csv-admin-${stamp}@example.test`;
const CSV_NORMAL_EMAIL = `csv-staff-${stamp}@example.test`;
const CSV_HEADER = 'email,password,privilege_type,name,parent_email,company_section,car_limit';

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${[CSV_HEADER, ...lines].join('\r\n')}\r\n`, 'utf8') };
}

function userRow(email: string) {
  return `[data-testid="user-row"][data-email="${email}"]`;
}

// The journey, in order: the master registers a dealer's domain; its super user activates the account
// from the mail (delivered to a real SMTP peer), chooses a password and signs in; adds an admin and a staff member
// under it; then adds users from a CSV file and sees a refused file add nobody.
describe.skipIf(skipBrowserTests)('onboarding journey: new dealer domain to its first users', () => {
  let peer: SmtpPeer | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const suite: Suite = {
    get server() {
      if (!server) throw new Error('the server is not running (beforeAll failed?)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running (beforeAll failed?)');
      return browser;
    },
  };

  beforeAll(async () => {
    peer = await startSmtpPeer();
    const [started, launched] = await Promise.allSettled([
      startServer({
        env: { SMTP_URL: peer.url },
        template: inject('e2eDataTemplate') ?? undefined,
        bundle: inject('e2eServerBundle') ?? undefined,
      }),
      workerBrowser(),
    ]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  }, 180_000);

  afterAll(async () => {
    const results = await Promise.allSettled([server?.stop(), peer?.close()]);
    for (const result of results) if (result.status === 'rejected') throw result.reason;
  }, 60_000);

  it('1. the master registers the dealer domain and its super user', async () => {
    const { page } = await openPage(suite, 'en-US');
    await signInAsMaster(page, suite, '/domain/add');
    await testId(page, 'domain-host').fill(HOST);
    await testId(page, 'domain-company-code').fill(COMPANY_CODE);
    await testId(page, 'domain-service-name').fill(`Dealer ${stamp}`);
    await testId(page, 'domain-super-user-email').fill(SUPER_EMAIL);
    await testId(page, 'domain-confirm').click();

    await expectPath(page, '/domain/confirmation');
    await testId(page, 'summary-basic').waitFor({ state: 'visible' });
    expect(await textOf(testId(page, 'summary-basic'))).toContain(HOST);
    expect(await textOf(testId(page, 'summary-super-user'))).toContain(SUPER_EMAIL);
    await testId(page, 'domain-register').click();
    await expectPath(page, `/domain/edit/${COMPANY_CODE}`);
    const created = testId(page, 'domain-created');
    await created.waitFor({ state: 'visible' });
    expect(await textOf(created)).toContain(SUPER_EMAIL);

    // The CSV import needs a user registration limit: set it through the API with the console's own session.
    const token = await page.evaluate(() => localStorage.getItem('spinyard.access_token'));
    expect(token).toBeTruthy();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const found = await fetch(`${suite.server.baseUrl}/v1/domain/code/${COMPANY_CODE}`, { headers });
    const domain = (await found.json()) as { id?: string };
    expect(found.status, JSON.stringify(domain)).toBe(200);
    const saved = await fetch(`${suite.server.baseUrl}/v1/domain/${domain.id}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ options: { user_registration_limit: 50 } }),
    });
    expect(saved.status, await saved.text()).toBeLessThan(300);
  });

  it('2. the super user activates from the mail, chooses a password and signs in', async () => {
    const link = await waitForLink(peer as SmtpPeer, SUPER_EMAIL, '/user/activation/');
    const { page } = await openPage(suite, 'en-US');
    await page.goto(link);
    // Activated, and the account has no password yet: the console goes on to choosing one.
    await page.waitForURL((url) => url.pathname.startsWith('/user/password/confirmation/'), { timeout: 20_000 });
    const password = page.locator('input[name="password"]');
    const retyped = page.locator('input[name="retypedPassword"]');
    await password.waitFor({ state: 'visible' });
    await password.fill(SUPER_PASSWORD);
    await retyped.fill(SUPER_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await expectPath(page, '/user/password/complete');
    await testId(page, 'reset-complete').waitFor({ state: 'visible' });

    await signInWithForm(page, SUPER_EMAIL, SUPER_PASSWORD);
    await expectPath(page, '/top');
  });

  it('3. the super user adds an admin and a staff member under it', async () => {
    const { page } = await openPage(suite, 'en-US');
    await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
    await testId(page, 'topbar').waitFor({ state: 'visible' });

    await page.goto('/subordinate/add');
    await testId(page, 'user-form').waitFor({ state: 'visible' });
    await testId(page, 'user-role-admin').check();
    await testId(page, 'user-email').fill(ADMIN_EMAIL);
    await testId(page, 'user-name').fill(`Admin ${stamp}`);
    await testId(page, 'user-password').fill('abcd1234');
    await testId(page, 'user-submit').click();
    await expectPath(page, '/subordinate/list');

    await testId(page, 'user-add').click();
    await expectPath(page, '/subordinate/add');
    await testId(page, 'user-role-normal').check();
    await testId(page, 'user-email').fill(NORMAL_EMAIL);
    await testId(page, 'user-name').fill(`Staff ${stamp}`);
    await testId(page, 'user-password').fill('abcd1234');
    await testId(page, 'user-parent').click();
    await page.getByRole('option', { name: new RegExp(ADMIN_EMAIL) }).click();
    await testId(page, 'user-submit').click();
    await expectPath(page, '/subordinate/list');

    await page.locator(userRow(ADMIN_EMAIL)).waitFor({ state: 'visible' });
    const staff = page.locator(userRow(NORMAL_EMAIL));
    await staff.waitFor({ state: 'visible' });
    expect(await staff.textContent()).toContain(`Admin ${stamp}`);
  });

  it('4. the super user adds users from a CSV; a refused file adds nobody', async () => {
    const { page } = await openPage(suite, 'en-US');
    await signIn(page, SUPER_EMAIL, SUPER_PASSWORD, '/subordinate/addlist');
    await testId(page, 'user-csv').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    const input = page.locator('input[type="file"]');
    await input.setInputFiles(
      csvFile('users.csv', [
        `${CSV_ADMIN_EMAIL},abcd1234,admin,CSV Admin ${stamp},,Sales,10`,
        `${CSV_NORMAL_EMAIL},abcd1234,normal,CSV Staff ${stamp},${CSV_ADMIN_EMAIL},Sales,`,
      ]),
    );
    await testId(page, 'user-csv-submit').click();
    const added = testId(page, 'user-csv-added');
    await added.waitFor({ state: 'visible' });
    expect(await textOf(added)).toContain('2 users were added.');

    // An invalid e-mail: the row is named and the file cannot be sent.
    await input.setInputFiles(csvFile('invalid.csv', [`not-an-email,abcd1234,admin,Broken ${stamp},,,`]));
    const refused = testId(page, 'user-csv-refused');
    await refused.waitFor({ state: 'visible' });
    expect(await textOf(testId(page, 'user-csv-errors'))).toMatch(/email/i);
    expect(await testId(page, 'user-csv-submit').isDisabled()).toBe(true);

    // A file the server refuses (an address already registered): all or nothing, so nobody was added.
    const lateEmail = `csv-late-${stamp}@example.test`;
    await input.setInputFiles(
      csvFile('taken.csv', [`${lateEmail},abcd1234,admin,Late ${stamp},,,`, `${ADMIN_EMAIL},abcd1234,admin,Again,,,`]),
    );
    await testId(page, 'user-csv-submit').click();
    await expect.poll(() => textOf(refused)).toContain('Nobody was added');
    expect(await textOf(testId(page, 'user-csv-errors'))).toMatch(/row 2/i);

    await page.goto('/subordinate/list');
    await page.locator(userRow(CSV_ADMIN_EMAIL)).waitFor({ state: 'visible' });
    const csvStaff = page.locator(userRow(CSV_NORMAL_EMAIL));
    await csvStaff.waitFor({ state: 'visible' });
    expect(await csvStaff.textContent()).toContain(`CSV Admin ${stamp}`);
    expect(await page.locator(userRow(lateEmail)).count()).toBe(0);
  });
});
