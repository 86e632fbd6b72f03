import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../src/http/compress.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { buildContents } from '../publishing/publishing-helpers.ts';
import { fakeViewerDist, pageDataOf } from './fake-dist.ts';

/**
 * What a buyer's phone downloads: the viewer page compressed per request (Brotli, else gzip, else plain), and the
 * viewer's built script as the copies the build compressed once (scripts/precompress.mjs).
 */

const dist = await fakeViewerDist();
// A script big enough to be worth compressing, compressed the way the build does it.
const script = `${'export const frames = [];\n'.repeat(400)}console.log(frames);\n`;
await writeFile(path.join(dist, 'assets', 'big-abc.js'), script);
execFileSync(process.execPath, [path.resolve('scripts/precompress.mjs'), dist]);

// The console's build, compressed the same way.
const consoleDist = await mkdtemp(path.join(tmpdir(), 'spinyard-console-dist-'));
await mkdir(path.join(consoleDist, 'assets'));
await writeFile(path.join(consoleDist, 'index.html'), '<!doctype html><title>console</title>');
await writeFile(path.join(consoleDist, 'assets', 'app-abc.js'), script);
execFileSync(process.execPath, [path.resolve('scripts/precompress.mjs'), consoleDist]);

const t = useTestApp({ viewerDist: dist, consoleDist });
let dealer: SignedInUser;
let shortId = '';

beforeAll(async () => {
  dealer = await t.make.signedIn();
  const [id = ''] = await t.make.vehicles(dealer);
  await seedExterior(t, id, { rows: [8], width: 64, height: 36 });
  const built = await buildContents(t.app, dealer, id);
  expect(built.statusCode, built.body).toBe(200);
  shortId = built.json().short_id;
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed answers', () => {
  it('picks Brotli, then gzip, honouring q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('sends the viewer page in Brotli or gzip, the same page as plain', async () => {
    const plain = await get(`/v/${shortId}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(pageDataOf(plain.body).manifest.short_id).toBe(shortId);

    const br = await get(`/v/${shortId}`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await get(`/v/${shortId}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("serves the build's compressed copies of the viewer's script", async () => {
    const url = '/viewer/assets/big-abc.js';
    const br = await get(url, 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    const consoleScript = await get('/assets/app-abc.js', 'gzip, deflate, br');
    expect(consoleScript.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(consoleScript.rawPayload).toString()).toBe(script);
  });
});
