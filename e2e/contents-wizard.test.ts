import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeSuperUser, api } from './api.ts';
import { activeSuperUserSession, apiSignIn, createVehicle, standInWorker } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot, skipBrowserTests } from './harness/browser.ts';
import { expectPath, htmlLang, openPage, pathOf, signIn, testId, textOf, useSuite } from './harness/fixtures.ts';

// The registration wizard and the vehicle's detail page: a forward move with the management ID empty marks the
// basic info tab and says why beside the field; a vehicle registered through every tab (one damage mark) shows
// its fields on the detail page and is edited there; a vehicle a process is working on opens read-only, naming
// the process; four languages; a phone.
describe.skipIf(skipBrowserTests)('vehicle registration wizard and detail', () => {
  const suite = useSuite();
  const stamp = Date.now().toString(36);
  const account = { email: `wizard-${stamp}@example.com`, password: 'abcd1234', name: `Wizard ${stamp}` };
  let lockedId = '';

  beforeAll(async () => {
    const session = await activeSuperUserSession(suite, account);
    lockedId = await createVehicle(suite, session, { management_id: `LOCK-${stamp}`, maker: 'Honda', car_name: 'Fit' });
  }, 120_000);

  const currentStep = (page: Page) => page.locator('[data-testid^="wizard-step-"]');

  /** Presses Next until the step shown is `tab`. */
  async function forwardTo(page: Page, tab: string): Promise<void> {
    for (let i = 0; i < 10; i += 1) {
      if ((await currentStep(page).getAttribute('data-testid')) === `wizard-step-${tab}`) return;
      await testId(page, 'wizard-next').click();
    }
    throw new Error(`never reached the ${tab} step`);
  }

  /**
   * Registering goes on in the saved vehicle's wizard at its first media step, ticked only for the steps done and
   * with the uploads usable (docs/decisions.md); then the detail page of that vehicle.
   */
  async function openDetailAfterRegistering(page: Page): Promise<void> {
    await page.waitForURL(/\/contents\/edit\/[^/?]+\?tab=exterior$/, { timeout: 20_000 });
    await testId(page, 'wizard-step-exterior').waitFor({ state: 'visible' });
    expect(await testId(page, 'media-after-register').count()).toBe(0);
    if (await testId(page, 'wizard-tab-exterior').isVisible()) {
      expect(await testId(page, 'wizard-tab-exterior').getAttribute('data-done')).toBeNull();
      expect(await testId(page, 'wizard-tab-basic_info').getAttribute('data-done')).toBe('true');
    }
    const id = pathOf(page).split('/').pop() ?? '';
    await page.goto(`/contents/detail/${id}`);
    await testId(page, 'content-detail').waitFor({ state: 'visible' });
  }

  async function openWizard(page: Page): Promise<void> {
    await page.goto('/contents/add');
    await expectPath(page, '/contents/add');
    await testId(page, 'content-wizard').waitFor({ state: 'visible' });
  }

  it('marks the tab of a missing management ID, registers through every tab, shows and edits the vehicle', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password);
    await openWizard(page);
    // While registering, the media steps say media are added once the vehicle is registered: no upload controls.
    await testId(page, 'media-after-register').waitFor({ state: 'visible' });
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    // Only visited tabs can be clicked: the basic info tab cannot be reached by its header yet.
    await testId(page, 'wizard-tab-basic_info').click({ force: true });
    await expect.poll(() => currentStep(page).getAttribute('data-testid')).toBe('wizard-step-exterior');
    await forwardTo(page, 'basic_info');

    // Forward with the management ID empty: the tab is marked, the step stays, the field says why.
    await testId(page, 'wizard-next').click();
    await expect.poll(() => testId(page, 'wizard-tab-basic_info').getAttribute('data-error')).toBe('true');
    expect(await currentStep(page).getAttribute('data-testid')).toBe('wizard-step-basic_info');
    const managementId = testId(page, 'content-management_id');
    await expect.poll(() => managementId.getAttribute('aria-invalid')).toBe('true');
    expect(await textOf(page.locator('#content-identity'))).toContain('管理番号を入力してください');
    await saveScreenshot(page, 'contents-wizard-desktop-refused');
    await expectNoSeriousA11yViolations(page);

    const mid = `WIZ-${stamp}`.toUpperCase();
    await managementId.fill(mid);
    await testId(page, 'content-maker').fill('Toyota');
    await testId(page, 'content-car_name').fill('Prius');
    await testId(page, 'content-mileage').fill('12,000');
    await testId(page, 'content-repair_history').selectOption('no');
    await testId(page, 'wizard-next').click();
    await expect.poll(() => currentStep(page).getAttribute('data-testid')).toBe('wizard-step-development_view');
    // The tab passed its check: its mark is gone.
    expect(await testId(page, 'wizard-tab-basic_info').getAttribute('data-error')).toBeNull();

    await testId(page, 'content-development_view_display').check();
    await testId(page, 'content-position-outside').check();
    await testId(page, 'wizard-next').click();
    await expect.poll(() => currentStep(page).getAttribute('data-testid')).toBe('wizard-step-inspector');
    await testId(page, 'content-inspector_name').fill('佐藤');
    // The inspection day, written as the console's Japanese writes it whatever the browser's language.
    await testId(page, 'content-inspected_on').fill('2026-11-02');
    expect(await textOf(testId(page, 'content-inspected_on-day'))).toBe('2026/11/02');
    await testId(page, 'mark-panel').selectOption('bonnet');
    await testId(page, 'mark-symbol').selectOption('A');
    await testId(page, 'mark-level').selectOption('2');
    await testId(page, 'mark-add').click();
    expect(await textOf(testId(page, 'panel-bonnet'))).toContain('A2');
    await saveScreenshot(page, 'contents-wizard-desktop-inspector');
    await expectNoSeriousA11yViolations(page);

    await testId(page, 'wizard-save').click();
    await openDetailAfterRegistering(page);
    expect(await textOf(testId(page, 'detail-management_id'))).toBe(mid);
    expect(await textOf(testId(page, 'detail-maker'))).toBe('Toyota');
    expect(await textOf(testId(page, 'detail-mileage'))).toBe('12,000 km');
    expect(await textOf(testId(page, 'detail-repair_history'))).toBe('なし');
    // An empty field reads "-"; a car has no bike fields.
    expect(await textOf(testId(page, 'detail-body_color'))).toBe('-');
    expect(await testId(page, 'detail-bike_style').count()).toBe(0);
    expect(await textOf(testId(page, 'detail-marks'))).toContain('A2');
    expect(await textOf(testId(page, 'detail-inspected_on'))).toContain('2026/11/02');
    expect(await textOf(testId(page, 'detail-urls-later'))).toContain('公開すると表示されます');
    // Breadcrumbs lead back to the list.
    expect(await page.locator('nav[aria-label] a[href="/contents/list"]').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'contents-detail-desktop');
    await expectNoSeriousA11yViolations(page);

    // A display switch is turned from the detail page with its own call, and stays turned after a reload.
    const defects = testId(page, 'detail-flag-defect_display');
    expect(await defects.isChecked()).toBe(false);
    await defects.check();
    await expect.poll(() => defects.isDisabled()).toBe(false);
    await page.reload();
    await testId(page, 'content-detail').waitFor({ state: 'visible' });
    expect(await testId(page, 'detail-flag-defect_display').isChecked()).toBe(true);

    await testId(page, 'detail-edit').click();
    await page.waitForURL(/\/contents\/edit\//);
    await testId(page, 'wizard-tab-basic_info').click();
    await testId(page, 'content-car_name').fill('Prius PHV');
    await testId(page, 'wizard-save').click();
    await page.waitForURL(/\/contents\/detail\//, { timeout: 20_000 });
    await expect.poll(() => textOf(testId(page, 'detail-car_name'))).toBe('Prius PHV');
    // The inspection sent with the vehicle, and the switch turned on the detail page, outlive an edit.
    expect(await textOf(testId(page, 'detail-marks'))).toContain('A2');
    expect(await textOf(testId(page, 'detail-inspected_on'))).toContain('2026/11/02');
    expect(await testId(page, 'detail-flag-defect_display').isChecked()).toBe(true);
  });

  it('puts a management ID another vehicle holds beside the field and marks its tab', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password);
    await openWizard(page);
    await forwardTo(page, 'basic_info');
    await testId(page, 'content-management_id').fill(`LOCK-${stamp}`);
    await forwardTo(page, 'inspector');
    await testId(page, 'wizard-save').click();
    // The server refuses it: the wizard goes back to the tab holding the field, marked, the reason beside it.
    await expect.poll(() => currentStep(page).getAttribute('data-testid')).toBe('wizard-step-basic_info');
    expect(await testId(page, 'wizard-tab-basic_info').getAttribute('data-error')).toBe('true');
    await expect.poll(() => testId(page, 'content-management_id').getAttribute('aria-invalid')).toBe('true');
    expect(await textOf(page.locator('#content-identity'))).toContain('すでに別の車両で使用されています');
    expect(pathOf(page)).toBe('/contents/add');
  });

  it('opens a vehicle a process is working on read-only, naming the process, and shows its progress live', async () => {
    const worker = await standInWorker(suite);
    try {
      const processId = await worker.start(lockedId, 'slider_movie');
      const { page } = await openPage(suite, 'ja-JP');
      await signIn(page, account.email, account.password, `/contents/edit/${lockedId}`);
      await testId(page, 'content-locked').waitFor({ state: 'visible' });
      expect(await textOf(testId(page, 'content-locked'))).toContain('プロモーション動画の作成');
      expect(await testId(page, 'wizard-save').count()).toBe(0);
      await testId(page, 'wizard-tab-basic_info').click();
      expect(await testId(page, 'content-management_id').isDisabled()).toBe(true);

      await page.goto(`/contents/detail/${lockedId}`);
      await testId(page, 'content-detail').waitFor({ state: 'visible' });
      expect(await testId(page, 'detail-edit').isDisabled()).toBe(true);
      expect(await textOf(testId(page, 'detail-edit-locked'))).toContain('プロモーション動画の作成');
      expect(await testId(page, 'detail-flag-defect_display').isDisabled()).toBe(true);
      const bar = testId(page, 'detail-process-slider_movie').getByRole('progressbar');
      await worker.progress(processId, 40);
      await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('40');
      await expectNoSeriousA11yViolations(page);

      // The process ends: the vehicle can be edited again, without a reload.
      await worker.progress(processId, 100, 'succeeded');
      await expect.poll(() => testId(page, 'detail-edit').isDisabled(), { timeout: 15_000 }).toBe(false);
    } finally {
      await worker.close();
    }
  });

  // One page through the four languages by the top bar's switcher, which changes the wizard's texts in place
  // (locale.test.ts holds the browser's language and the choice kept over a reload).
  it('speaks each language', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, account.email, account.password, null);
    await openWizard(page);
    const languages: [choice: string, heading: string, label: string][] = [
      ['ja', '外装', '管理番号'],
      ['en', 'Exterior', 'Management ID'],
      ['fr', 'Extérieur', 'Numéro de gestion'],
      ['pt', 'Exterior', 'Número de gestão'],
    ];
    const speak = async (choice: string) => {
      if ((await htmlLang(page)) !== choice) await testId(page, 'language-switcher').selectOption(choice);
      await expect.poll(() => htmlLang(page)).toBe(choice);
    };
    for (const [choice, heading] of languages) {
      await speak(choice);
      await expect.poll(() => textOf(page.locator('#content-exterior-title'))).toBe(heading);
    }
    await forwardTo(page, 'basic_info');
    for (const [choice, , label] of languages) {
      await speak(choice);
      await expect.poll(() => textOf(page.locator('#content-identity'))).toContain(label);
    }
  });

  it('fits a phone (375 px): the steps as a line and a select, every field on screen', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, account.email, account.password);
    await openWizard(page);
    await testId(page, 'wizard-nav-select').waitFor({ state: 'visible' });
    await forwardTo(page, 'basic_info');
    await testId(page, 'content-management_id').fill(`PHONE-${stamp}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'contents-wizard-phone-basic-info');
    await forwardTo(page, 'inspector');
    await saveScreenshot(page, 'contents-wizard-phone-inspector');
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/contents/detail/${lockedId}`);
    await testId(page, 'content-detail').waitFor({ state: 'visible' });
    const detailOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(detailOverflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'contents-detail-phone');
  });
  it('gives a bike user the rider view step and the bike fields, down to the detail page', async () => {
    const bike = { email: `bike-${stamp}@example.com`, password: 'abcd1234', name: `Bike ${stamp}` };
    await activeSuperUser(suite, bike);
    const session = await apiSignIn(suite, bike.email, bike.password);
    const styled = await api(`${suite.server.baseUrl}/v1/image-system-user`, session.access, {
      contents_style: 'bike',
    });
    expect(styled.status, JSON.stringify(styled.data)).toBe(200);

    const { page } = await openPage(suite, 'ja-JP');
    await signIn(page, bike.email, bike.password);
    await openWizard(page);
    await testId(page, 'wizard-tab-rider_view').waitFor({ state: 'visible' });
    await forwardTo(page, 'basic_info');
    expect(await testId(page, 'content-handle').count()).toBe(0);
    await testId(page, 'content-management_id').fill(`BIKE-${stamp}`);
    await testId(page, 'content-bike_style').fill('ネイキッド');
    await forwardTo(page, 'inspector');
    await testId(page, 'wizard-save').click();
    await openDetailAfterRegistering(page);
    expect(await textOf(testId(page, 'detail-bike_style'))).toBe('ネイキッド');
    expect(await testId(page, 'detail-handle').count()).toBe(0);
  });
});
