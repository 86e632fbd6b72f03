import { readFile } from 'node:fs/promises';
import { parseCsv } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { activeSuperUser, api, firstDomainId } from './api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, requestAccessToken, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';

// The partner screens in Japanese on a phone (issue 22, part 4): on a listing-partner tenant, the super user adds a
// corporation on /corporations and a location under it on /corporation-contacts, and downloads the month's partner
// billing report; a month typed wrong is refused at its input, in Japanese.

const SUPER = { email: 'partner-super@example.com', password: 'Partner-super-2025', name: '佐藤 法人' };

describe.skipIf(skipBrowserTests)('corporations and locations', () => {
  const suite = useSuite();

  it('adds a corporation and a location, and downloads the billing report', async () => {
    const { baseUrl } = suite.server;
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    const flagged = await api(`${baseUrl}/v1/domain-update`, master, {
      domain_ids: [domainId],
      host_flags: ['listing_partner'],
    });
    expect(flagged.status, JSON.stringify(flagged.data)).toBe(200);
    await activeSuperUser(suite, SUPER);

    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, SUPER.email, SUPER.password, '/corporations');
    await testId(page, 'corporation-card').waitFor({ state: 'visible' });

    await testId(page, 'corporation-add').click();
    await testId(page, 'headquarters-name').fill('東京モータース');
    await testId(page, 'headquarters-corporate_code').fill('TM-01');
    await testId(page, 'headquarters-save').click();
    await page.locator('[data-testid="corporation-table"]', { hasText: '東京モータース' }).waitFor();
    await saveScreenshot(page, 'corporations-ja-phone');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/corporation-contacts');
    await expectPath(page, '/corporation-contacts');
    await testId(page, 'contact-add').click();
    await testId(page, 'branch-name').fill('新宿店');
    await testId(page, 'branch-save').click();
    await page.locator('[data-testid="contact-table"]', { hasText: '新宿店' }).waitFor();
    await saveScreenshot(page, 'corporation-contacts-ja-phone');
    await expectNoSeriousA11yViolations(page);

    // The report: a month typed wrong is refused at its input in Japanese; the right one downloads.
    await page.goto('/corporations');
    const month = testId(page, 'partner-report-month');
    await month.fill('2026-13');
    await testId(page, 'partner-report-download').click();
    await expect.poll(() => month.getAttribute('aria-invalid')).toBe('true');
    const described = (await month.getAttribute('aria-describedby')) ?? '';
    const error = await textOf(page.locator(`[id="${described.split(' ').find((id) => id.includes('error'))}"]`));
    expect(error).toContain('対象月');

    await month.fill('2026-11');
    const [file] = await Promise.all([page.waitForEvent('download'), testId(page, 'partner-report-download').click()]);
    expect(file.suggestedFilename()).toBe('partner_billing_0006_2026-11.csv');
    const parsed = parseCsv((await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, ''));
    if (!parsed.ok) throw new Error('the report is not a CSV');
    expect(parsed.records[0]).toContain('authorizer_job_number');
    expect(parsed.records.some((line) => line.includes(SUPER.name))).toBe(true);
  });
});
