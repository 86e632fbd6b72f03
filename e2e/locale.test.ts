import { describe, expect, it } from 'vitest';
import { skipBrowserTests } from './harness/browser.ts';
import { htmlLang, openPage, signInAsMaster, testId, textOf, useSuite } from './harness/fixtures.ts';

// Known English strings of the console: the title of /top, a sidebar entry, the sign-in button.
const ENGLISH_TOP_TITLE = 'Top';
const ENGLISH_MENU_ENTRY = 'Vehicles';
const ENGLISH_SIGN_IN = 'Sign in';
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

describe.skipIf(skipBrowserTests)('console language', () => {
  const suite = useSuite();

  /** The sign-in page in a browser of the given language: its page and its submit button, shown. */
  async function signInPage(locale: string) {
    const { page } = await openPage(suite, locale);
    await page.goto('/login');
    const submit = page.locator('button[type="submit"]');
    await submit.waitFor({ state: 'visible' });
    return { page, submit };
  }

  it('shows Japanese to a browser whose language is Japanese', async () => {
    const { page, submit } = await signInPage('ja-JP');
    await expect.poll(() => htmlLang(page)).toBe('ja');
    expect(await textOf(submit)).toMatch(JAPANESE);
  });

  it('switches to English with the language switcher and keeps it after a reload', async () => {
    const { context, page } = await openPage(suite, 'ja-JP');
    await signInAsMaster(page, suite);
    const title = testId(page, 'page-title');
    await title.waitFor({ state: 'visible' });
    await expect.poll(() => htmlLang(page)).toBe('ja');

    await testId(page, 'language-switcher').selectOption('en');
    await expect.poll(() => htmlLang(page)).toBe('en');
    await expect.poll(() => textOf(title)).toBe(ENGLISH_TOP_TITLE);
    await expect.poll(() => textOf(testId(page, 'sidebar'))).toContain(ENGLISH_MENU_ENTRY);
    const cookie = async () => (await context.cookies()).find((c) => c.name === 'spinyard_locale')?.value;
    await expect.poll(cookie).toBe('en');

    await page.reload();
    await title.waitFor({ state: 'visible' });
    await expect.poll(() => htmlLang(page)).toBe('en');
    await expect.poll(() => textOf(title)).toBe(ENGLISH_TOP_TITLE);
    await expect.poll(() => textOf(testId(page, 'sidebar'))).toContain(ENGLISH_MENU_ENTRY);
    expect(await testId(page, 'language-switcher').inputValue()).toBe('en');
  });

  it('falls back to English for a browser language the console does not offer', async () => {
    const { page, submit } = await signInPage('de-DE');
    await expect.poll(() => htmlLang(page)).toBe('en');
    expect(await textOf(submit)).toBe(ENGLISH_SIGN_IN);
  });
});
