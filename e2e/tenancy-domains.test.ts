import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import {
  expectPath,
  openPage,
  pathOf,
  requestAccessToken,
  signInAsMaster,
  testId,
  textOf,
  useSuite,
} from './harness/fixtures.ts';

/** The row of a domain in /domain/list. */
function domainRow(page: Page, host: string) {
  return page.locator(`[data-testid="domain-row"][data-host="${host}"]`);
}

// The master's domain screens: registration with its confirmation step, the list, an option change with its
// confirmation, the host rules shown at the field, deletion, and axe on each screen.
describe.skipIf(skipBrowserTests)('domains (master)', () => {
  const suite = useSuite();

  it('registers a domain and its super user, finds it in the list, and saves a vehicle limit', async () => {
    const { page } = await openPage(suite);
    await signInAsMaster(page, suite, '/domain/add');
    await testId(page, 'domain-host').fill('e2e-shop.example.com');
    await testId(page, 'domain-company-code').fill('0301');
    await testId(page, 'domain-service-name').fill('E2E Shop');
    await testId(page, 'domain-super-user-email').fill('e2e-super@example.com');
    await testId(page, 'domain-confirm').click();

    await expectPath(page, '/domain/confirmation');
    const basics = testId(page, 'summary-basic');
    await basics.waitFor({ state: 'visible' });
    expect(await textOf(basics)).toContain('e2e-shop.example.com');
    expect(await textOf(basics)).toContain('0301');
    expect(await textOf(testId(page, 'summary-super-user'))).toContain('e2e-super@example.com');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
    await testId(page, 'domain-register').click();

    // Registered: the edit page says the activation mail went to the super user.
    await expectPath(page, '/domain/edit/0301');
    const created = testId(page, 'domain-created');
    await created.waitFor({ state: 'visible' });
    expect(await textOf(created)).toContain('e2e-super@example.com');

    await page.goto('/domain/list');
    const row = domainRow(page, 'e2e-shop.example.com');
    await row.waitFor({ state: 'visible' });
    expect(await textOf(row)).toContain('0301');
    expect(await textOf(row)).toContain('E2E Shop');

    // Change an option: the vehicle limit, from unlimited to 50.
    await row.locator('a').first().click();
    await expectPath(page, '/domain/edit/0301');
    await testId(page, 'option-vehicle_limit-unlimited').uncheck();
    await testId(page, 'option-vehicle_limit').fill('50');
    await testId(page, 'domain-confirm').click();
    await expectPath(page, '/domain/confirmation-edit/0301');
    const changed = page.locator('tr[data-changed="true"]');
    await expect.poll(() => changed.count()).toBe(1);
    expect(await textOf(changed)).toContain('50');
    await testId(page, 'domain-save').click();
    await expectPath(page, '/domain/edit/0301');

    // Saved on the server: a fresh page shows it, and so does the list.
    await page.reload();
    await expect.poll(() => testId(page, 'option-vehicle_limit').inputValue()).toBe('50');
    await expect.poll(() => textOf(testId(page, 'vehicle-counter-value'))).toMatch(/0\D+50/);
    await page.goto('/domain/list');
    await expect.poll(() => textOf(domainRow(page, 'e2e-shop.example.com'))).toContain('50');
  });

  it('shows the repeated-hyphens rule under the host field and keeps what was typed', async () => {
    const { page } = await openPage(suite, 'en-US');
    await signInAsMaster(page, suite, '/domain/add');
    const host = testId(page, 'domain-host');
    await host.fill('my--shop.example.com');
    const error = testId(page, 'field-host').locator('.mantine-InputWrapper-error');
    await expect.poll(() => textOf(error)).toBe('Domain name must not contain two or more hyphens in a row.');
    expect(await host.getAttribute('aria-invalid')).toBe('true');

    // The submit is handled and refused: the form's own refusal appears (it is not there before the click, and a
    // page that navigated away could not show it). Then: still on the form, the input kept, the error under it.
    const refusal = page.locator('form').getByRole('alert');
    expect(await refusal.count()).toBe(0);
    await testId(page, 'domain-confirm').click();
    await expect.poll(() => textOf(refusal)).toBe('Some values need your attention. Check the fields marked in red.');
    expect(pathOf(page)).toBe('/domain/add');
    expect(await host.inputValue()).toBe('my--shop.example.com');
    expect(await textOf(error)).toBe('Domain name must not contain two or more hyphens in a row.');
  });

  it('marks a deleted domain as deleting until the nightly deletion', async () => {
    const token = await requestAccessToken(suite);
    const response = await fetch(`${suite.server.baseUrl}/v1/domain`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        host: 'e2e-gone.example.com',
        company_code: '0302',
        service_name: 'Gone',
        super_user: { email: 'e2e-gone@example.com', name: 'Gone' },
      }),
    });
    expect(response.status).toBe(201);

    const { page } = await openPage(suite);
    await signInAsMaster(page, suite, '/domain/edit/0302');
    await testId(page, 'domain-delete').click();
    const confirm = testId(page, 'domain-delete-modal-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await testId(page, 'domain-delete-host').fill('e2e-gone.example.com');
    await confirm.click();
    await expect.poll(() => testId(page, 'domain-status').getAttribute('data-status')).toBe('deleting');
    await testId(page, 'domain-deleting').waitFor({ state: 'visible' });

    await page.goto('/domain/list');
    const status = domainRow(page, 'e2e-gone.example.com').locator('[data-testid="domain-status"]');
    await expect.poll(() => status.getAttribute('data-status')).toBe('deleting');
  });
});
