import { embedCode } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import fr from '../../../i18n/fr.json';
import ja from '../../../i18n/ja.json';
import pt from '../../../i18n/pt.json';

/** The embed code the detail page shows and copies names its frame in the language the dealer reads (UrlsCard). */
describe('the embed code’s frame title', () => {
  const direct = 'https://v.example/v/Ab3dE5gH7j';
  it.each([
    ['ja', ja, '360°ビュー'],
    ['en', en, '360° view'],
    ['fr', fr, 'Vue 360°'],
    ['pt', pt, 'Vista 360°'],
  ])('is in %s', (_locale, catalogue, title) => {
    expect(catalogue.contentsDetail.embedTitle).toBe(title);
    expect(embedCode(direct, catalogue.contentsDetail.embedTitle)).toContain(
      `<iframe src="${direct}?embed=1" title="${title}"`,
    );
  });
});
