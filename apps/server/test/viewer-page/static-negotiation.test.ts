import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerConsole } from '../../src/http/console-static.ts';
import { registerViewerAssets } from '../../src/modules/viewer-page/routes.ts';

/**
 * The built files of the viewer and the console as the build compressed them once (scripts/precompress.mjs): the
 * copy the client takes by Accept-Encoding, with its own length and ETag and `Vary: Accept-Encoding`, the next
 * encoding when a copy is missing, the file itself for a client that takes none. No database: the two static
 * registrations on a bare server.
 */

const root = await mkdtemp(path.join(tmpdir(), 'spinyard-static-'));
const script = `${'export const frames = [];\n'.repeat(400)}console.log(frames);\n`;
const builds = { viewer: path.join(root, 'viewer'), console: path.join(root, 'console') };
for (const dist of Object.values(builds)) {
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>built</title>');
  await writeFile(path.join(dist, 'assets', 'app-abc.js'), script);
  // Written after the copies are made: as if the build had left its Brotli copy out.
  await writeFile(path.join(dist, 'assets', 'tiny-abc.js'), 'console.log(1);\n');
}
execFileSync(process.execPath, [path.resolve('scripts/precompress.mjs'), builds.viewer, builds.console]);
for (const dist of Object.values(builds)) {
  await writeFile(path.join(dist, 'assets', 'nobr-abc.js'), script);
  execFileSync('gzip', ['-k', '-9', path.join(dist, 'assets', 'nobr-abc.js')]);
}

const app = Fastify();
await registerViewerAssets(app, builds.viewer);
await registerConsole(app, builds.console);
await app.ready();
afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe.each([
  ['viewer', '/viewer/assets/', builds.viewer],
  ['console', '/assets/', builds.console],
])("the %s's built files", (_name, prefix, dist) => {
  const file = (name: string) => readFileSync(path.join(dist, 'assets', name));

  it.each([
    ['gzip, deflate, br', 'br', 'app-abc.js.br'],
    ['gzip', 'gzip', 'app-abc.js.gz'],
    ['br;q=0, gzip', 'gzip', 'app-abc.js.gz'],
    ['identity', undefined, 'app-abc.js'],
    ['', undefined, 'app-abc.js'],
  ])('Accept-Encoding "%s": %s, the copy as written, its length, Vary', async (accept, encoding, copy) => {
    const answer = await get(`${prefix}app-abc.js`, accept ? { 'accept-encoding': accept } : {});
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(String(answer.headers['content-type'])).toContain('javascript');
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(answer.rawPayload.equals(file(copy))).toBe(true);
    expect(Number(answer.headers['content-length'])).toBe(file(copy).length);
  });

  it('gives each encoding its own ETag, and a 304 to the client holding it', async () => {
    const tags = new Set<string>();
    for (const accept of ['br', 'gzip', 'identity']) {
      const answer = await get(`${prefix}app-abc.js`, { 'accept-encoding': accept });
      const etag = String(answer.headers.etag);
      tags.add(etag);
      const again = await get(`${prefix}app-abc.js`, { 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    expect(tags.size).toBe(3);
  });

  it('falls back to gzip when the Brotli copy is missing, to the file when both are', async () => {
    const gz = await get(`${prefix}nobr-abc.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(file('nobr-abc.js.gz'))).toBe(true);
    expect(gz.headers.vary).toBe('accept-encoding');

    const plain = await get(`${prefix}tiny-abc.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);\n');
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
  });
});
