import { describe, expect, it } from 'vitest';
import { api, firstDomainId } from './api.ts';
import { skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, signInAsMaster, testId, useSuite } from './harness/fixtures.ts';

// A domain's super users are a list like any other: searched and paged by the server, so one beyond the first
// page is found.
describe.skipIf(skipBrowserTests)('super users of a domain: search and pages', () => {
  const suite = useSuite();

  it('pages a domain with more super users than one page holds and finds the last one by search', async () => {
    const token = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, token);
    const stamp = Date.now().toString(36);
    for (let i = 0; i < 12; i += 1) {
      const made = await api(`${suite.server.baseUrl}/v1/superusers`, token, {
        domain_id: domainId,
        email: `boss-${String(i).padStart(2, '0')}-${stamp}@dealer.example`,
        name: i === 11 ? `Needle ${stamp}` : `Boss ${i}`,
      });
      expect(made.status, JSON.stringify(made.data)).toBe(201);
    }

    const { page } = await openPage(suite, 'en-US');
    await signInAsMaster(page, suite, '/domain/edit/0006');
    await testId(page, 'tab-superusers').click();
    const rows = page.locator('[data-testid^="superuser-row-"]');
    await rows.first().waitFor({ state: 'visible' });
    await expect.poll(() => rows.count()).toBe(10);
    await testId(page, 'superuser-list-footer').waitFor({ state: 'visible' });
    expect(await rows.filter({ hasText: `Needle ${stamp}` }).count()).toBe(0);

    await testId(page, 'superuser-search').fill('needle');
    await rows.filter({ hasText: `Needle ${stamp}` }).waitFor({ state: 'visible' });
    await expect.poll(() => rows.count()).toBe(1);

    await testId(page, 'superuser-search').fill(`nobody-${stamp}`);
    await testId(page, 'superuser-list-empty').waitFor({ state: 'visible' });
  });
});
