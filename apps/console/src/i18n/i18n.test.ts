import { describe, expect, it } from 'vitest';
import { i18n, i18nReady, loadCatalogue } from './i18n.ts';
import ja from './ja.json';

// The login page must fetch one catalogue, not four: each language arrives when it is chosen.
describe('catalogue loading', () => {
  it('starts with the default language loaded and no other', async () => {
    await i18nReady;
    expect(i18n.language).toBe('ja');
    expect(i18n.hasResourceBundle('ja', 'translation')).toBe(true);
    for (const other of ['en', 'fr', 'pt']) expect(i18n.hasResourceBundle(other, 'translation')).toBe(false);
    expect(i18n.t('language.label')).toBe(ja.language.label);
  });

  it('fetches a language when it is chosen, and translates in it once it has arrived', async () => {
    await i18nReady;
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(false);
    await i18n.changeLanguage('fr');
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(true);
    const fr = (await loadCatalogue('fr')) as typeof ja;
    expect(i18n.t('language.label')).toBe(fr.language.label);
    expect(fr.language.label).not.toBe(ja.language.label);
    await i18n.changeLanguage('ja');
  });

  it('refuses a language it has no catalogue for', async () => {
    await expect(loadCatalogue('de')).rejects.toThrow(/de/);
  });
});
