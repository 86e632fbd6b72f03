import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, skipBrowserTests } from './harness/browser.ts';
import { type Suite, useSuite } from './harness/fixtures.ts';

/**
 * Every console page in each language (ja, en, fr, pt) at a desktop and a phone size, checked by script for what a
 * reader meets: text cut by its box (overflow hidden or an ellipsis, a placeholder wider than its field), text
 * covered by another element (a sticky column), serious axe violations (WCAG 2.0 A/AA, 2.1 A/AA, label in name
 * included) and strings not in the page's language. One server, one browser, one context per language and size;
 * the scene is seeded through the API and the session put where the console keeps it, so no form sign-in.
 */

const LOCALES = ['ja-JP', 'en-US', 'fr-FR', 'pt-BR'] as const;
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The console's session keys (apps/console/src/lib/storageKeys.ts). */
const ACCESS_KEY = 'spinyard.access_token';
const CONTENT_KEY = 'spinyard.content_token';

interface Scene {
  access: string;
  content: string;
  userId: string;
  vehicleId: string;
  companyCode: string;
}

/**
 * Words that are data, not the console's: the seeded names, maker and model, the product's name and host (the
 * master account is named after the product).
 */
const SEEDED_DATA = ['Spinyard Master', 'Spinyard', 'localhost', 'Toyota', 'Prius', 'SW-0001', 'Sato'];

interface Finding {
  kind: 'cut' | 'covered' | 'axe' | 'language';
  path: string;
  detail: string;
}

async function call(suite: Suite, path: string, token: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${suite.server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${text}`);
  return text === '' ? null : JSON.parse(text);
}

/** Master's session, a super user to edit, a vehicle and the product's domain: what the pages with ids show. */
async function seed(suite: Suite): Promise<Scene> {
  const response = await fetch(`${suite.server.baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: suite.server.adminEmail,
      password: suite.server.adminPassword,
      scope: '',
      device: 'Chrome on Linux',
      application: 'spinyard-console',
    }),
  });
  const tokens = (await response.json()) as { access_token: string; 'content-token': string };
  const access = tokens.access_token;
  const domains = (await call(suite, '/v1/domain', access)) as { items: { id: string; company_code: string }[] };
  const domain = domains.items[0];
  if (!domain) throw new Error('no domain');
  const created = (await call(suite, '/v1/superusers', access, {
    email: 'sweep-super@example.com',
    password: 'abcd1234',
    name: 'Sato',
    domain_id: domain.id,
  })) as { user: { id: string } };
  await call(suite, `/v1/subordinates/${created.user.id}/status`, access, { status: 'active' });
  const vehicle = (await call(suite, '/api/browser/v0/contents', tokens['content-token'], {
    management_id: 'SW-0001',
    maker: 'Toyota',
    car_name: 'Prius',
  })) as { id: string };
  return {
    access,
    content: tokens['content-token'],
    userId: created.user.id,
    vehicleId: vehicle.id,
    companyCode: domain.company_code,
  };
}

/** The public pages, then the signed-in ones (paths with the seeded ids). */
function publicPages(): string[] {
  return [
    '/login',
    '/user/password',
    '/user/password/confirmation/sweep-unknown-token',
    '/user/password/complete',
    '/user/activation/00000000-0000-0000-0000-000000000000',
    '/user/email/confirmation/sweep-unknown-token',
    '/user/entry',
    '/terms',
    '/no/such/page',
  ];
}

function signedInPages(scene: Scene): string[] {
  const car = encodeURIComponent(scene.vehicleId);
  const code = encodeURIComponent(scene.companyCode);
  return [
    '/top',
    '/account/conf',
    '/account/two-step',
    '/account/devices',
    '/contract/cancel/conf',
    '/companyinfo/info',
    '/company/edit',
    '/domain/list',
    '/domain/add',
    `/domain/edit/${code}`,
    '/subordinate/list',
    '/subordinate/add',
    '/subordinate/addlist',
    `/subordinate/edit/${encodeURIComponent(scene.userId)}`,
    '/contents/list',
    '/contents/add',
    `/contents/edit/${car}`,
    `/contents/detail/${car}`,
    `/contents/annotations/${car}`,
    '/contents/bulk',
    '/custom-design/edit',
    '/statistic/chart',
    '/statistic/movie-backup-exteriors',
    '/plan/list',
  ];
}

/** Waits until the page shows its content: no loader, skeleton or busy region, the fonts in. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (!document.querySelector('main, [data-testid="page-title"], h1, h2')) return false;
      const busy = document.querySelectorAll(
        '.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"], [data-loading="true"]',
      );
      for (const element of busy) if ((element as HTMLElement).offsetParent !== null) return false;
      return document.fonts.status === 'loaded';
    },
    undefined,
    { timeout: 15_000, polling: 50 },
  );
  // Two frames: what React committed is laid out and painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * A client-side move (the router listens to popstate), so the bundles are not loaded again for every page. The
 * router keeps the previous page on screen while the next one's code loads: the move is over when the document's
 * title (each screen's own) has changed; a page that keeps the title is loaded afresh instead.
 */
async function moveTo(page: Page, path: string): Promise<void> {
  const before = await page.evaluate((to) => {
    const title = document.title;
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return title;
  }, path);
  const moved = await page
    .waitForFunction((old) => document.title !== old, before, { timeout: 5_000, polling: 50 })
    .then(
      () => true,
      () => false,
    );
  if (!moved) await page.goto(path);
}

/** Runs in the page: text cut by its box or covered by another element, and strings not in the page's language. */
function inspectPage({
  lang,
  data,
}: {
  lang: string;
  data: string[];
}): { kind: 'cut' | 'covered' | 'language'; detail: string }[] {
  const found: { kind: 'cut' | 'covered' | 'language'; detail: string }[] = [];
  const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 60);
  const visible = (element: Element) => {
    const rect = element.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.opacity !== '0' && style.clipPath === 'none';
  };
  const canvas = document.createElement('canvas').getContext('2d');
  const textWidth = (text: string, style: CSSStyleDeclaration) => {
    if (!canvas) return 0;
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return canvas.measureText(text).width;
  };

  // Cut: a box that hides what does not fit (or ends it with an ellipsis) and text of it that goes past its edge.
  const textRects = (element: Element) => {
    const rects: DOMRect[] = [];
    const walk = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let text = walk.nextNode(); text; text = walk.nextNode()) {
      if (!text.textContent?.trim() || text.parentElement?.closest('[aria-hidden="true"], style, script')) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      rects.push(...Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0));
    }
    return rects;
  };
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    if (element.closest('[aria-hidden="true"], svg, canvas, video, [data-sweep-ignore]')) continue;
    const style = getComputedStyle(element);
    const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
    const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
    if ((!hidesX && !hidesY) || !visible(element) || element.clientWidth <= 1) continue;
    const box = element.getBoundingClientRect();
    // A drawer slid out of the window (the phone's closed menu) shows nothing to cut.
    if (box.right <= 0 || box.left >= window.innerWidth) continue;
    const left = box.left + element.clientLeft;
    const top = box.top + element.clientTop;
    const past = textRects(element).some(
      (r) =>
        (hidesX && (r.right > left + element.clientWidth + 1 || r.left < left - 1)) ||
        (hidesY && (r.bottom > top + element.clientHeight + 2 || r.top < top - 2)),
    );
    const text = element.textContent?.trim() ?? '';
    if (past) found.push({ kind: 'cut', detail: `${element.tagName.toLowerCase()} "${short(text)}"` });
  }
  // Cut: a placeholder, a select's or a read-only field's value wider than the field.
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input, select, textarea',
  )) {
    if (!visible(field) || field.closest('[data-sweep-ignore]')) continue;
    const style = getComputedStyle(field);
    let text = '';
    if (field instanceof HTMLSelectElement) text = field.selectedOptions[0]?.text ?? '';
    else if (field.value === '') text = field.placeholder;
    else if (field.readOnly && field instanceof HTMLInputElement) text = field.value;
    if (text === '' || field instanceof HTMLTextAreaElement) continue;
    const room = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    if (textWidth(text, style) > room + 1) found.push({ kind: 'cut', detail: `field "${short(text)}"` });
  }

  /** The part of the window an element's scrolling or clipping ancestors let through. */
  const visibleBox = (element: Element) => {
    const box = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const rect = up.getBoundingClientRect();
      box.left = Math.max(box.left, rect.left);
      box.top = Math.max(box.top, rect.top);
      box.right = Math.min(box.right, rect.right);
      box.bottom = Math.min(box.bottom, rect.bottom);
    }
    return box;
  };

  const pinnedBar = (element: Element) => {
    for (let up: Element | null = element; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.position === 'fixed') return true;
      if (style.position === 'sticky' && style.left === 'auto' && style.right === 'auto') return true;
    }
    return false;
  };

  // Covered, and the language: every visible text on screen.
  const japanese = /[\u3040-\u30ff\u3400-\u9fff]/;
  // Words of English that French and Portuguese do not use, as whole words (accented letters are letters).
  const englishOnly =
    /(?<!\p{L})(the|and|with|your|you|please|rights|reserved|sign|save|search|settings|delete|user|users|vehicles?|show|from|this|that|will|are|is|of|to|for|by|at|in|new|name|password|loading|back|next)(?!\p{L})/iu;
  const exempt = /^[\s\d\W]*$|@|https?:\/\/|^[\w.-]+\.[a-z]{2,}$/i;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (text === '' || !parent || !visible(parent)) continue;
    if (parent.closest('script, style, [aria-hidden="true"], [translate="no"], [data-sweep-ignore]')) continue;
    const ownLang = parent.closest('[lang]')?.getAttribute('lang') ?? lang;
    // What users typed (names, makers) is in no page's language: it is taken out before looking at the words.
    const words = data.reduce((rest, datum) => rest.split(datum).join(' '), text);
    if (ownLang === lang && !exempt.test(words)) {
      const foreign =
        lang === 'ja'
          ? !japanese.test(words) && /[a-z]{3,}/.test(words)
          : japanese.test(words) || (lang !== 'en' && englishOnly.test(words));
      if (foreign) found.push({ kind: 'language', detail: `"${short(text)}"` });
    }
    if (getComputedStyle(parent).pointerEvents === 'none') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const view = visibleBox(parent);
    for (const rect of range.getClientRects()) {
      const y = rect.top + rect.height / 2;
      if (rect.width < 4 || y <= view.top || y >= view.bottom) continue;
      // Only the part its scrolling boxes show: what is scrolled out of sight is not covered.
      const points = [rect.left + 2, rect.right - 2].filter((x) => x > view.left && x < view.right);
      const hidden = points.some((x) => {
        const hit = document.elementFromPoint(x, y);
        if (hit === null || hit === parent || parent.contains(hit) || hit.contains(parent)) return false;
        // An invisible control over its own label (a switch's input), or a bar pinned to the top or the foot of
        // the window, which scrolling moves off the text, does not hide it.
        if (getComputedStyle(hit).opacity === '0') return false;
        return !pinnedBar(hit);
      });
      if (hidden) {
        found.push({ kind: 'covered', detail: `"${short(text)}"` });
        break;
      }
    }
  }
  return found;
}

/** axe-core's script, read once: put into each document once (client-side moves keep it), not per check. */
let axeSource: Promise<string> | undefined;
function axeScript(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** WCAG 2.0 A/AA and 2.1 A/AA, with label in name (2.5.3, marked experimental in axe, so asked for by name). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The serious and critical violations axe finds on the page as it is. `rules` narrows the run to those rules
 * (undefined: every rule of the tags).
 */
async function runAxe(page: Page, rules: readonly string[] | undefined): Promise<{ id: string; targets: string[] }[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: await axeScript() });
  return page.evaluate(
    async ({ tags, only }) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeResults> } })
        .axe;
      interface AxeResults {
        violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[];
      }
      const options = only
        ? { runOnly: { type: 'rule', values: only } }
        : { runOnly: { type: 'tag', values: tags }, rules: { 'label-content-name-mismatch': { enabled: true } } };
      const results = await axe.run(document, { ...options, resultTypes: ['violations'] });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
    },
    { tags: AXE_TAGS, only: rules ? [...rules] : null },
  );
}

/**
 * What axe checks beyond the default language: the rules whose outcome can change with the words (label in name,
 * names of controls and links, the page's language, contrast of text that may wrap differently). The rest of
 * the tags is about structure, the same in every language, and is checked in Japanese at both sizes.
 */
const AXE_TEXT_RULES = [
  'label-content-name-mismatch',
  'button-name',
  'link-name',
  'label',
  'html-has-lang',
  'html-lang-valid',
  'valid-lang',
  'color-contrast',
  'document-title',
];

async function sweepPage(
  page: Page,
  path: string,
  lang: string,
  axeRules: readonly string[] | undefined,
): Promise<Finding[]> {
  const started = Date.now();
  await settle(page);
  const settled = Date.now();
  const where = `${path}${page.url().endsWith(path) ? '' : ` (at ${new URL(page.url()).pathname})`}`;
  const findings: Finding[] = (await page.evaluate(inspectPage, { lang, data: SEEDED_DATA })).map((f) => ({
    ...f,
    path: where,
  }));
  const checked = Date.now();
  for (const violation of await runAxe(page, axeRules)) {
    for (const target of violation.targets)
      findings.push({ kind: 'axe', path: where, detail: `${violation.id} ${target}` });
  }
  if (process.env.SWEEP_REPORT) {
    const times = `settle ${settled - started} ms, script ${checked - settled} ms, axe ${Date.now() - checked} ms`;
    process.stderr.write(`[sweep-time] ${lang} ${path} ${times}\n`);
  }
  return findings;
}

async function sweep(suite: Suite, scene: Scene, locale: string, size: (typeof SIZES)[number]): Promise<Finding[]> {
  const lang = locale.split('-')[0] ?? locale;
  const context: BrowserContext = await newContext(suite.browser, { baseUrl: suite.server.baseUrl, locale });
  try {
    await context.setExtraHTTPHeaders({ 'Accept-Language': `${locale},${lang};q=0.9` });
    const page = await context.newPage();
    await page.setViewportSize({ width: size.width, height: size.height });
    const findings: Finding[] = [];
    const axeRules = lang === 'ja' ? undefined : AXE_TEXT_RULES;
    const [first, ...others] = publicPages();
    await page.goto(first ?? '/login');
    findings.push(...(await sweepPage(page, first ?? '/login', lang, axeRules)));
    for (const path of others) {
      await moveTo(page, path);
      findings.push(...(await sweepPage(page, path, lang, axeRules)));
    }
    await page.evaluate(
      ([accessKey, contentKey, access, content]) => {
        window.localStorage.setItem(accessKey, access);
        window.localStorage.setItem(contentKey, content);
      },
      [ACCESS_KEY, CONTENT_KEY, scene.access, scene.content] as const,
    );
    const [top, ...rest] = signedInPages(scene);
    await page.goto(top ?? '/top');
    findings.push(...(await sweepPage(page, top ?? '/top', lang, axeRules)));
    for (const path of rest) {
      await moveTo(page, path);
      findings.push(...(await sweepPage(page, path, lang, axeRules)));
    }
    return findings;
  } finally {
    await context.close();
  }
}

function report(findings: readonly Finding[]): string {
  return findings.map((f) => `  [${f.kind}] ${f.path}: ${f.detail}`).join('\n');
}

describe.skipIf(skipBrowserTests)('console sweep: every page in every language and size', () => {
  const suite = useSuite();
  let scene: Scene;

  beforeAll(async () => {
    scene = await seed(suite);
  }, 60_000);

  const only = process.env.SWEEP_ONLY;
  for (const size of SIZES) {
    for (const locale of LOCALES) {
      if (only && only !== `${locale}:${size.name}`) continue;
      it(`${locale} at ${size.width}x${size.height}`, {
        timeout: Number(process.env.SWEEP_TIMEOUT ?? 60_000),
      }, async () => {
        const findings = await sweep(suite, scene, locale, size);
        if (process.env.SWEEP_REPORT) {
          const counts = new Map<string, number>();
          for (const f of findings) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
          const line = [...counts].map(([kind, n]) => `${kind} ${n}`);
          process.stderr.write(`[sweep] ${locale} ${size.name}: ${line.join(', ') || 'clean'}\n${report(findings)}\n`);
        }
        expect(findings, `what a reader meets wrongly (${findings.length}):\n${report(findings)}`).toEqual([]);
      });
    }
  }
});
