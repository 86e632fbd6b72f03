import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PublishedManifest } from '@spinyard/domain';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { setMediaFlags } from '../apps/server/src/modules/contents/media-access.ts';
import { exteriorFlagsOf } from '../apps/server/src/modules/exterior/edit-common.ts';
import { exteriorFrameSpec, exteriorPrefix } from '../apps/server/src/modules/exterior/replace-work.ts';
import { exteriorRepo } from '../apps/server/src/modules/exterior/repo.ts';
import { storeImage } from '../apps/server/src/modules/vehicle-media/images.ts';
import { ffmpegPath, runBounded } from '../apps/server/src/platform/media/ffmpeg.ts';
import { createMedia } from '../apps/server/src/platform/media/index.ts';
import { createDiskBlobStore } from '../apps/server/src/platform/storage/disk-blob-store.ts';
import { freePort, repoRoot } from '../e2e/harness/server.ts';
import { CLIPS, makeClip, VIDEO_DIR } from './exterior-clips.ts';
import { benchTokens } from './sign-in.ts';

/**
 * The viewer benchmark's scene: the real `spinyard serve` (embedded PostgreSQL, a temporary data directory), a vehicle whose 36 frames come from the exterior benchmark's walk-around clip (a
 * photo-like strip scrolled past the camera; one turn cut into 36 pictures by ffmpeg) stored in every size as the
 * pipeline stores them, published by the build call, and a page of js-cloudimage-360-view on the same origin.
 *
 * Why the comparison page is served by the same server: cloudimage loads every picture with
 * `crossOrigin = "anonymous"` (to make ImageBitmaps), and the server's media answers carry no CORS header, so
 * the frames would fail from any other origin. The server serves its console folder statically; the benchmark
 * gives it a stand-in console folder holding only the comparison page and the library's own bundle.
 */

export const COMPARE_PAGE = '/bench-compare/cloudimage.html';
const CLOUDIMAGE_BUNDLE = path.join(repoRoot, 'node_modules/js-cloudimage-360-view/dist/js-cloudimage-360-view.min.js');

// The page reads the frame URLs (and the stage size to match ours) from its fragment, which is never sent to the
// server: the same as a dealer writing the list into the page, without a request more than cloudimage needs.
const COMPARE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>js-cloudimage-360-view</title>
<style>html,body{margin:0;background:#fff}#ci360{margin:0 auto}</style></head>
<body><div id="ci360"></div>
<script src="js-cloudimage-360-view.min.js"></script><script src="cloudimage-page.js"></script></body></html>
`;
const COMPARE_JS = `(() => {
  const spec = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const box = document.getElementById('ci360');
  box.style.width = spec.width + 'px';
  const bench = window.__bench;
  window.CI360.init(box, {
    imageListX: spec.urls,
    amountX: spec.urls.length,
    hints: false,
    onReady: () => { bench.ready = bench.ready ?? performance.now(); },
    onSpin: (e) => { bench.visited.add(e.activeImageX); },
  });
})();
`;

/** The folder given to the server as its console: an index.html (the server wants one) and the comparison page. */
async function standInConsole(root: string): Promise<string> {
  const dir = path.join(root, 'console');
  await mkdir(path.join(dir, 'bench-compare'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>bench</title>');
  await writeFile(path.join(dir, COMPARE_PAGE.slice(1)), COMPARE_HTML);
  await writeFile(path.join(dir, 'bench-compare/cloudimage-page.js'), COMPARE_JS);
  await copyFile(CLOUDIMAGE_BUNDLE, path.join(dir, 'bench-compare/js-cloudimage-360-view.min.js'));
  return dir;
}

export interface BenchServer {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
}

/**
 * `spinyard serve` as the browser tests' harness starts it (production mode, embedded PostgreSQL, a fresh data
 * directory, a known master), but with its output kept in memory: the harness writes it under test-results/,
 * which a test run in the same checkout may delete under a running benchmark. Without a viewer build the stand-in
 * console folder serves as one; `args` follow `serve` (`--no-workers`), `env` is added to the server's.
 */
export async function startBenchServer(
  viewerDist: string | undefined,
  options: { args?: string[]; env?: Record<string, string> } = {},
): Promise<{ server: BenchServer; pid: number; cleanUp(): Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'spinyard-bench-viewer-'));
  // As root the embedded PostgreSQL runs as the `postgres` user, which must reach its cluster.
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir, { mode: 0o755 });
  const consoleDir = await standInConsole(root);
  const port = await freePort();
  const server = {
    baseUrl: `http://localhost:${port}`,
    adminEmail: 'bench-master@example.com',
    adminPassword: `bench-${randomBytes(12).toString('base64url')}`,
    dataDir,
  };
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('SPINYARD_') && k !== 'DATABASE_URL'),
  );
  const child = spawn(
    process.execPath,
    // BENCH_SERVER_NODE_ARGS: node's own flags for the server alone (e.g. `--cpu-prof --cpu-prof-dir=DIR`, which
    // NODE_OPTIONS refuses), so a profile shows the server and not the load generator.
    [
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'apps/server/src/main.ts',
      'serve',
      ...(options.args ?? []),
    ],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        EMBEDDED_PG_PORT: String(await freePort()),
        SPINYARD_DATA_DIR: dataDir,
        SPINYARD_ADMIN_EMAIL: server.adminEmail,
        SPINYARD_ADMIN_PASSWORD: server.adminPassword,
        SPINYARD_CONSOLE_DIST: consoleDir,
        SPINYARD_VIEWER_DIST: viewerDist ?? consoleDir,
        ...options.env,
      },
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanUp = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(root, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const ok = await fetch(`${server.baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return { server, pid: child.pid ?? 0, cleanUp };
    if (Date.now() > deadline) {
      await cleanUp();
      throw new Error(`the server was not ready within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** 36 pictures of one turn of the walk-around clip, 1920x1080 JPEG (high quality: the pipeline's input). */
async function spinPictures(): Promise<string[]> {
  const clip = CLIPS[0];
  if (!clip) throw new Error('no clip');
  const dir = path.join(VIDEO_DIR, `viewer-frames-${clip.name}`);
  const listed = async () => (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
  if (existsSync(dir) && (await listed()).length === 36) return (await listed()).map((f) => path.join(dir, f));
  const video = await makeClip(clip);
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const turnSeconds = clip.seconds / clip.turns;
  const r = await runBounded(
    ffmpegPath(),
    [
      ...['-hide_banner', '-v', 'error', '-y', '-i', video],
      ...['-vf', `fps=${36 / turnSeconds}`, '-frames:v', '36', '-q:v', '2', path.join(partial, 'frame-%02d.jpg')],
    ],
    { timeoutMs: 10 * 60_000 },
  );
  if (r.code !== 0) throw new Error(`ffmpeg could not cut the frames: ${r.stderr}`);
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
  return (await listed()).map((f) => path.join(dir, f));
}

export async function call(url: string, init: RequestInit & { token?: string; json?: unknown }): Promise<unknown> {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The server's database as its embedded PostgreSQL's superuser (password file and pid file of its data dir). */
export async function databaseUrl(dataDir: string): Promise<string> {
  const password = (await readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  const port = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]?.trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/spinyard`;
}

/** The pictures stored in every size (JPEG and WebP) and written as the vehicle's one row, as the pipeline does. */
async function storeSpin(server: BenchServer, contentId: string, pictures: string[]): Promise<void> {
  const { db, pool } = createDatabase(await databaseUrl(server.dataDir), 2);
  try {
    const store = createDiskBlobStore(path.join(server.dataDir, 'media'));
    const media = createMedia();
    const spec = exteriorFrameSpec('full_hd', 40_000_000);
    const images: Awaited<ReturnType<typeof storeImage>>[] = [];
    // One at a time: sharp already uses both cores for one picture, and the machine is shared.
    for (const file of pictures) images.push(await storeImage(store, media, exteriorPrefix(contentId), file, spec));
    await db.transaction().execute(async (trx) => {
      await exteriorRepo(trx).replaceGroup(contentId, 1, images, null);
      await setMediaFlags(trx, contentId, await exteriorFlagsOf(trx, contentId));
    });
  } finally {
    await db.destroy();
    await pool.end().catch(() => undefined);
  }
}

export interface PublishedSpin {
  shortId: string;
  pageUrl: string;
  manifest: PublishedManifest;
  /** The vehicle, its dealer's content token, master's access token and the domain: for scenes built on it. */
  vehicleId: string;
  dealerToken: string;
  masterToken: string;
  domainId: string;
}

/** A super user (made by master), a vehicle with the 36-frame spin, published; its short URL and manifest. */
export async function publishSpin(server: BenchServer): Promise<PublishedSpin> {
  const base = server.baseUrl;
  const master = await benchTokens(base, server.adminEmail, server.adminPassword);
  const domains = (await call(`${base}/v1/domain`, { token: master.access })) as { items: { id: string }[] };
  const account = { email: `bench-${Date.now()}@example.com`, password: 'bench1234', name: 'Viewer bench' };
  const created = (await call(`${base}/v1/superusers`, {
    method: 'POST',
    token: master.access,
    json: { ...account, domain_id: domains.items[0]?.id },
  })) as { user: { id: string } };
  await call(`${base}/v1/subordinates/${created.user.id}/status`, {
    method: 'POST',
    token: master.access,
    json: { status: 'active' },
  });
  const dealer = await benchTokens(base, account.email, account.password);
  const vehicle = (await call(`${base}/api/browser/v0/contents`, {
    method: 'POST',
    token: dealer.content,
    json: { management_id: `BENCH-${Date.now()}`, maker: 'Bench', car_name: 'Spin' },
  })) as { id: string };
  await storeSpin(server, vehicle.id, await spinPictures());
  const built = (await call(`${base}/api/tourmaker/buildcontents/${vehicle.id}/`, {
    method: 'POST',
    token: dealer.content,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'publish=1&user=bench',
  })) as { short_id: string };
  const manifest = (await call(`${base}/v/${built.short_id}/manifest.json`, {})) as PublishedManifest;
  return {
    shortId: built.short_id,
    pageUrl: `${base}/v/${built.short_id}`,
    manifest,
    vehicleId: vehicle.id,
    dealerToken: dealer.content,
    masterToken: master.access,
    domainId: domains.items[0]?.id ?? '',
  };
}
