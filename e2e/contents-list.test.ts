import { readFile } from 'node:fs/promises';
import { CONTENT_CSV_HEADER, CONTENTS_REPORT_DETAIL_HEADER, csvRecord } from '@spinyard/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, firstDomainId } from './api.ts';
import { activeSuperUserSession, apiSignIn, createVehicle, standInWorker } from './contents-api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import {
  expectPath,
  htmlLang,
  openPage,
  requestAccessToken,
  signIn,
  testId,
  textOf,
  useSuite,
} from './harness/fixtures.ts';

// The vehicle list of a super user with 39 vehicles: found by keywords and filters, paged, its conditions kept
// over a reload and cleared at logout, the CSV download, each publication action seen in the list, the bulk
// delete, a process's progress moving without a reload, the monthly report, a normal user's transfer where the
// domain allows it, limited publication, in four languages and on a phone.
describe.skipIf(skipBrowserTests)('vehicle list', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `cars-${stamp}@example.com`, password: 'abcd1234', name: `Cars ${stamp}` };
  const ids: Record<string, string> = {};
  const mid = (name: string) => `${name}-${stamp}`.toUpperCase();

  beforeAll(async () => {
    const session = await activeSuperUserSession(suite, account);
    // Made first, so the newest-first list shows it last.
    ids.needle = await createVehicle(suite, session, {
      management_id: mid('needle'),
      maker: 'Mazda',
      car_name: 'Roadster',
    });
    for (let i = 0; i < 34; i += 1) {
      const honda = i % 2 === 1;
      await createVehicle(suite, session, {
        management_id: mid(`hay-${String(i).padStart(2, '0')}`),
        maker: honda ? 'Honda' : 'Toyota',
        car_name: honda ? 'Fit' : 'Prius',
      });
    }
    for (const name of ['act', 'bulk1', 'bulk2', 'prog']) {
      ids[name] = await createVehicle(suite, session, { management_id: mid(name), maker: 'Nissan', car_name: 'Leaf' });
    }
  }, 120_000);

  const rows = (page: Page) => testId(page, 'content-row');
  const row = (page: Page, name: string) =>
    page.locator(`[data-testid="content-row"][data-management-id="${mid(name)}"]`);

  async function openList(page: Page): Promise<void> {
    await page.goto('/contents/list');
    await expectPath(page, '/contents/list');
    await rows(page).first().waitFor({ state: 'visible' });
  }

  /** The list, in Japanese, as the account signed in, searched down to the one vehicle `name`. */
  async function signedInListOf(name: string): Promise<Page> {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openList(page);
    await testId(page, 'content-search').fill(mid(name));
    await expect.poll(() => rows(page).count()).toBe(1);
    return page;
  }

  /** Runs an action of a row's menu, confirming it when the action asks. */
  async function act(page: Page, name: string, action: string, confirm: boolean): Promise<void> {
    await row(page, name).locator('[data-testid="content-actions"]').click();
    await testId(page, `content-action-${action}`).click();
    if (confirm) await testId(page, 'content-confirm-confirm').click();
  }

  it('finds by keywords and a filter, pages, keeps the conditions over a reload and forgets them at logout', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openList(page);
    expect(await rows(page).count()).toBe(10);
    expect(await row(page, 'needle').count()).toBe(0);

    // Two comma-separated keywords, each matching a different field: only the needle has both.
    await testId(page, 'content-search').fill('mazda, roadster');
    await row(page, 'needle').waitFor({ state: 'visible' });
    await expect.poll(() => rows(page).count()).toBe(1);
    await testId(page, 'content-keywords-note').waitFor({ state: 'visible' });
    await testId(page, 'content-search').fill('');

    await testId(page, 'content-filters-toggle').click();
    await testId(page, 'content-filter-maker').fill('honda');
    await page.locator('[data-testid="content-list-footer"] select').selectOption('30');
    await expect.poll(() => rows(page).count()).toBe(17);
    expect(await textOf(rows(page).first())).toContain('Honda');
    await testId(page, 'content-filter-maker').fill('');
    await expect.poll(() => rows(page).count()).toBe(30);
    await testId(page, 'content-list-footer').getByRole('button', { name: '2ページ目' }).click();
    await expect.poll(() => rows(page).count()).toBe(9);
    await row(page, 'needle').waitFor({ state: 'visible' });

    await page.reload();
    await row(page, 'needle').waitFor({ state: 'visible' });
    expect(await rows(page).count()).toBe(9);
    expect(await page.locator('[data-testid="content-list-footer"] select').inputValue()).toBe('30');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/logout');
    await expectPath(page, '/login');
    expect(await page.evaluate(() => window.localStorage.getItem('spinyard.list.contents'))).toBeNull();
    await signIn(page, account.email, account.password, null);
    await openList(page);
    expect(await rows(page).count()).toBe(10);
    expect(await page.locator('[data-testid="content-list-footer"] select').inputValue()).toBe('10');
  });

  it('downloads the list as a CSV for a period of at most a month', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openList(page);
    await testId(page, 'content-csv-open').click();
    // Two months is refused before anything is asked.
    const start = await testId(page, 'content-csv-start').inputValue();
    const [y, m, d] = start.split('-').map(Number) as [number, number, number];
    const earlier = new Date(Date.UTC(y, m - 2, d)).toISOString().slice(0, 10);
    await testId(page, 'content-csv-start').fill(earlier);
    await testId(page, 'content-csv-problem').waitFor({ state: 'visible' });
    expect(await testId(page, 'content-csv-confirm').isDisabled()).toBe(true);
    await testId(page, 'content-csv-start').fill(start);
    const [download] = await Promise.all([page.waitForEvent('download'), testId(page, 'content-csv-confirm').click()]);
    const file = await readFile((await download.path()) ?? '', 'utf8');
    expect(file.startsWith('\uFEFF')).toBe(true);
    expect(file.slice(1).split(/\r?\n/)[0]).toBe(csvRecord([...CONTENT_CSV_HEADER]).replace(/\r?\n$/, ''));
    expect(file).toContain(mid('needle'));
  });

  it('refuses to publish without images, and sleeps, wakes, deletes, restores and deletes for good', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openList(page);
    await act(page, 'act', 'publish', false);
    await page
      .locator('.mantine-Notification-root', { hasText: '画像が登録されていない車両は公開できません。' })
      .waitFor();
    expect(await row(page, 'act').getAttribute('data-publication')).toBe('unpublished');

    // Sleeping vehicles leave the list and show under their own filter.
    await act(page, 'act', 'sleep', true);
    await row(page, 'act').waitFor({ state: 'detached' });
    await testId(page, 'content-filters-toggle').click();
    await testId(page, 'content-filter-sleeping').check();
    await expect.poll(() => row(page, 'act').getAttribute('data-publication')).toBe('sleeping');
    await act(page, 'act', 'wake', false);
    await row(page, 'act').waitFor({ state: 'detached' });
    await testId(page, 'content-filter-sleeping').uncheck();
    await expect.poll(() => row(page, 'act').getAttribute('data-publication')).toBe('unpublished');

    await act(page, 'act', 'delete', true);
    await row(page, 'act').waitFor({ state: 'detached' });
    await testId(page, 'content-filter-publish').selectOption('deleted');
    await expect.poll(() => row(page, 'act').getAttribute('data-publication')).toBe('deleted');
    await act(page, 'act', 'restore', false);
    await row(page, 'act').waitFor({ state: 'detached' });
    await testId(page, 'content-filter-publish').selectOption('');
    await expect.poll(() => row(page, 'act').getAttribute('data-publication')).toBe('unpublished');
    await act(page, 'act', 'delete', true);
    await row(page, 'act').waitFor({ state: 'detached' });
    await testId(page, 'content-filter-publish').selectOption('deleted');
    await row(page, 'act').waitFor({ state: 'visible' });
    await act(page, 'act', 'delete_permanently', true);
    await row(page, 'act').waitFor({ state: 'detached' });
    await testId(page, 'content-filter-publish').selectOption('');
    await testId(page, 'content-search').fill(mid('act'));
    await testId(page, 'content-list-empty').waitFor({ state: 'visible' });
  });

  it('deletes two ticked vehicles at once', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openList(page);
    await testId(page, 'content-search').fill('bulk');
    await expect.poll(() => rows(page).count()).toBe(2);
    await row(page, 'bulk1').locator('[data-testid="content-select"]').check();
    await row(page, 'bulk2').locator('[data-testid="content-select"]').check();
    await testId(page, 'content-bulk-delete').click();
    await testId(page, 'content-bulk-confirm-confirm').click();
    await testId(page, 'content-list-empty').waitFor({ state: 'visible' });
    await testId(page, 'content-filters-toggle').click();
    await testId(page, 'content-filter-publish').selectOption('deleted');
    await expect.poll(() => rows(page).count()).toBe(2);
  });

  it("moves a process's progress on the list without a reload, and greys out what it locks", async () => {
    const worker = await standInWorker(suite);
    try {
      const { page } = await openPage(suite, 'ja-JP');
      await signIn(page, account.email, account.password, null);
      await openList(page);
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      const processId = await worker.start(ids.prog ?? '', 'blur');
      const label = row(page, 'prog').locator('[data-testid="content-process-label"]');
      await expect.poll(() => label.getAttribute('data-progress')).toBe('0');
      await worker.progress(processId, 60);
      await expect.poll(() => label.getAttribute('data-progress')).toBe('60');
      expect(await textOf(label)).toBe('ぼかし 60%');
      // Moved by the socket, not by asking the list again.
      expect(requests.filter((u) => new URL(u).pathname === '/api/browser/v0/contents')).toEqual([]);

      await row(page, 'prog').locator('[data-testid="content-actions"]').click();
      const del = testId(page, 'content-action-delete');
      expect(await del.isDisabled()).toBe(true);
      expect(await textOf(del.locator('[data-testid="content-action-locked"]'))).toContain('ぼかし');
      expect(await testId(page, 'content-action-publish').isDisabled()).toBe(false);
      await page.keyboard.press('Escape');

      await worker.progress(processId, 100, 'succeeded');
      await label.waitFor({ state: 'detached' });
    } finally {
      await worker.close();
    }
  });

  it('transfers a vehicle to a user picked by name; the owner changes once the job ends', async () => {
    const session = await apiSignIn(suite, account.email, account.password);
    const heir = `Heir ${stamp}`;
    const made = await api(`${suite.server.baseUrl}/v1/subordinates`, session.access, {
      email: `heir-${stamp}@example.com`,
      password: 'abcd1234',
      privilege_type: 'admin',
      name: heir,
    });
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    const page = await signedInListOf('needle');
    await act(page, 'needle', 'transfer', false);
    const picker = testId(page, 'content-transfer-user');
    // Typed before the picker's first answer, a search is cleared by the select's own start (Mantine resets an empty
    // choice's search once mounted): a dealer types into a picker that has drawn its users.
    await expect.poll(() => picker.getAttribute('placeholder')).toBe('氏名・メールで検索');
    await picker.fill('heir');
    await page.getByRole('option', { name: new RegExp(heir) }).click();
    await testId(page, 'content-transfer-confirm').click();
    await expect.poll(() => textOf(row(page, 'needle')), { timeout: 30_000 }).toContain(heir);
  });

  it('copies a vehicle; the copy joins the list once the job ends', async () => {
    const page = await signedInListOf('prog');
    await act(page, 'prog', 'copy', false);
    // A new management ID that starts with the original's, so the same search finds both.
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(2);
  });

  it('downloads the monthly report from the list: a BOM, then the header line', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openList(page);
    await testId(page, 'contents-report-open').click();
    await testId(page, 'contents-report-type').selectOption('detail');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      testId(page, 'contents-report-confirm').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contents_report_\d{4}-\d{2}_detail\.csv$/);
    const file = await readFile((await download.path()) ?? '', 'utf8');
    expect(file.startsWith('\uFEFF')).toBe(true);
    expect(file.slice(1).split(/\r?\n/)[0]).toBe(csvRecord([...CONTENTS_REPORT_DETAIL_HEADER]).replace(/\r?\n$/, ''));
    // Registered this month, so the month's detail lists it.
    expect(file).toContain(mid('needle'));
  });

  it('offers a vehicle with its limited password on "publish (limited)" instead of "publish"', async () => {
    const session = await apiSignIn(suite, account.email, account.password);
    const made = await api(`${suite.server.baseUrl}/api/browser/v0/contents`, session.content, {
      management_id: mid('locked'),
      maker: 'Subaru',
      car_name: 'BRZ',
      limited_password_enabled: true,
      limited_password: 'buyers1',
    });
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    const page = await signedInListOf('locked');
    await row(page, 'locked').locator('[data-testid="content-actions"]').click();
    await testId(page, 'content-action-publish_limited').getByText('限定公開する').waitFor({ state: 'visible' });
    expect(await testId(page, 'content-action-publish').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it("lets a normal user transfer where the domain allows it, to a colleague from the server's recipients", async () => {
    const { baseUrl } = suite.server;
    const master = await requestAccessToken(suite);
    const domainId = await firstDomainId(suite, master);
    const on = await api(`${baseUrl}/v1/domain/${domainId}`, master, { options: { normal_user_transfer: true } });
    expect(on.status, JSON.stringify(on.data)).toBeLessThan(300);
    const session = await apiSignIn(suite, account.email, account.password);
    const user = async (name: string, body: Record<string, unknown>) => {
      const made = await api(`${baseUrl}/v1/subordinates`, session.access, {
        email: `${name}-${stamp}@example.com`,
        password: 'abcd1234',
        name: `${name} ${stamp}`,
        ...body,
      });
      // Active at once, with the password given.
      expect(made.status, JSON.stringify(made.data)).toBe(201);
      return (made.data as { id: string }).id;
    };
    const boss = await user('boss', { privilege_type: 'admin' });
    await user('seller', { privilege_type: 'normal', parent_user_id: boss });
    await user('peer', { privilege_type: 'normal', parent_user_id: boss });
    await user('outsider', { privilege_type: 'admin' });
    const seller = await apiSignIn(suite, `seller-${stamp}@example.com`, 'abcd1234');
    await createVehicle(suite, seller, { management_id: mid('gift'), maker: 'Suzuki', car_name: 'Jimny' });

    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, `seller-${stamp}@example.com`, 'abcd1234', null);
    await openList(page);
    await act(page, 'gift', 'transfer', false);
    const picker = testId(page, 'content-transfer-user');
    await picker.click();
    // Their admin and their colleague; never the owner (themself) nor another group's admin.
    // The picker's listbox (the page's native selects have options too).
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBe(2);
    const offered = await options.allTextContents();
    expect(offered.join('|')).toContain(`boss ${stamp}`);
    expect(offered.join('|')).toContain(`peer ${stamp}`);
    expect(offered.join('|')).not.toContain('outsider');
    await options.filter({ hasText: `peer ${stamp}` }).click();
    await testId(page, 'content-transfer-confirm').click();
    // The vehicle is the colleague's now: it leaves the seller's list.
    await expect.poll(() => row(page, 'gift').count(), { timeout: 30_000 }).toBe(0);
  });

  // One page through the four languages: the browser's Japanese first, then each by the top bar's switcher (the
  // console changes language in place; locale.test.ts holds the browser's language and the choice kept over a reload).
  it('speaks each language: heading, a column and an action', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openList(page);
    const languages: [choice: string, heading: string, column: string, action: string][] = [
      ['ja', '車両一覧', '管理番号', 'スリープにする'],
      ['en', 'Vehicles', 'Management ID', 'Put to sleep'],
      ['pt', 'Veículos', 'ID de gestão', 'Colocar em repouso'],
      ['fr', 'Véhicules', 'N° de gestion', 'Mettre en veille'],
    ];
    for (const [choice, heading, column, action] of languages) {
      if (choice !== 'ja') await testId(page, 'language-switcher').selectOption(choice);
      await expect.poll(() => htmlLang(page)).toBe(choice);
      await expect.poll(() => textOf(page.getByRole('heading', { level: 1 }))).toBe(heading);
      await page.getByRole('columnheader', { name: column }).waitFor({ state: 'visible' });
      await row(page, 'needle').or(rows(page).first()).first().locator('[data-testid="content-actions"]').click();
      await testId(page, 'content-action-sleep').getByText(action).waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await testId(page, 'content-action-sleep').waitFor({ state: 'hidden' });
    }
    // French last: its words are the longest, the names and labels axe checks are the likeliest to break there.
    await expectNoSeriousA11yViolations(page);
  });

  it('shows the vehicles as cards on a phone', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, account.email, account.password, null);
    await openList(page);
    await expect.poll(() => testId(page, 'content-table').getAttribute('data-layout')).toBe('cards');
    await page.screenshot({ path: 'test-results/e2e/contents-list-phone.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
