import { describe, expect, it } from 'vitest';
import { activeSuperUser, api } from './api.ts';
import { apiSignIn } from './contents-api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import {
  expectPath,
  openPage,
  requestAccessToken,
  signIn,
  signInAsMaster,
  testId,
  useSuite,
} from './harness/fixtures.ts';
import { mailIds, outbox, waitForLink } from './mail.ts';

// The users area: master adds an admin, finds it in the list, adds a normal user under it; axe on list and add.
describe.skipIf(skipBrowserTests)('users (subordinates)', () => {
  const suite = useSuite();

  it('master adds an admin and a normal user under it', async () => {
    const { page } = await openPage(suite, 'en-US');
    await signInAsMaster(page, suite);
    await testId(page, 'topbar').waitFor({ state: 'visible' });

    const stamp = Date.now().toString(36);
    const adminEmail = `admin-${stamp}@example.com`;
    const normalEmail = `staff-${stamp}@example.com`;

    await page.goto('/subordinate/add');
    await testId(page, 'user-form').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    // A refused submit names the fields and keeps what was typed.
    await testId(page, 'user-email').fill('not-an-email');
    await testId(page, 'user-submit').click();
    await testId(page, 'user-form-errors').waitFor({ state: 'visible' });
    expect(await testId(page, 'user-email').inputValue()).toBe('not-an-email');

    await testId(page, 'user-role-admin').check();
    await testId(page, 'user-email').fill(adminEmail);
    await testId(page, 'user-name').fill(`Admin ${stamp}`);
    await testId(page, 'user-password').fill('abcd1234');
    await testId(page, 'user-car-limit').fill('20');
    await testId(page, 'user-submit').click();
    await expectPath(page, '/subordinate/list');

    await testId(page, 'user-search').fill(adminEmail);
    await page.locator(`[data-testid="user-row"][data-email="${adminEmail}"]`).waitFor({ state: 'visible' });
    // The new admin is the newest user, so its row shows on the previous page before the search is even sent:
    // axe checks the list the journey ends on (the one row found, not busy, no transition running).
    await page.waitForFunction(() => {
      const table = document.querySelector<HTMLElement>('[data-testid="user-table"]');
      const rows = document.querySelectorAll('[data-testid="user-row"]').length;
      const running = document.getAnimations().some((a) => a.playState === 'running');
      return table !== null && table.getAttribute('aria-busy') === null && rows === 1 && !running;
    });
    await expectNoSeriousA11yViolations(page);

    await testId(page, 'user-add').click();
    await expectPath(page, '/subordinate/add');
    await testId(page, 'user-role-normal').check();
    await testId(page, 'user-email').fill(normalEmail);
    await testId(page, 'user-name').fill(`Staff ${stamp}`);
    await testId(page, 'user-password').fill('abcd1234');
    await testId(page, 'user-parent').click();
    await page.getByRole('option', { name: new RegExp(adminEmail) }).click();
    await testId(page, 'user-submit').click();
    await expectPath(page, '/subordinate/list');

    await testId(page, 'user-search').fill(normalEmail);
    const row = page.locator(`[data-testid="user-row"][data-email="${normalEmail}"]`);
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain(`Admin ${stamp}`);
  });

  it('finds a parent admin beyond the first page of the picker by searching the server', async () => {
    const token = await requestAccessToken(suite);
    const stamp = Date.now().toString(36);
    const addAdmin = async (label: string) => {
      const made = await api(`${suite.server.baseUrl}/v1/subordinates`, token, {
        email: `${label}-${stamp}@example.com`,
        password: 'abcd1234',
        privilege_type: 'admin',
        name: `${label} ${stamp}`,
      });
      expect(made.status, JSON.stringify(made.data)).toBe(201);
    };
    // 31 admins whose names sort first fill the picker's first page of 30; the wanted one sorts after them.
    for (let i = 0; i < 31; i += 1) await addAdmin(`zz-fill-${String(i).padStart(2, '0')}`);
    await addAdmin('zzz-far');
    const farEmail = `zzz-far-${stamp}@example.com`;
    const staffEmail = `far-staff-${stamp}@example.com`;

    const { page } = await openPage(suite, 'en-US');
    await signInAsMaster(page, suite, '/subordinate/add');
    await testId(page, 'user-form').waitFor({ state: 'visible' });
    await testId(page, 'user-role-normal').check();
    await testId(page, 'user-email').fill(staffEmail);
    await testId(page, 'user-name').fill(`Far staff ${stamp}`);
    await testId(page, 'user-password').fill('abcd1234');

    await testId(page, 'user-parent').click();
    await page.getByRole('option', { name: new RegExp(`zz-fill-00 ${stamp}`) }).waitFor({ state: 'visible' });
    expect(await page.getByRole('option', { name: new RegExp(farEmail) }).count()).toBe(0);
    await testId(page, 'user-parent').fill(`zzz-far ${stamp}`);
    await page.getByRole('option', { name: new RegExp(farEmail) }).click();
    await expect.poll(() => testId(page, 'user-parent').inputValue()).toBe(`zzz-far ${stamp} (${farEmail})`);
    await testId(page, 'user-submit').click();
    await expectPath(page, '/subordinate/list');

    await testId(page, 'user-search').fill(staffEmail);
    const row = page.locator(`[data-testid="user-row"][data-email="${staffEmail}"]`);
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain(`zzz-far ${stamp}`);

    // The edit form shows the parent by name although it is not among the picker's first admins.
    const created = await api(
      `${suite.server.baseUrl}/v1/subordinates?q=${encodeURIComponent(staffEmail)}&limit=10`,
      token,
    );
    const staffId = (created.data as { items: { id: string }[] }).items[0]?.id ?? '';
    await page.goto(`/subordinate/edit/${staffId}`);
    await testId(page, 'user-form').waitFor({ state: 'visible' });
    await expect.poll(() => testId(page, 'user-parent').inputValue()).toBe(`zzz-far ${stamp} (${farEmail})`);
  });

  it('offers on one’s own edit page only what the server takes there, and points to the account page', async () => {
    const token = await requestAccessToken(suite);
    const me = await api(`${suite.server.baseUrl}/v1/profile`, token);
    const myId = (me.data as { user: { id: string } }).user.id;
    const { page } = await openPage(suite, 'en-US');
    await signInAsMaster(page, suite, `/subordinate/edit/${myId}`);
    // Issue 18: the own password and e-mail were changed here without the current password or a confirmation.
    await testId(page, 'user-own-account').waitFor({ state: 'visible' });
    expect(await testId(page, 'user-password').count()).toBe(0);
    expect(await testId(page, 'user-email').getAttribute('readonly')).not.toBeNull();
    expect(await testId(page, 'user-car-limit').getAttribute('readonly')).not.toBeNull();
    expect(await testId(page, 'user-two-step-forced-own').isDisabled()).toBe(true);
    await testId(page, 'user-own-account-link').click();
    await expectPath(page, '/account/conf');
  });

  it('changes one’s own e-mail on the account page: confirmed from the new address, the other sessions end', async () => {
    const { baseUrl, dataDir } = suite.server;
    const account = { email: 'own-mail@example.com', password: 'Own-mail-2025', name: 'Own Mail' };
    await activeSuperUser(suite, account);
    const elsewhere = await apiSignIn(suite, account.email, account.password);
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, '/account/conf');
    const form = page.getByRole('form', { name: 'メールアドレスの変更' });
    await form.getByRole('textbox').nth(0).fill('own-mail-new@example.com');
    await form.getByRole('textbox').nth(1).fill('own-mail-new@example.com');
    const before = await mailIds(outbox(dataDir));
    await testId(page, 'email-change-submit').click();
    await testId(page, 'email-change-sent').waitFor({ state: 'visible' });
    // A keyboard user keeps their place: the busy button is never disabled, so the focus stays on it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('email-change-submit');
    expect((await api(`${baseUrl}/v1/profile`, elsewhere.access)).status).toBe(200);

    await page.goto(
      await waitForLink(outbox(dataDir), 'own-mail-new@example.com', '/user/email/confirmation/', before),
    );
    await testId(page, 'email-confirmed').waitFor({ state: 'visible' });
    // Issue 18, finding 1: the session that asked stays; every other one ends with the old address.
    expect((await api(`${baseUrl}/v1/profile`, elsewhere.access)).status).toBe(401);
    await page.goto('/account/conf');
    await expect.poll(() => testId(page, 'current-email').textContent()).toBe('own-mail-new@example.com');
  });
});
