import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { declaredPng, truncatedJpeg } from '../apps/server/test/helpers/hostile-images.ts';
import { multipart } from '../apps/server/test/helpers/multipart.ts';
import { startServer } from '../e2e/harness/server.ts';
import { childPidOf, watchMemory } from './process-memory.ts';
import { benchTokens } from './sign-in.ts';

/**
 * Images that lie about their size, sixteen at once, against a running `spinyard serve` (issue 18, finding 4): the
 * server's resident memory (peak, sampled every 5 ms from /proc) and the latency of `/readyz` (asked again as soon as
 * it answers, the whole time) while they are uploaded. Each round sends 16 uploads in parallel, one per vehicle (so
 * no vehicle lock orders them):
 * - `bomb`: a 119 kB PNG declaring 8192x4608 (decodes to 113 MB), as category images: within the slider's rules, so
 *   accepted (201), decoded one at a time;
 * - `truncated`: a JPEG declaring 16384x8192 whose data stops after 2 kB, as interior panoramas: 422 image_load_error;
 * - `huge`: a PNG declaring 20000x20000, as category images: 422 image_dimensions_invalid from the header;
 * - `mixed`: the three at once, 16 of each (48 uploads).
 *
 *   node --import tsx bench/hostile-uploads.ts
 *   BENCH_ONLY=bomb     only the rounds whose label starts with this (bomb, truncated, huge, mixed)
 *   BENCH_PARALLEL=4    uploads per round (default 16)
 *   BENCH_CPU_PROFILE=/tmp/server.cpuprofile   also the server's CPU profile (bench/loop-probe.mjs)
 *
 * The server's event loop is watched from inside by bench/loop-probe.mjs (monitorEventLoopDelay and GC pauses, in
 * windows of 250 ms), so a slow `/readyz` can be told apart: a blocked loop, a collection, or a wait elsewhere.
 *
 * A figure, not a test. Figures and how they were obtained: docs/operations.md.
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 16);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

type Kind = 'bomb' | 'truncated' | 'huge';
const files: Record<Kind, { data: Buffer; name: string; type: string; route: 'images' | 'interior' }> = {
  bomb: { data: declaredPng(8192, 4608), name: 'bomb.png', type: 'image/png', route: 'images' },
  truncated: { data: await truncatedJpeg(16384, 8192), name: 'cut.jpg', type: 'image/jpeg', route: 'interior' },
  huge: { data: declaredPng(20000, 20000, 64), name: 'huge.png', type: 'image/png', route: 'images' },
};

// The server serves no console or viewer here; the harness only needs folders with an index.html.
const dists = await mkdtemp(path.join(tmpdir(), 'spinyard-bench-dists-'));
for (const app of ['console', 'viewer']) {
  await mkdir(path.join(dists, app));
  await writeFile(path.join(dists, app, 'index.html'), '<!doctype html><title>bench</title>');
}
const loopFile = path.join(dists, 'loop.txt');
const server = await startServer({
  env: {
    LOG_LEVEL: 'warn',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(import.meta.dirname, 'loop-probe.mjs')}`,
    BENCH_LOOP_FILE: loopFile,
    BENCH_CPU_PROFILE: process.env.BENCH_CPU_PROFILE ?? '',
    SPINYARD_CONSOLE_DIST: path.join(dists, 'console'),
    SPINYARD_VIEWER_DIST: path.join(dists, 'viewer'),
  },
});
try {
  const base = server.baseUrl;
  const token = (await benchTokens(base, server.adminEmail, server.adminPassword)).content;
  const auth = { authorization: `Bearer ${token}` };

  const vehicles: string[] = [];
  for (let i = 0; i < PARALLEL; i++) {
    const made = await fetch(`${base}/api/browser/v0/contents`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ management_id: `HOSTILE-${Date.now()}-${i}`, maker: 'Bench', car_name: 'Hostile' }),
    });
    if (made.status !== 201) throw new Error(`vehicle ${i}: ${made.status} ${await made.text()}`);
    vehicles.push(((await made.json()) as { id: string }).id);
  }

  /**
   * One upload over node:http, which waits as long as the server takes (fetch gives up after 300 s without an
   * answer's headers, and sixteen large renders one after another on a loaded machine can take longer).
   */
  const send = (kind: Kind, car: string): Promise<string> => {
    const file = files[kind];
    const body = multipart(file.route === 'images' ? { category: 'exterior' } : {}, {
      data: file.data,
      name: file.name,
      type: file.type,
    });
    const url = new URL(
      `${base}/api/browser/v0${file.route === 'images' ? `/slider/${car}/images` : `/interior/${car}`}`,
    );
    return new Promise((resolve) => {
      const req = request(
        url,
        { method: 'POST', headers: { ...auth, ...body.headers, 'content-length': String(body.payload.length) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            let code = '';
            try {
              code =
                (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code?: string } }).error?.code ?? '';
            } catch {
              code = 'not JSON';
            }
            resolve(`${res.statusCode}${code ? ` ${code}` : ''}`);
          });
        },
      );
      req.on('error', (error) => resolve(`no answer (${error.message})`));
      req.end(body.payload);
    });
  };

  const serverPid = await childPidOf(process.pid, 'main.ts');
  if (serverPid === undefined) throw new Error('the server process was not found');
  const memory = watchMemory(serverPid);

  /** `/readyz` asked back to back while `work` runs: the slowest answer and how many were asked. */
  async function underLoad(work: () => Promise<string[]>) {
    let running = true;
    let slowest = 0;
    let asked = 0;
    let notReady = 0;
    const probe = (async () => {
      while (running) {
        const t0 = performance.now();
        const status = await fetch(`${base}/readyz`)
          .then(async (res) => {
            await res.arrayBuffer();
            return res.status;
          })
          .catch(() => 0);
        slowest = Math.max(slowest, performance.now() - t0);
        asked++;
        if (status !== 200) notReady++;
      }
    })();
    memory.reset();
    const started = Date.now();
    const t0 = performance.now();
    const answers = await work();
    const seconds = (performance.now() - t0) / 1000;
    running = false;
    await probe;
    return { answers, seconds, slowest, asked, notReady, ...memory.peak(), loop: await loopSince(started) };
  }

  /** The server's event loop since `since` (epoch ms): the longest delay, the worst window's p99, GC pauses. */
  async function loopSince(since: number) {
    const windows = (await readFile(loopFile, 'utf8').catch(() => ''))
      .split('\n')
      .map((line) => line.split(' ').map(Number))
      .filter((w) => w.length === 5 && (w[0] ?? 0) >= since);
    const most = (i: number) => Math.max(0, ...windows.map((w) => w[i] ?? 0));
    const gcMs = windows.reduce((sum, w) => sum + (w[4] ?? 0), 0);
    return { windows: windows.length, delayMax: most(1), p99Max: most(2), gcLongest: most(3), gcMs };
  }

  const rounds: [string, () => Promise<string[]>][] = [
    ['bomb (8192x4608 PNG, 119 kB) as category images', () => Promise.all(vehicles.map((c) => send('bomb', c)))],
    ['truncated (16384x8192 JPEG) as panoramas', () => Promise.all(vehicles.map((c) => send('truncated', c)))],
    ['huge (20000x20000 PNG) as category images', () => Promise.all(vehicles.map((c) => send('huge', c)))],
    [
      'mixed: 16 of each at once',
      () => Promise.all(vehicles.flatMap((c) => (['bomb', 'truncated', 'huge'] as const).map((kind) => send(kind, c)))),
    ],
  ];
  log(`\n${PARALLEL} parallel hostile uploads against spinyard serve (workers in the same process)`);
  log(`  server resident memory at start: ${memory.peak().startMb} MB`);
  let worstMb = 0;
  let worstMs = 0;
  let worstLoop = 0;
  for (const [label, work] of rounds) {
    if (process.env.BENCH_ONLY && !label.startsWith(process.env.BENCH_ONLY)) continue;
    const r = await underLoad(work);
    const counts = new Map<string, number>();
    for (const a of r.answers) counts.set(a, (counts.get(a) ?? 0) + 1);
    const summary = [...counts].map(([a, n]) => `${n} x ${a}`).join(', ');
    log(`\n  ${label}: ${r.seconds.toFixed(1)} s`);
    log(`    answers: ${summary}`);
    log(`    server memory: ${r.startMb} MB at start, ${r.peakMb} MB peak`);
    log(
      `    /readyz: ${r.asked} asked, slowest ${r.slowest.toFixed(0)} ms${r.notReady ? `, ${r.notReady} not 200` : ''}`,
    );
    log(
      `    server event loop: longest delay ${r.loop.delayMax.toFixed(0)} ms, worst 250 ms window's p99 ` +
        `${r.loop.p99Max.toFixed(0)} ms; GC longest pause ${r.loop.gcLongest.toFixed(0)} ms, ` +
        `${r.loop.gcMs.toFixed(0)} ms in all (${r.loop.windows} windows)  [load ${load()}]`,
    );
    worstMb = Math.max(worstMb, r.peakMb);
    worstMs = Math.max(worstMs, r.slowest);
    worstLoop = Math.max(worstLoop, r.loop.delayMax);
  }
  log(
    `\n  peak server memory ${worstMb} MB (goal < 1200), slowest /readyz ${worstMs.toFixed(0)} ms (goal < 1000), ` +
      `longest event-loop delay ${worstLoop.toFixed(0)} ms`,
  );
  log(`  high-water mark of the server process (VmHWM): ${memory.highWaterMb()} MB`);
  log(`  ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${load()}`);
  memory.stop();
} catch (error) {
  log(`\nFAILED: ${(error as Error).message}\n--- server output ---\n${server.output()}`);
  process.exitCode = 1;
} finally {
  await server.stop();
  await rm(dists, { recursive: true, force: true });
}
