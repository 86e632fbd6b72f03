import type { Locale } from '@spinyard/domain';
import { escapeHtml } from '../../platform/escape-html.ts';

/**
 * The HTML of the viewer's pages, written as strings: the built viewer's index.html with the first frame and the
 * page data put in, and the script-free pages (password gate, unavailable). Every value from a vehicle goes through
 * `escapeHtml` or `jsonForScript`; nothing the dealer typed is written as markup.
 */

/**
 * JSON that is safe inside `<script type="application/json">`: no `<`, `>` or `&` (so no `</script>` or `<!--`
 * can end or change the element) and no U+2028/2029, all written as JSON escapes the parser reads back the same.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The analytics tag ids the viewer loads (the contents schema's rule), re-checked before a URL is made of one. */
export const ANALYTICS_TAG_PATTERN = /^(G|GT|AW|UA|DC)-[A-Z0-9-]{4,20}$/;

/**
 * The Content-Security-Policy of every viewer page. Scripts of this origin only: no inline script at all (the page
 * data is JSON, which is not run) and no third-party script even with the dealer's analytics tag on, since this
 * origin is the console's, whose tokens are in localStorage; the tag runs in a sandboxed frame of its own
 * (tag-frame.ts), the one frame the page may hold. Styles may be inline because Photo Sphere Viewer writes style
 * attributes in its templates. Any site may frame the viewer: that is what the embed code is for.
 */
export function viewerCsp(options: { analytics: boolean }): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://i.ytimg.com",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    ...(options.analytics ? ["frame-src 'self'"] : []),
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    'frame-ancestors *',
  ].join('; ');
}

/** The built index.html cut at its two marks, with the stylesheet written inline (one request less before paint). */
export interface ViewerTemplate {
  before: string;
  middle: string;
  after: string;
  /** The viewer's CSS, for the script-free pages too. */
  css: string;
}

const HEAD_MARK = '<!--spinyard:head-->';
const BODY_MARK = '<!--spinyard:body-->';

export function parseTemplate(indexHtml: string, readAsset: (href: string) => string | undefined): ViewerTemplate {
  let css = '';
  const inlined = indexHtml.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
    const text = readAsset(href);
    if (text === undefined) return link;
    css += text;
    return `<style>${text.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
  const [before = '', rest = ''] = inlined.split(HEAD_MARK);
  const [middle = '', after = ''] = rest.split(BODY_MARK);
  if (!rest.includes(BODY_MARK) && !inlined.includes(BODY_MARK)) {
    throw new Error('the viewer index.html has no <!--spinyard:body--> mark');
  }
  return { before, middle, after, css };
}

const withLang = (html: string, lang: Locale): string => html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);

export interface FirstFrame {
  jpeg: string;
  webp: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The viewer page: the first frame as a picture the browser shows before any script runs (and preloads from the
 * head), the page data as inert JSON, and the empty mount points the script fills.
 */
export function viewerHtml(
  template: ViewerTemplate,
  page: {
    lang: Locale;
    title: string;
    data: unknown;
    first: FirstFrame | null;
    embed: boolean;
    /** A style element the server made (the domain's colours), or ''. */
    style?: string;
    /** The shared link's card (share.ts), or ''. */
    share?: string;
  },
): string {
  const { first } = page;
  const head =
    `<title>${escapeHtml(page.title)}</title>${page.share ?? ''}${page.style ?? ''}` +
    (first
      ? `<link rel="preload" as="image" href="${escapeHtml(first.webp)}" type="image/webp" fetchpriority="high">`
      : '');
  const picture = first
    ? `<picture><source type="image/webp" srcset="${escapeHtml(first.webp)}">` +
      `<img class="stage-first" id="first-frame" src="${escapeHtml(first.jpeg)}" width="${first.width}" ` +
      `height="${first.height}" alt="${escapeHtml(first.alt)}" fetchpriority="high" decoding="sync"></picture>`
    : '';
  const body =
    `<div class="viewer${page.embed ? ' is-embed' : ''}" id="viewer">` +
    `<main class="viewer-main" id="viewer-main"><div class="stage${first ? '' : ' is-empty'}" id="stage">${picture}` +
    '<div class="stage-ui" id="stage-ui"></div></div><div id="viewer-more"></div></main></div>' +
    `<script type="application/json" id="spinyard-page">${jsonForScript(page.data)}</script>`;
  return withLang(template.before, page.lang) + head + template.middle + body + template.after;
}

/** A page without script: the password gate and the unavailable answers. */
export function plainHtml(
  template: ViewerTemplate | undefined,
  page: { lang: Locale; title: string; heading: string; text: string; content?: string },
): string {
  const style = template ? `<style>${template.css.replace(/<\/style/gi, '<\\/style')}</style>` : '';
  return (
    `<!doctype html><html lang="${page.lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(page.title)}</title>${style}</head><body class="plain">` +
    `<main class="notice"><h1>${escapeHtml(page.heading)}</h1><p>${escapeHtml(page.text)}</p>${page.content ?? ''}</main>` +
    '</body></html>'
  );
}

/** The gate's form: posts the password back to the same address, which checks it on the server. */
export function gateForm(words: { label: string; submit: string; error?: string | undefined }): string {
  const error = words.error
    ? `<p class="notice-error" role="alert" id="gate-error">${escapeHtml(words.error)}</p>`
    : '';
  const described = words.error ? ' aria-describedby="gate-error" aria-invalid="true"' : '';
  return (
    `<form method="post" class="gate" autocomplete="off">${error}` +
    `<label for="gate-password">${escapeHtml(words.label)}</label>` +
    `<input id="gate-password" name="password" type="password" required maxlength="200" autofocus${described}>` +
    `<button type="submit">${escapeHtml(words.submit)}</button></form>`
  );
}
