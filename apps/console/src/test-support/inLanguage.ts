import { afterAll, beforeAll } from 'vitest';
import { i18n } from '../i18n/i18n.ts';

/**
 * Runs the enclosing suite's tests in one language, the texts it expects being written in it, and gives the
 * language back afterwards so the suites that share the i18n instance keep theirs.
 */
export function inLanguage(language: string): void {
  const previous = i18n.language;
  beforeAll(async () => {
    await i18n.changeLanguage(language);
  });
  afterAll(async () => {
    await i18n.changeLanguage(previous);
  });
}
