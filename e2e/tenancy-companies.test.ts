import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { activeSuperUser, api, firstDomainId } from './api.ts';
import { skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, requestAccessToken, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';

// The company screens: a super user edits the company (postcode, prefecture, phone) and its logo, which the
// sidebar shows at once, and adds a branch; master sees all of a domain's branches on the domain's page.

const SUPER = { email: 'company-super@example.com', password: 'Company-super-2025', name: 'Company Super' };

describe.skipIf(skipBrowserTests)('company screens', () => {
  const suite = useSuite();

  it('a super user edits the company and its logo, and adds a branch', async () => {
    const { baseUrl } = suite.server;
    await activeSuperUser(suite, SUPER);

    const { page } = await openPage(suite, 'en-US');
    await signIn(page, SUPER.email, SUPER.password, '/company/edit');
    await testId(page, 'company-tel').waitFor({ state: 'visible' });

    // A postcode of the wrong length is refused at its input, and what was typed stays.
    await testId(page, 'company-zip1').fill('10');
    await testId(page, 'company-zip2').fill('0005');
    await testId(page, 'company-tel').fill('03-1234-5678');
    await testId(page, 'company-save').click();
    await expect.poll(() => testId(page, 'company-zip1').getAttribute('aria-invalid')).toBe('true');
    expect(await testId(page, 'company-tel').inputValue()).toBe('03-1234-5678');

    await testId(page, 'company-zip1').fill('100');
    await testId(page, 'company-prefecture').click();
    await page.getByRole('option', { name: 'Tokyo', exact: true }).click();
    await page.getByLabel('City').fill('Chiyoda-ku');
    await testId(page, 'company-save').click();
    await expectPath(page, '/companyinfo/info');
    const info = testId(page, 'company-info');
    await expect.poll(() => textOf(info)).toContain('100-0005');
    expect(await textOf(info)).toContain('Tokyo');
    expect(await textOf(info)).toContain('03-1234-5678');

    // The logo: a PNG goes up and the sidebar shows it without a reload.
    await page.goto('/company/edit');
    const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#0a6' } })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await testId(page, 'company-logo-choose').click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await testId(page, 'company-logo-preview').waitFor({ state: 'visible' });
    const sidebarLogo = page.locator('[data-testid="sidebar"] img').first();
    await expect
      .poll(
        async () => {
          const src = (await sidebarLogo.getAttribute('src')) ?? '';
          const res = await fetch(new URL(src, baseUrl));
          const { width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
          return `${width}x${height}`;
        },
        { timeout: 15_000 },
      )
      .toBe('240x80');

    // A branch under the headquarters, from the company page.
    await page.goto('/companyinfo/info');
    await testId(page, 'branch-add').click();
    await testId(page, 'branch-name').fill('Osaka branch');
    await testId(page, 'branch-save').click();
    await page.locator('[data-testid="branch-table"]', { hasText: 'Osaka branch' }).waitFor({ state: 'visible' });
  });

  it("master sees every branch of the domain on the domain's page, and can narrow them to one headquarters", async () => {
    const { baseUrl } = suite.server;
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    const hq = await api(`${baseUrl}/v1/headquarters`, master, { name: 'Kyushu HQ', domain_id: domainId });
    expect(hq.status, JSON.stringify(hq.data)).toBe(201);
    const hqId = (hq.data as { id: string }).id;
    const branch = await api(`${baseUrl}/v1/branches`, master, { name: 'Fukuoka branch', headquarters_id: hqId });
    expect(branch.status, JSON.stringify(branch.data)).toBe(201);
    // A branch under another headquarters, made here so this test does not lean on the one before it.
    const other = await api(`${baseUrl}/v1/headquarters`, master, { name: 'Tohoku HQ', domain_id: domainId });
    expect(other.status, JSON.stringify(other.data)).toBe(201);
    const otherBranch = await api(`${baseUrl}/v1/branches`, master, {
      name: 'Sendai branch',
      headquarters_id: (other.data as { id: string }).id,
    });
    expect(otherBranch.status, JSON.stringify(otherBranch.data)).toBe(201);

    const { page } = await openPage(suite, 'en-US');
    await signIn(page, suite.server.adminEmail, suite.server.adminPassword, '/domain/edit/0006');
    await testId(page, 'tab-companies').click();
    const table = testId(page, 'branch-table');
    await page.locator('[data-testid="branch-table"]', { hasText: 'Fukuoka branch' }).waitFor({ state: 'visible' });
    expect(await textOf(table)).toContain('Sendai branch');

    await page.getByRole('textbox', { name: 'Headquarters' }).click();
    await page.getByRole('option', { name: 'Kyushu HQ' }).click();
    await expect.poll(() => textOf(table)).not.toContain('Sendai branch');
    expect(await textOf(table)).toContain('Fukuoka branch');
  });

  it('finds a headquarters beyond the first page of the pickers by searching the server', async () => {
    const { baseUrl } = suite.server;
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    const stamp = Date.now().toString(36);
    const addHq = async (name: string) => {
      const made = await api(`${baseUrl}/v1/headquarters`, master, { name, domain_id: domainId });
      expect(made.status, JSON.stringify(made.data)).toBe(201);
      return (made.data as { id: string }).id;
    };
    // 31 headquarters made first fill the pickers' first page of 30; the wanted one comes after them.
    for (let i = 0; i < 31; i += 1) await addHq(`Filler HQ ${String(i).padStart(2, '0')} ${stamp}`);
    const farName = `Far HQ ${stamp}`;
    const farId = await addHq(farName);
    const branch = await api(`${baseUrl}/v1/branches`, master, { name: `Far branch ${stamp}`, headquarters_id: farId });
    expect(branch.status, JSON.stringify(branch.data)).toBe(201);

    const { page } = await openPage(suite, 'en-US');
    await signIn(page, suite.server.adminEmail, suite.server.adminPassword, '/domain/edit/0006');
    await testId(page, 'tab-companies').click();
    const table = testId(page, 'branch-table');
    await table.waitFor({ state: 'visible' });

    const filter = page.getByRole('textbox', { name: 'Headquarters' });
    await filter.click();
    await page.getByRole('option', { name: `Filler HQ 00 ${stamp}` }).waitFor({ state: 'visible' });
    expect(await page.getByRole('option', { name: farName }).count()).toBe(0);
    await filter.fill(farName);
    await page.getByRole('option', { name: farName }).click();
    // The branch table names the headquarters from the branch's own answer.
    await expect.poll(() => textOf(table)).toContain(`Far branch ${stamp}`);
    expect(await textOf(table)).toContain(farName);

    // A branch added under the filter's headquarters: the dialog's picker shows its name though it is not listed.
    await testId(page, 'branch-add').click();
    await expect.poll(() => testId(page, 'branch-headquarters').inputValue()).toBe(farName);
    await testId(page, 'branch-name').fill(`Second far branch ${stamp}`);
    await testId(page, 'branch-save').click();
    await expect.poll(() => textOf(table)).toContain(`Second far branch ${stamp}`);
  });
});
