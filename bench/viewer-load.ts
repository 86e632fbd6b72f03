import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../e2e/harness/server.ts';
import { childPidOf } from './process-memory.ts';
import { percentile } from './viewer-probe.ts';
import { publishSpin, startBenchServer } from './viewer-scene.ts';

/**
 * Many buyers at once on one published vehicle (issue 18, performance): BENCH_CLIENTS (default 50) clients, each
 * asking again as soon as its answer is read, over kept-alive connections, against the real `spinyard serve`
 * (production mode, embedded PostgreSQL) with the viewer build given (default apps/viewer/dist, built with
 * `npm run build -w apps/viewer`, which writes the .br and .gz copies). Rounds of BENCH_SECONDS (default 10) each:
 * - the viewer page (`/v/{short_id}`, written per request: manifest, first frame, og card) as a browser asks for it
 *   (`Accept-Encoding: gzip, deflate, br`, compressed per request) and without compression, to show what the
 *   per-request Brotli costs;
 * - the page's own scripts and styles (`/viewer/assets/...`, read from the page), Brotli (the build's copies),
 *   gzip and none;
 * - a buyer's first load: the page, then its scripts and styles, one after another, as one client does.
 * Each round prints requests per second, p50 and p99 of the answer time (sent to last byte read) and the load
 * average, and the server process's CPU time per answer (user + system from /proc, the embedded PostgreSQL not
 * counted): on a shared machine the rates follow the load, the CPU per answer much less. The load generator runs on
 * the same machine: its CPU is taken from the server's.
 *
 *   node --import tsx bench/viewer-load.ts [viewer build folder]
 *
 * A figure, not a test. Figures and how they were obtained: docs/operations.md, "Viewer: many buyers at once".
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const viewerDist = path.resolve(process.argv[2] ?? path.join(repoRoot, 'apps/viewer/dist'));
const BROWSER = 'gzip, deflate, br';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Answer {
  status: number;
  bytes: number;
  encoding: string;
  body?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

/** One GET; the body is counted, not kept (nor decompressed), unless asked for. */
function get(url: string, acceptEncoding: string, keep = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const req = request(url, { agent, headers }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (keep) chunks.push(c);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'none'),
          ...(keep ? { body: Buffer.concat(chunks).toString('utf8') } : {}),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The CPU time a process has used, in ms (/proc/PID/stat: utime and stime, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Round {
  requests: number;
  cpuPerAnswer: number;
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
  encodings: string;
  failed: number;
  load: string;
}

/** CLIENTS loops of `visit` for SECONDS; `visit` returns each request's time and answer. */
async function round(
  serverPid: number,
  visit: (time: (a: Promise<Answer>) => Promise<Answer>) => Promise<void>,
): Promise<Round> {
  const times: number[] = [];
  const encodings = new Map<string, number>();
  let bytes = 0;
  let failed = 0;
  const time = async (asked: Promise<Answer>) => {
    const t0 = performance.now();
    const answer = await asked;
    times.push(performance.now() - t0);
    bytes += answer.bytes;
    encodings.set(answer.encoding, (encodings.get(answer.encoding) ?? 0) + 1);
    if (answer.status !== 200) failed++;
    return answer;
  };
  const end = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  const cpu0 = cpuMs(serverPid);
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) await visit(time);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    requests: times.length,
    cpuPerAnswer: (cpuMs(serverPid) - cpu0) / Math.max(1, times.length),
    perSecond: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    bytes: times.length > 0 ? bytes / times.length : 0,
    encodings: [...encodings].map(([e, n]) => `${e} ${n}`).join(', '),
    failed,
    load: load(),
  };
}

const { server, cleanUp } = await startBenchServer(viewerDist);
try {
  log(`\nViewer under ${CLIENTS} concurrent buyers, ${SECONDS} s a round, viewer build ${viewerDist}`);
  log(`Setting up (load average ${load()})…`);
  const spin = await publishSpin(server);
  const page = await get(spin.pageUrl, '', true);
  const assets = [...new Set((page.body ?? '').match(/\/viewer\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  if (page.status !== 200 || assets.length === 0) throw new Error(`the page answered ${page.status} without assets`);
  log(`${spin.pageUrl}: ${page.bytes} B of HTML; its assets: ${assets.join(', ')}`);
  const assetUrl = (i: number) => `${server.baseUrl}${assets[i % assets.length]}`;

  const serverPid = await childPidOf(process.pid, 'main.ts');
  if (serverPid === undefined) throw new Error('the server process was not found');
  let n = 0;
  const rounds: [string, Parameters<typeof round>[1]][] = [
    ['page, browser (br per request)', (time) => time(get(spin.pageUrl, BROWSER)).then(() => undefined)],
    ['page, no compression', (time) => time(get(spin.pageUrl, '')).then(() => undefined)],
    ['assets, br (build copies)', (time) => time(get(assetUrl(n++), BROWSER)).then(() => undefined)],
    ['assets, gzip (build copies)', (time) => time(get(assetUrl(n++), 'gzip')).then(() => undefined)],
    ['assets, no compression', (time) => time(get(assetUrl(n++), '')).then(() => undefined)],
    [
      "buyer's load: page then assets",
      async (time) => {
        await time(get(spin.pageUrl, BROWSER));
        for (let i = 0; i < assets.length; i++) await time(get(assetUrl(i), BROWSER));
      },
    ],
  ];
  log(
    `\n${'round'.padEnd(34)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `${'CPU ms'.padStart(8)}  B/answer  load`,
  );
  for (const [label, visit] of rounds) {
    const r = await round(serverPid, visit);
    log(
      `${label.padEnd(34)}${r.perSecond.toFixed(0).padStart(8)}${r.p50.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}` +
        `${r.cpuPerAnswer.toFixed(2).padStart(8)}` +
        `  ${r.bytes.toFixed(0).padStart(8)}  ${r.load}  (${r.requests} answers: ${r.encodings}${r.failed ? `; ${r.failed} not 200` : ''})`,
    );
  }
  log(`\ngoal: p99 under 50 ms for the page and its assets at ${CLIENTS} concurrent buyers`);
  log(`${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average now ${load()}`);
} catch (error) {
  log(`\nFAILED: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  agent.destroy();
  await cleanUp();
}
