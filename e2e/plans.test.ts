import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, signInAsMaster, testId, textOf, useSuite } from './harness/fixtures.ts';

// The master's plans (issue 19, point 1), in Japanese: a plan added through the form (the amount typed as people
// write it), found in the list with its amount in yen, then edited; refusals shown at their field.
describe.skipIf(skipBrowserTests)('plans (master)', () => {
  const suite = useSuite();

  it('adds a plan through the form, lists it, and edits it', async () => {
    const { page } = await openPage(suite, 'ja-JP');
    await signInAsMaster(page, suite, '/plan/add');
    await testId(page, 'plan-id').fill('standard');
    await testId(page, 'plan-name').fill('スタンダード');
    await testId(page, 'plan-amount').fill('1,000.5');
    await testId(page, 'plan-vehicle-limit').fill('30');
    await testId(page, 'plan-save').click();
    // A fractional yen is refused at the amount, in Japanese, and nothing is sent.
    await expect.poll(() => textOf(page.locator('main'))).toContain('小数の桁数が通貨の単位を超えています');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    await testId(page, 'plan-amount').fill('１，０００');
    await testId(page, 'plan-save').click();
    await expectPath(page, '/plan/list');
    const row = page.locator('[data-testid="plan-row"][data-plan="standard"]');
    await row.waitFor({ state: 'visible' });
    expect(await textOf(row)).toMatch(/[￥¥]1,000/);
    expect(await textOf(row)).toContain('月額');

    await row.getByRole('link', { name: 'プラン standard を編集' }).click();
    await expectPath(page, '/plan/edit/standard');
    await expect.poll(() => testId(page, 'plan-amount').inputValue()).toBe('1000');
    await testId(page, 'plan-amount').fill('1200');
    await testId(page, 'plan-save').click();
    await expectPath(page, '/plan/list');
    await expect.poll(() => textOf(row)).toMatch(/[￥¥]1,200/);
  });
});
