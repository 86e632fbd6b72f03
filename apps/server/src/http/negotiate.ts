import { type Locale, UI_LOCALES } from '@spinyard/domain';

/** A caller that asks for JSON and not for a page (an API client, a fetch): refusals answer in the error shape. */
export function wantsJson(accept: string | undefined): boolean {
  return accept !== undefined && /\bapplication\/(?:[\w.+-]*\+)?json\b/.test(accept) && !/\btext\/html\b/.test(accept);
}

/**
 * The language of a page the server writes itself, from Accept-Language: the supported language of highest weight
 * (`pt-BR` counts as pt), else `fallback`.
 */
export function preferredLocale(acceptLanguage: string | undefined, fallback: Locale): Locale {
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (
    (ranked.map((r) => r.lang).find((l) => (UI_LOCALES as readonly string[]).includes(l)) as Locale | undefined) ??
    fallback
  );
}
