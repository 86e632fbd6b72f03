import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, signInAsMaster, testId, useSuite } from './harness/fixtures.ts';

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
    await page.waitForLoadState('networkidle');
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
});
