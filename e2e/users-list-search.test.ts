import { describe, expect, it } from 'vitest';
import { api } from './api.ts';
import { skipBrowserTests } from './harness/browser.ts';
import { openPage, requestAccessToken, signInAsMaster, testId, useSuite } from './harness/fixtures.ts';

// The user list searches the server, not the rows the browser holds: a user far beyond the first page is found,
// several keywords narrow the whole list, and the search box takes no more than the server accepts.
describe.skipIf(skipBrowserTests)('user list search', () => {
  const suite = useSuite();

  it('finds a user who is not on the first page, by one keyword and by several', async () => {
    const token = await requestAccessToken(suite);
    const stamp = Date.now().toString(36);
    const add = async (label: string, section: string) => {
      const made = await api(`${suite.server.baseUrl}/v1/subordinates`, token, {
        email: `${label}-${stamp}@example.com`,
        password: 'abcd1234',
        privilege_type: 'admin',
        name: `${label} ${stamp}`,
        company_section: section,
      });
      expect(made.status, JSON.stringify(made.data)).toBe(201);
    };
    // Made first, so the newest-first list shows it last, on page 4 of 10 rows.
    await add('needle', 'Haystack works');
    for (let i = 0; i < 34; i += 1) await add(`hay-${String(i).padStart(2, '0')}`, 'Haystack works');

    const { page } = await openPage(suite, 'en-US');
    // What the list asks the server for: the page it shows, never a window of rows it then filters itself.
    const asked: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/v1/subordinates') asked.push(url);
    });
    await signInAsMaster(page, suite, '/subordinate/list');
    const rows = testId(page, 'user-row');
    await rows.first().waitFor({ state: 'visible' });
    const needleEmail = `needle-${stamp}@example.com`;
    expect(await page.locator(`[data-testid="user-row"][data-email="${needleEmail}"]`).count()).toBe(0);

    await testId(page, 'user-search').fill('needle');
    await page.locator(`[data-testid="user-row"][data-email="${needleEmail}"]`).waitFor({ state: 'visible' });
    await expect.poll(() => rows.count()).toBe(1);

    // Two keywords: every one must match, over the whole list (the haystack section holds all 35 users).
    await testId(page, 'user-search').fill(`haystack, ${stamp}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(`haystack, ${stamp}`);
    await expect.poll(() => rows.count()).toBe(10);
    await testId(page, 'user-keywords-note').waitFor({ state: 'visible' });
    const last = asked.at(-1);
    expect(last?.searchParams.get('q')).toBe(`haystack, ${stamp}`);
    expect(last?.searchParams.get('limit') ?? '10').toBe('10');
    expect(last?.searchParams.get('page') ?? '1').toBe('1');
    // The footer counts every match on the server: 35 users over 4 pages.
    await testId(page, 'user-list-footer').getByText('35').first().waitFor({ state: 'visible' });
    await testId(page, 'user-search').fill(`needle, ${stamp}`);
    await page.locator(`[data-testid="user-row"][data-email="${needleEmail}"]`).waitFor({ state: 'visible' });
    await expect.poll(() => rows.count()).toBe(1);
  });

  it('stops the search box at the server limit, so a pasted long text never ends in an error', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signInAsMaster(page, suite, '/subordinate/list');
    const search = testId(page, 'user-search');
    await search.waitFor({ state: 'visible' });
    await search.focus();
    await page.keyboard.insertText('検'.repeat(10_000));
    expect((await search.inputValue()).length).toBe(100);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')?.length ?? 0).toBe(100);
    await page.waitForLoadState('networkidle');
    // No refusal and no "try again" notice: the list answers, empty, for the bounded text.
    await testId(page, 'user-list-empty').waitFor({ state: 'visible' });
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
  });
});
