import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_CSV_HEADER, type ContentCsvKey, parseCsv } from '@spinyard/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.ts';
import { type ApiSession, activeSuperUserSession, createVehicle } from './contents-api.ts';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';

// The CSV edit of many vehicles (/contents/bulk) for a super user with three vehicles: the file downloaded from
// the page, two vehicles changed in it and uploaded, a refused file with each row's reason, a Shift-JIS file
// refused with the catalogue's message, in four languages and on a phone.

const catalogueDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/console/src/i18n');
type Catalogue = Record<string, Record<string, unknown>>;
const catalogue = async (lng: string): Promise<Catalogue> =>
  JSON.parse(await readFile(path.join(catalogueDir, `${lng}.json`), 'utf8')) as Catalogue;

type Line = Record<ContentCsvKey, string>;

/** The lines of a downloaded file by item, each cell as the file holds it. */
function linesOf(text: string): Line[] {
  const parsed = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!parsed.ok) throw new Error('unreadable CSV');
  return parsed.records
    .slice(1)
    .map((cells) => Object.fromEntries(CONTENT_CSV_HEADER.map((k, i) => [k, cells[i] ?? ''])) as Line);
}

/** The file a spreadsheet saves after an edit: every cell as it was read, quoted where CSV needs it. */
function fileOf(lines: readonly Line[]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const records = [
    CONTENT_CSV_HEADER.join(','),
    ...lines.map((l) => CONTENT_CSV_HEADER.map((k) => cell(l[k])).join(',')),
  ];
  return `\uFEFF${records.join('\r\n')}\r\n`;
}

const csv = (name: string, content: string | Buffer) => ({
  name,
  mimeType: 'text/csv',
  buffer: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
});

describe.skipIf(skipBrowserTests)('vehicle CSV edit', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `bulk-${stamp}@example.com`, password: 'abcd1234', name: `Bulk ${stamp}` };
  const mid = (name: string) => `${name}-${stamp}`.toUpperCase();
  let session: ApiSession;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    session = await activeSuperUserSession(suite, account);
    ids.a = await createVehicle(suite, session, { management_id: mid('a'), maker: 'Toyota', car_name: 'Prius' });
    ids.b = await createVehicle(suite, session, { management_id: mid('b'), maker: '=SUM(A1)', car_name: 'Aqua' });
    ids.c = await createVehicle(suite, session, { management_id: mid('c'), maker: 'Honda', car_name: 'Fit' });
  }, 60_000);

  async function openBulk(page: Page): Promise<void> {
    await page.goto('/contents/bulk');
    await expectPath(page, '/contents/bulk');
    await testId(page, 'content-bulk').waitFor({ state: 'visible' });
  }

  async function download(page: Page): Promise<string> {
    await testId(page, 'content-bulk-download').click();
    const [file] = await Promise.all([page.waitForEvent('download'), testId(page, 'content-csv-confirm').click()]);
    return readFile((await file.path()) ?? '', 'utf8');
  }

  const vehicle = async (id: string) =>
    (await api(`${suite.server.baseUrl}/api/browser/v0/contents/${id}`, session.content)).data as Record<
      string,
      unknown
    >;

  it('downloads the vehicles, changes two of them in the file and uploads it', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password);
    await openBulk(page);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    const text = await download(page);
    expect(text).toContain("'=SUM(A1)");
    const lines = linesOf(text);
    const line = (id: string | undefined) => {
      const found = lines.find((l) => l.id === id);
      if (!found) throw new Error(`no line for ${id}`);
      return found;
    };
    line(ids.a).car_name = 'アクア クロスオーバー';
    line(ids.a).mileage = '12000';
    line(ids.c).first_registration_year = '2021';
    line(ids.c).first_registration_month = '4';

    await page.locator('input[type="file"]').setInputFiles(csv('edited.csv', fileOf(lines)));
    await testId(page, 'content-bulk-submit').click();
    const updated = testId(page, 'content-bulk-updated');
    await updated.waitFor({ state: 'visible' });
    expect(await textOf(updated)).toContain('2台の車両を更新しました。');

    expect(await vehicle(ids.a ?? '')).toMatchObject({ car_name: 'アクア クロスオーバー', mileage: 12000 });
    expect(await vehicle(ids.c ?? '')).toMatchObject({ first_registration_year: 2021, first_registration_month: 4 });
    // The formula-like maker came back as it was stored.
    expect(await vehicle(ids.b ?? '')).toMatchObject({ maker: '=SUM(A1)', car_name: 'Aqua' });

    // The new values are in the list as well.
    await testId(page, 'content-bulk-back').click();
    await expectPath(page, '/contents/list');
    await page.locator(`[data-testid="content-row"][data-management-id="${mid('a')}"]`).waitFor({ state: 'visible' });
    expect(await textOf(page.locator(`[data-testid="content-row"][data-management-id="${mid('a')}"]`))).toContain(
      'アクア クロスオーバー',
    );
  });

  it('names each refused row with its reason, and changes nothing', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password);
    await openBulk(page);
    const lines = linesOf(await download(page));
    const [first, second, third] = lines;
    if (!first || !second || !third) throw new Error('three lines expected');

    // Checked in the browser: an empty management ID and a year out of range; the file cannot be sent.
    first.management_id = '';
    second.first_registration_year = '1800';
    const input = page.locator('input[type="file"]');
    await input.setInputFiles(csv('refused.csv', fileOf(lines)));
    const refused = testId(page, 'content-bulk-refused');
    await refused.waitFor({ state: 'visible' });
    const errors = testId(page, 'content-bulk-errors');
    expect(await textOf(errors.locator('[data-row="1"][data-item="management_id"]'))).toContain(
      'CSVの必須項目が空欄になっています。',
    );
    expect(await textOf(errors.locator('[data-row="2"][data-item="first_registration_year"]'))).toContain(
      '初度登録年は1900〜2100の範囲で入力してください。',
    );
    expect(await testId(page, 'content-bulk-submit').isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // Refused by the server: a vehicle that does not exist; the valid change on another row is not written.
    const [fresh] = linesOf(await download(page));
    if (!fresh) throw new Error('a line expected');
    const before = await vehicle(fresh.id);
    const ghost = { ...fresh, id: '987654321', management_id: mid('ghost') };
    await input.setInputFiles(csv('ghost.csv', fileOf([{ ...fresh, car_name: 'Changed' }, ghost])));
    await testId(page, 'content-bulk-submit').click();
    await expect.poll(() => textOf(refused)).toContain('どの車両も変更されていません');
    expect(await textOf(errors.locator('[data-row="2"][data-item="id"]'))).toContain('このIDの車両は編集できません');
    expect((await vehicle(fresh.id)).car_name).toBe(before.car_name);
  });

  it.each([
    ['ja', 'ja-JP'],
    ['en', 'en-US'],
    ['fr', 'fr-FR'],
    ['pt', 'pt-BR'],
  ])('in %s: the heading, and a Shift-JIS file refused with the catalogue message', async (lng, locale) => {
    const texts = await catalogue(lng);
    const { page } = await openPage(suite, locale);
    await signIn(page, account.email, account.password);
    await openBulk(page);
    await expect.poll(() => textOf(testId(page, 'page-title'))).toBe(texts.screens?.contents_bulk);
    expect(await textOf(page.locator('#content-bulk-steps'))).toBe(texts.contentsBulk?.stepsTitle);

    // 車両 in Shift-JIS after the header.
    const sjis = Buffer.concat([
      Buffer.from(`${CONTENT_CSV_HEADER.join(',')}\r\n`),
      Buffer.from([0x8e, 0xd4, 0x97, 0xbc]),
    ]);
    await page.locator('input[type="file"]').setInputFiles(csv('sjis.csv', sjis));
    await expect.poll(() => textOf(testId(page, 'content-bulk-file-refusal'))).toBe(texts.errors?.csv_not_utf8);
    await expectNoSeriousA11yViolations(page);
  });

  it('fits a phone', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, account.email, account.password);
    await openBulk(page);
    const lines = linesOf(await download(page));
    for (const l of lines) l.management_id = '';
    await page.locator('input[type="file"]').setInputFiles(csv('refused.csv', fileOf(lines)));
    await testId(page, 'content-bulk-refused').waitFor({ state: 'visible' });
    expect(await testId(page, 'content-bulk-errors').getAttribute('data-layout')).toBe('cards');
    expect(await textOf(page.locator('[data-row="1"][data-item="management_id"]'))).toContain('管理番号');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/e2e/contents-bulk-phone.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
