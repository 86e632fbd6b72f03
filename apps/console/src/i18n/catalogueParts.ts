/**
 * The sections of a catalogue the login page needs: they arrive first, in a small chunk, and the rest of the
 * catalogue (every other screen's texts) loads when a screen other than the login page opens. The build splits
 * each `<lang>.json` along this list (vite.config.ts); catalogueParts.test.ts checks that the login page's code
 * uses only these sections.
 */
export const BASE_SECTIONS: ReadonlySet<string> = new Set([
  'app',
  'common',
  'deviceLimit',
  'devices',
  'errors',
  'fields',
  'footer',
  'language',
  'login',
  'loginNotices',
  // Error messages name the process holding a lock (api/errorText.ts).
  'processes',
  'screens',
  'validation',
]);

export type CataloguePart = 'base' | 'rest';

/** The part of a catalogue: its base sections, or every other one. */
export function cataloguePart(catalogue: Record<string, unknown>, part: CataloguePart): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(catalogue).filter(([section]) => BASE_SECTIONS.has(section) === (part === 'base')),
  );
}
