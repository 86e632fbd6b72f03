import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { buildContents } from '../publishing/publishing-helpers.ts';
import { fakeViewerDist, pageDataOf } from './fake-dist.ts';

/**
 * What the buyer's page gives besides the viewer (issue 18): a shared link's card in the server's HTML, the
 * dealer's analytics tag kept off the console's origin (security finding 7), and each tenant's vehicles only on
 * its own host (security finding 6).
 */

const dist = await fakeViewerDist();
const t = useTestApp({ viewerDist: dist });
let dealer: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  [dealer, other] = await Promise.all([
    t.make.signedIn({ domain: { options: { analytics_tag: true } } }),
    t.make.signedIn(),
  ]);
});

async function published(owner: SignedInUser, fields: Record<string, unknown> = {}) {
  const [id = ''] = await t.make.vehicles(owner, { fields });
  await seedExterior(t, id, { rows: [8], width: 64, height: 36 });
  const built = await buildContents(t.app, owner, id);
  expect(built.statusCode, built.body).toBe(200);
  return { id, shortId: built.json().short_id as string };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

/** The content of each `<meta property|name="key">` of the page, by key. */
function metaOf(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    const entities: Record<string, string> = { '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'", '&amp;': '&' };
    out[m[1] ?? ''] = (m[2] ?? '').replace(/&(quot|lt|gt|#39|amp);/g, (e) => entities[e] ?? e);
  }
  return out;
}

describe("a shared link's card", () => {
  it('names the vehicle, describes it and shows its first frame, all absolute, in the HTML', async () => {
    const { shortId } = await published(dealer, {
      maker: 'Toyota',
      car_name: 'Prius <b>"S"</b>',
      mileage: 42000,
      store: 'Shinjuku Motors',
      basic_info_shown: JSON.stringify(['maker', 'car_name', 'mileage', 'store']),
    });
    const res = await get(`/v/${shortId}?embed=1`, { host: 'cars.example.test:8443', 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    const meta = metaOf(res.body);
    const data = pageDataOf(res.body);
    const first = data.manifest.exterior.rows[0].frames[0].image.renditions.display;
    expect(meta['og:title']).toBe('Toyota Prius <b>"S"</b>');
    expect(res.body).not.toContain('<b>"S"</b>"');
    expect(meta['og:description']).toBe('42,000 km · Shinjuku Motors · Turn it around in 360°');
    expect(meta['og:site_name']).toBe('Shinjuku Motors');
    // No proxy is trusted here: the scheme is the connection's, the host the request's.
    expect(meta['og:url']).toBe(`http://cars.example.test:8443/v/${shortId}`);
    expect(meta['og:image']).toBe(`http://cars.example.test:8443${first.jpeg}`);
    expect(meta['og:image:width']).toBe(String(first.width));
    expect(meta['twitter:card']).toBe('summary_large_image');
    expect(meta['twitter:image']).toBe(meta['og:image']);
    expect(meta['og:locale']).toBe('en_US');
  });

  it('keeps to what the dealer shows: no name when it is hidden, and no card at all behind the password', async () => {
    const hidden = await published(dealer, { maker: 'Secret', car_name: 'Prototype' });
    const meta = metaOf((await get(`/v/${hidden.shortId}`, { 'accept-language': 'ja' })).body);
    expect(meta['og:title']).toBe('360°ビュー');
    expect(meta['og:description']).toBe('360°で外装を見る');
    expect(JSON.stringify(meta)).not.toMatch(/Secret|Prototype/);

    const gated = await published(dealer, { limited_password_enabled: true, limited_password: 'open-sesame-9' });
    const gate = await get(`/v/${gated.shortId}`);
    expect(gate.statusCode).toBe(401);
    expect(gate.body).not.toContain('og:');
  });
});

describe("the dealer's analytics tag (finding 7)", () => {
  it('the viewer page admits no third-party script, only its sandboxed tag frame', async () => {
    const { shortId } = await published(dealer, { analytics_tag_enabled: true, analytics_tag: 'G-SANDBOX1' });
    const res = await get(`/v/${shortId}`);
    expect(pageDataOf(res.body).manifest.analytics_tag).toBe('G-SANDBOX1');
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(csp).not.toMatch(/google|https:\/\/\*|unsafe-eval|unsafe-inline'[^;]*script/);
    expect(directive('frame-src')).toBe("frame-src 'self'");

    const plain = await published(dealer);
    expect(String((await get(`/v/${plain.shortId}`)).headers['content-security-policy'])).not.toContain('frame-src');
  });

  it('the tag frame is sandboxed by its own header (scripts only, an opaque origin) and runs only its hashed script', async () => {
    const res = await get('/viewer/tag-frame?id=G-SANDBOX1');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp.split('; ')[0]).toBe('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).not.toContain("'self'");
    const script = /<script>([\s\S]*)<\/script>/.exec(res.body)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}' https://www.googletagmanager.com`);
    expect(res.body.match(/<script/g)).toHaveLength(1);

    const bad = await get('/viewer/tag-frame?id=%3Cscript%3E');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBeDefined();
  });
});

describe('each tenant on its own host (finding 6)', () => {
  it("answers a vehicle on its tenant's host and on shared hosts, and not found on another tenant's host", async () => {
    const { shortId } = await published(dealer, { limited_password_enabled: true, limited_password: 'open-sesame-9' });
    const access = (host: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v/${shortId}/access`,
        headers: { host, 'content-type': 'application/json' },
        payload: { password: 'open-sesame-9' },
      });
    const own = await access(dealer.host);
    expect(own.statusCode, own.body).toBe(200);
    const token = own.json().token as string;

    for (const host of [dealer.host.toUpperCase(), `${dealer.host}:8080`, 'localhost', '203.0.113.7']) {
      expect((await get(`/v/${shortId}/manifest.json?token=${token}`, { host })).statusCode, host).toBe(200);
      expect((await get(`/v/${shortId}?token=${token}`, { host })).statusCode, host).toBe(200);
    }

    const foreign = await get(`/v/${shortId}/manifest.json?token=${token}`, { host: other.host });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not_found');
    const page = await get(`/v/${shortId}?token=${token}`, { host: other.host });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('/svnmedia/');
    expect(page.body).toContain('Page not found');
    expect((await access(other.host)).statusCode).toBe(404);
    const form = await t.app.inject({
      method: 'POST',
      url: `/v/${shortId}`,
      headers: { host: other.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=open-sesame-9',
    });
    expect(form.statusCode).toBe(404);
    expect(form.body).not.toContain('spinyard-page');
  });

  it("tells another tenant's host nothing of a vehicle's state", async () => {
    const { id, shortId } = await published(dealer);
    await t.make.update.publication(id, 'deleted');
    expect((await get(`/v/${shortId}/manifest.json`, { host: dealer.host })).statusCode).toBe(410);
    expect((await get(`/v/${shortId}/manifest.json`, { host: other.host })).statusCode).toBe(404);
  });
});
