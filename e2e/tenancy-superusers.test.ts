import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, signInAsMaster, testId, textOf, useSuite } from './harness/fixtures.ts';

// The master's "Super users" tab of a domain: add one (an activation mail follows), then force the second
// sign-in step on them from the edit dialog.
describe.skipIf(skipBrowserTests)('super users of a domain (master)', () => {
  const suite = useSuite();

  it('adds a super user, then forces two-step authentication on them', async () => {
    const { page } = await openPage(suite, 'en-US');
    await signInAsMaster(page, suite, '/domain/edit/0006');
    await testId(page, 'tab-superusers').click();
    await testId(page, 'superuser-add').click();
    await testId(page, 'superuser-add-email').fill('boss@dealer.example');
    await testId(page, 'superuser-add-name').fill('Dealer Boss');
    await testId(page, 'superuser-add-save').click();

    const row = page.locator('[data-testid^="superuser-row-"]').filter({ hasText: 'boss@dealer.example' });
    await row.waitFor({ state: 'visible' });
    expect(await textOf(row)).toContain('Dealer Boss');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    const rowTestId = (await row.getAttribute('data-testid')) ?? '';
    const id = rowTestId.replace('superuser-row-', '');
    await row.getByRole('button', { name: /edit/i }).click();
    await testId(page, 'superuser-edit-name').waitFor({ state: 'visible' });
    await page
      .getByRole('dialog')
      .getByLabel(/two-step/i)
      .check();
    await testId(page, 'superuser-edit-save').click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    const token = await requestAccessToken(suite);
    const answer = await fetch(`${suite.server.baseUrl}/v1/superusers/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ email: 'boss@dealer.example', two_step_forced: true });
  });
});
