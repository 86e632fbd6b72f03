import type { PublishedManifest } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonForScript } from '../../src/modules/viewer-page/html.ts';
import { pageLocale } from '../../src/modules/viewer-page/messages.ts';
import { spinStart } from '../../src/modules/viewer-page/service.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { publishedVehicle } from '../publishing/publishing-helpers.ts';
import { fakeViewerDist, pageDataOf } from './fake-dist.ts';

/**
 * The viewer's page at the short URL (`GET /v/{short_id}`): the first frame in the HTML, the page data as inert
 * JSON, the CSP and framing, each unavailable state's page in the browser's language without media, and the
 * limited publication's password form checked on the server.
 */

const dist = await fakeViewerDist();
const t = useTestApp({ viewerDist: dist });
let dealer: SignedInUser;

beforeAll(async () => {
  dealer = await t.make.signedIn();
});

const published = (fields: Record<string, unknown> = {}) => publishedVehicle(t, dealer, fields, 8);

const page = (shortId: string, lang = 'ja', query = '') =>
  t.app.inject({ method: 'GET', url: `/v/${shortId}${query}`, headers: { 'accept-language': lang } });

describe('the viewer page', () => {
  it('has the first frame as a preloaded picture, the page data as JSON, the stylesheet inline and a strict CSP', async () => {
    const { shortId } = await published({
      maker: 'Toyota',
      car_name: 'Prius',
      basic_info_shown: JSON.stringify(['maker', 'car_name']),
    });
    const res = await page(shortId, 'en-US,en;q=0.9');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const data = pageDataOf(html);
    expect(data.manifest.short_id).toBe(shortId);
    expect(data.start).toEqual({ row: 0, frame: 0 });
    const first = data.manifest.exterior.rows[0].frames[0].image.renditions.display;
    expect(html).toContain(`<img class="stage-first" id="first-frame" src="${first.jpeg}"`);
    expect(html).toContain(`<link rel="preload" as="image" href="${first.webp}"`);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Toyota Prius | 360° view</title>');
    expect(html).toContain('<style>.stage{position:relative}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    // Only the page data and the built module: no inline script runs.
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual([
      '<script type="module" crossorigin src="/viewer/assets/index-abc.js">',
      '<script type="application/json" id="spinyard-page">',
    ]);
  });

  it('opens on the chosen angle: frame 0 is the front, numbers turn right', () => {
    const manifest = (angle: string, rows: number[], initialRow = 1) =>
      ({
        exterior: {
          initial_angle: angle,
          initial_row: initialRow,
          rows: rows.map((n) => ({ frames: Array.from({ length: n }, () => ({})) })),
        },
      }) as unknown as PublishedManifest;
    expect(spinStart(manifest('front', [36]))).toEqual({ row: 0, frame: 0 });
    expect(spinStart(manifest('right_90', [36]))).toEqual({ row: 0, frame: 9 });
    expect(spinStart(manifest('left_45', [36]))).toEqual({ row: 0, frame: 32 });
    expect(spinStart(manifest('right_45', [36, 72], 2))).toEqual({ row: 1, frame: 9 });
    expect(spinStart(manifest('front', [36], 5))).toEqual({ row: 0, frame: 0 });
  });

  it('writes dealer text so it cannot end the script or the markup', async () => {
    const evil = '</script><script>alert(1)</script><img src=x onerror=alert(2)>\u2028';
    const { shortId } = await published({ maker: evil, basic_info_shown: JSON.stringify(['maker']) });
    const res = await page(shortId);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(pageDataOf(res.body).manifest.basic_info[0].value).toBe(evil);
    expect(jsonForScript({ a: '</script>&<!--' })).toBe('{"a":"\\u003c/script\\u003e\\u0026\\u003c!--"}');
  });

  it("counts the viewer's events named by the short id", async () => {
    const { shortId } = await published();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/viewer/v0/moments',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ short_id: shortId, kind: 'view' }),
      remoteAddress: '203.0.113.50',
    });
    expect(res.statusCode, res.body).toBe(204);
  });

  it('serves the built files for a year, framable by any site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/viewer/assets/index-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/viewer/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('unavailable vehicles', () => {
  const setState = (id: string, publication: 'unpublished' | 'sleeping' | 'deleted') =>
    t.make.update.publication(id, publication);

  it.each([
    ['unpublished', 404, 'ja', 'この車両は公開されていません'],
    ['sleeping', 404, 'fr-FR,fr', "Ce véhicule n'est pas visible pour le moment"],
    ['deleted', 410, 'pt-BR', 'Este veículo foi removido'],
  ] as const)('%s: %i in the browser language, no media, no script', async (state, status, lang, heading) => {
    const { id, shortId } = await published();
    await setState(id, state);
    const res = await page(shortId, lang);
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(`<h1>${heading.replace("'", '&#39;')}</h1>`);
    expect(res.body).not.toContain('/svnmedia/');
    expect(res.body).not.toContain('<script');
  });

  // The page, its manifest text and the host's binding are read once for many buyers: none may outlive a change.
  it('a state or password change shows at the next load after the page was served', async () => {
    const { id, shortId } = await published();
    const status = async () => (await page(shortId, 'en')).statusCode;
    expect(await status()).toBe(200);
    await t.make.update.vehicle(id, { publication: 'limited_public', limited_password: 'fresh-secret-7' });
    expect(await status()).toBe(401);
    await t.make.update.vehicle(id, { publication: 'published' });
    expect(await status()).toBe(200);
    await setState(id, 'unpublished');
    expect(await status()).toBe(404);
    await t.make.update.vehicle(id, { publication: 'published' });
    expect(await status()).toBe(200);
    await setState(id, 'deleted');
    expect(await status()).toBe(410);
    await t.make.update.publication(id, 'permanently_deleted');
    const gone = await page(shortId, 'en');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Page not found');
  });

  it('an unknown or malformed short id is the not-found page', async () => {
    expect((await page('ZZZZZZZZZZ', 'en')).body).toContain('Page not found');
    const bad = await page('bad', 'en');
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['content-type']).toContain('text/html');
  });
});

describe('limited publication', () => {
  const PASSWORD = 'open-sesame-9';
  const post = (shortId: string, password: string, ip = '198.51.100.9') =>
    t.app.inject({
      method: 'POST',
      url: `/v/${shortId}?embed=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: `password=${encodeURIComponent(password)}`,
      remoteAddress: ip,
    });

  it('shows the form, refuses a wrong password, opens with the right one', async () => {
    const { shortId } = await published({ limited_password_enabled: true, limited_password: PASSWORD });
    const gate = await page(shortId, 'ja');
    expect(gate.statusCode).toBe(401);
    expect(gate.body).toContain('パスワードが必要です');
    expect(gate.body).toContain('<form method="post"');
    expect(gate.body).not.toContain('/svnmedia/');

    const wrong = await post(shortId, 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The password is not correct.');
    expect(wrong.body).not.toContain('/svnmedia/');

    const right = await post(shortId, PASSWORD);
    expect(right.statusCode).toBe(200);
    expect(pageDataOf(right.body).manifest.short_id).toBe(shortId);
    expect(right.body).toContain('class="viewer is-embed"');
  });

  it('after too many wrong passwords answers 429 with the form', async () => {
    const { shortId } = await published({ limited_password_enabled: true, limited_password: PASSWORD });
    for (let i = 0; i < 5; i++) await post(shortId, `wrong-${i}`, '198.51.100.77');
    const res = await post(shortId, PASSWORD, '198.51.100.77');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('the page language', () => {
  it.each([
    [undefined, 'ja'],
    ['de-DE,de;q=0.9', 'ja'],
    ['de,en;q=0.5,fr;q=0.8', 'fr'],
    ['pt-BR', 'pt'],
    ['en;q=0,ja;q=0.1', 'ja'],
  ])('%s gives %s', (header, lang) => {
    expect(pageLocale(header)).toBe(lang);
  });
});
