import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../src/platform/storage/blob-store.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { mediaRoutes, openMediaAccess } from '../../src/platform/storage/media-routes.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const SECRET = 'content that must never leave the disk';

/**
 * A request whose path goes on the wire exactly as written. `inject` (like a browser) resolves `..` and `%2e%2e`
 * segments before sending, but a hand-made request does not, so the route itself must refuse them.
 */
function rawGet(port: number, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: rawPath }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('GET /svnmedia/*', () => {
  let dir: string;
  let app: FastifyInstance;
  let port: number;
  let store: BlobStore;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spinyard-media-'));
    const root = path.join(dir, 'media');
    store = createDiskBlobStore(root);
    await store.put('images/logos/company_logo_0006.png', PNG);
    await store.put('images/drawing.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    await store.put('docs/manual.pdf', Buffer.from('%PDF-1.4'));
    await store.put('data/blob.bin', Buffer.from('bytes'));
    await store.put('images/UPPER.JPG', Buffer.from('jpeg'));
    await store.put('movies/promo.mp4', Buffer.from('mp4'));
    await store.put('audio/track.mp3', Buffer.from('mp3'));
    // Files outside the root that every escape attempt below aims at.
    await writeFile(path.join(dir, 'secret.txt'), SECRET);
    await mkdir(path.join(dir, 'private'));
    await writeFile(path.join(dir, 'private', 'key.txt'), SECRET);
    await symlink(path.join(dir, 'secret.txt'), path.join(root, 'images', 'linked.png'));
    await symlink(path.join(dir, 'private'), path.join(root, 'linked-dir'));

    app = Fastify();
    await app.register(mediaRoutes, { store, access: openMediaAccess });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a stored file with its type, length and cache headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/svnmedia/images/logos/company_logo_0006.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(PNG.length));
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe('sandbox');
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('ignores the query string (cache busting)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/svnmedia/images/logos/company_logo_0006.png?t=1700000000',
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves deep keys longer than the usual router parameter limit', async () => {
    const key = `contents/${'a'.repeat(60)}/${'b'.repeat(60)}/${'c'.repeat(100)}.png`;
    await store.put(key, PNG);
    const response = await app.inject({ method: 'GET', url: `/svnmedia/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('never serves a blob under the private prefix (an unchecked upload kept for the workers)', async () => {
    await store.put('private/uploads/0123abcd', Buffer.from('not checked yet'));
    for (const url of ['/svnmedia/private/uploads/0123abcd', '/svnmedia/%70rivate/uploads/0123abcd']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('not checked');
    }
    expect(await store.exists('private/uploads/0123abcd')).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/svnmedia/images/logos/company_logo_0006.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(PNG.length));
    expect(response.rawPayload.length).toBe(0);
  });

  it.each([
    ['images/drawing.svg', 'image/svg+xml', 'sandbox'],
    ['images/UPPER.JPG', 'image/jpeg', 'sandbox'],
    ['data/blob.bin', 'application/octet-stream', 'sandbox'],
    // Chromium's PDF viewer does not render inside a sandboxed document.
    ['docs/manual.pdf', 'application/pdf', undefined],
    // Chromium's player, opened on a video or audio file, cannot load it inside a sandboxed document (stuck at 0:00).
    ['movies/promo.mp4', 'video/mp4', undefined],
    ['audio/track.mp3', 'audio/mpeg', undefined],
  ])('serves %s as %s', async (key, type, csp) => {
    const response = await app.inject({ method: 'GET', url: `/svnmedia/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-security-policy']).toBe(csp);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['GET', 'HEAD'] as const)('answers %s of a missing file with the not_found error', async (method) => {
    const response = await app.inject({ method, url: '/svnmedia/images/logos/company_logo_9999.png' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    if (method === 'GET')
      expect(response.json()).toEqual({ error: { code: 'not_found', user_message: expect.any(String) } });
  });

  it.each([
    ['an encoded parent segment and slash', '/svnmedia/%2e%2e%2fsecret.txt'],
    ['an upper-case encoded parent segment and slash', '/svnmedia/images/%2E%2E%2F%2E%2E%2Fsecret.txt'],
    ['a parent segment and encoded slash', '/svnmedia/..%2fsecret.txt'],
    ['an encoded slash inside a valid key', '/svnmedia/images%2Flogos%2Fcompany_logo_0006.png'],
    ['a double-encoded parent segment', '/svnmedia/%252e%252e%252fsecret.txt'],
    ['an absolute path', '/svnmedia//etc/passwd'],
    ['an encoded absolute path', '/svnmedia/%2Fetc%2Fpasswd'],
    ['a backslash', '/svnmedia/images%5C..%5C..%5Csecret.txt'],
    ['a NUL byte', '/svnmedia/images/logos/company_logo_0006.png%00.txt'],
    ['a name too long for the disk', `/svnmedia/${'a'.repeat(300)}.png`],
    ['a directory', '/svnmedia/images/logos'],
    ['an empty key', '/svnmedia/'],
    ['a symlinked file leading out of the store', '/svnmedia/images/linked.png'],
    ['a symlinked folder leading out of the store', '/svnmedia/linked-dir/key.txt'],
  ])('answers 404 for %s', async (_label, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', user_message: expect.any(String) } });
  });

  it.each([
    ['a raw parent segment', '/svnmedia/images/../../secret.txt'],
    ['an encoded parent segment', '/svnmedia/%2e%2e/secret.txt'],
    ['a parent segment behind a valid folder', '/svnmedia/images/logos/../../../private/key.txt'],
  ])('answers 404 for %s sent as is', async (_label, url) => {
    // Through inject the client resolves the segment away and the request never reaches the route.
    const injected = await app.inject({ method: 'GET', url });
    expect(injected.statusCode).toBe(404);
    expect(injected.body).not.toContain(SECRET);

    const raw = await rawGet(port, url);
    expect(raw.status).toBe(404);
    expect(JSON.parse(raw.body)).toEqual({ error: { code: 'not_found', user_message: expect.any(String) } });
  });

  it('leaves a malformed escape to the router, which refuses it with 400 rather than failing', async () => {
    const response = await app.inject({ method: 'GET', url: '/svnmedia/images/%zz.png' });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain(SECRET);
  });
});
