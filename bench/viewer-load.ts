import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../e2e/harness/server.ts';
import { childrenOf, cpuSecondsOf } from './process-memory.ts';
import { type Answer, BROWSER, get as getWith, openLoop, openLoopLine, pageLoadOf } from './viewer-buyers.ts';
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
 * These saturate the server (50 clients and no pause: the rate is what the server can do, and by Little's law the
 * answer time is 50 over that rate). Then, per layout, the reading of "50 concurrent buyers" as people: buyers
 * arriving at a fixed rate (open loop: each arrival scheduled in advance, its page timed from that moment, so a slow
 * answer holds no later buyer back and hides nothing), BENCH_CLIENTS looking at once for BENCH_DWELL_SECONDS
 * (default 10) each, for BENCH_OPEN_SECONDS (default 30); each loads on its own connections (six at most) the page,
 * its scripts and styles with the first frame, then the opening row's small frames (the spin can be turned), as
 * apps/viewer does (bench/viewer-buyers.ts).
 * Each round prints requests per second, p50 and p99 of the answer time (sent to last byte read) and the load
 * average, and the server process's CPU time per answer (user + system from /proc, the embedded PostgreSQL not
 * counted), PostgreSQL's CPU time per answer (all its processes), and how busy each side was (CPU time over the
 * round's wall time, in % of one core): on a shared machine the rates follow the load, the CPU per answer much less.
 * The load generator runs on the same machine, so the rounds run in two layouts (`taskset -a -p`, every thread):
 * - shared: the generator, the server and PostgreSQL all on every core (as before);
 * - split: the generator on core BENCH_CLIENT_CPUS (default 0), the server and PostgreSQL on BENCH_SERVER_CPUS
 *   (default 1). A side near 100 % of its core is the limit of that round.
 *
 *   node --import tsx bench/viewer-load.ts [viewer build folder]
 *   BENCH_LAYOUT=split       only one layout (shared, split; default both)
 *   BENCH_ONLY=page          only the rounds whose label starts with this (`buyers`: the open loop alone)
 *
 * A figure, not a test. Figures and how they were obtained: docs/operations.md, "Viewer: many buyers at once".
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DWELL_SECONDS = Number(process.env.BENCH_DWELL_SECONDS ?? 10);
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 30);
const viewerDist = path.resolve(process.argv[2] ?? path.join(repoRoot, 'apps/viewer/dist'));

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
const get = (url: string, acceptEncoding: string, keep = false) => getWith(agent, url, acceptEncoding, keep);

/** The CPU time a process has used, in ms (/proc/PID/stat: utime and stime, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Round {
  requests: number;
  cpuPerAnswer: number;
  pgPerAnswer: number;
  /** CPU time over wall time, in % of one core: the load generator (this process), the server with PostgreSQL. */
  clientBusy: number;
  serverBusy: number;
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
  encodings: string;
  failed: number;
  load: string;
}

/** CLIENTS loops of `visit` for SECONDS; `visit` returns each request's time and answer. */
/** The server's side: its own process and PostgreSQL's (the postmaster and every backend). */
interface ServerSide {
  server: number;
  postgres: number;
}
const postgresPids = (side: ServerSide) => [side.postgres, ...childrenOf(side.postgres)];
/**
 * PostgreSQL's CPU time in ms: the postmaster's own and its ended backends' (reaped, so in its children's time)
 * plus every live backend's; a backend that ends between two readings moves from one part to the other.
 */
function postgresCpuMs(side: ServerSide): number {
  return (
    cpuSecondsOf(side.postgres) * 1000 +
    childrenOf(side.postgres).reduce((sum, pid) => {
      try {
        return sum + cpuMs(pid);
      } catch {
        return sum;
      }
    }, 0)
  );
}

/** Which side held a split round back: the one near its core's whole time, else the machine's other work. */
const limitOf = (r: Round) =>
  r.serverBusy >= 85 ? 'server' : r.clientBusy >= 85 ? 'generator' : 'neither (both wait for their core)';

/** Pins processes, every thread of each (backends PostgreSQL forks later inherit the postmaster's). */
function pin(cpuList: string, pids: number[]): void {
  for (const pid of pids) {
    const r = spawnSync('taskset', ['-a', '-p', '-c', cpuList, String(pid)], { encoding: 'utf8' });
    if (r.status !== 0 && pid === pids[0]) throw new Error(`taskset ${cpuList} ${pid}: ${r.stderr || r.error}`);
  }
}

/** The CPU time the server, PostgreSQL and this process spent while `body` ran, and its wall time. */
async function measured<T>(side: ServerSide, body: () => Promise<T>) {
  const t0 = performance.now();
  const cpu0 = cpuMs(side.server);
  const pg0 = postgresCpuMs(side);
  const client0 = process.cpuUsage();
  const result = await body();
  const seconds = (performance.now() - t0) / 1000;
  const serverMs = cpuMs(side.server) - cpu0;
  const pgMs = postgresCpuMs(side) - pg0;
  const client = process.cpuUsage(client0);
  return {
    result,
    seconds,
    serverMs,
    pgMs,
    clientBusy: (client.user + client.system) / 1000 / (seconds * 10),
    serverBusy: (serverMs + pgMs) / (seconds * 10),
  };
}

async function round(
  side: ServerSide,
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
  const used = await measured(side, () =>
    Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) await visit(time);
      }),
    ),
  );
  const { seconds, serverMs, pgMs } = used;
  return {
    requests: times.length,
    cpuPerAnswer: serverMs / Math.max(1, times.length),
    pgPerAnswer: pgMs / Math.max(1, times.length),
    clientBusy: used.clientBusy,
    serverBusy: used.serverBusy,
    perSecond: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    bytes: times.length > 0 ? bytes / times.length : 0,
    encodings: [...encodings].map(([e, n]) => `${e} ${n}`).join(', '),
    failed,
    load: load(),
  };
}

const { server, pid: serverPid, cleanUp } = await startBenchServer(viewerDist);
try {
  log(`\nViewer under ${CLIENTS} concurrent buyers, ${SECONDS} s a round, viewer build ${viewerDist}`);
  log(`Setting up (load average ${load()})…`);
  const spin = await publishSpin(server);
  const page = await get(spin.pageUrl, '', true);
  const assets = [...new Set((page.body ?? '').match(/\/viewer\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  if (page.status !== 200 || assets.length === 0) throw new Error(`the page answered ${page.status} without assets`);
  log(`${spin.pageUrl}: ${page.bytes} B of HTML; its assets: ${assets.join(', ')}`);
  const assetUrl = (i: number) => `${server.baseUrl}${assets[i % assets.length]}`;
  const buyerLoad = pageLoadOf(server.baseUrl, spin.pageUrl, page.body ?? '');
  log(
    `a buyer's load: the page, ${buyerLoad.assets.length} scripts and styles, the first frame, ${buyerLoad.thumbnails.length} small frames`,
  );

  const postmaster = readFileSync(path.join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0];
  const side: ServerSide = { server: serverPid, postgres: Number(postmaster) };
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
  const all = cpus()
    .map((_, i) => i)
    .join(',');
  const layouts: [string, string, string][] = [
    ['shared', all, all],
    ['split', process.env.BENCH_CLIENT_CPUS ?? '0', process.env.BENCH_SERVER_CPUS ?? '1'],
  ];
  for (const [layout, clientCpus, serverCpus] of layouts) {
    if (process.env.BENCH_LAYOUT && process.env.BENCH_LAYOUT !== layout) continue;
    pin(clientCpus, [process.pid]);
    pin(serverCpus, [side.server, ...postgresPids(side)]);
    log(`\n${layout}: load generator on cores ${clientCpus}, server and PostgreSQL on cores ${serverCpus}`);
    log(
      `${'round'.padEnd(34)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
        `${'CPU ms'.padStart(8)}${'PG ms'.padStart(7)}${'gen %'.padStart(7)}${'srv %'.padStart(7)}  B/answer  load`,
    );
    for (const [label, visit] of rounds) {
      if (process.env.BENCH_ONLY && !label.startsWith(process.env.BENCH_ONLY)) continue;
      const r = await round(side, visit);
      log(
        `${label.padEnd(34)}${r.perSecond.toFixed(0).padStart(8)}${r.p50.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}` +
          `${r.cpuPerAnswer.toFixed(2).padStart(8)}${r.pgPerAnswer.toFixed(2).padStart(7)}` +
          `${r.clientBusy.toFixed(0).padStart(7)}${r.serverBusy.toFixed(0).padStart(7)}` +
          `  ${r.bytes.toFixed(0).padStart(8)}  ${r.load}  (${layout === 'split' ? `limit: ${limitOf(r)}; ` : ''}${r.requests} answers: ${r.encodings}${r.failed ? `; ${r.failed} not 200` : ''})`,
      );
    }
    if (!process.env.BENCH_ONLY || 'buyers arriving'.startsWith(process.env.BENCH_ONLY)) {
      const open = { buyers: CLIENTS, dwellSeconds: DWELL_SECONDS, seconds: OPEN_SECONDS };
      const used = await measured(side, () => openLoop(buyerLoad, open));
      const r = used.result;
      log(
        `buyers arriving, ${(CLIENTS / DWELL_SECONDS).toFixed(1)}/s (open loop): ${openLoopLine(r)}; ` +
          `CPU ${(used.serverMs / r.buyers).toFixed(1)} ms a buyer (${(used.serverMs / r.requests).toFixed(2)} an ` +
          `answer), PG ${(used.pgMs / r.buyers).toFixed(1)} ms; srv ${used.serverBusy.toFixed(0)} %; load ${load()}`,
      );
    }
  }
  log(
    '\nCPU ms: the server process per answer; PG ms: PostgreSQL per answer; gen % and srv %: CPU time of the load ' +
      'generator and of the server with PostgreSQL over the wall time, in % of one core',
  );
  log(
    `buyers arriving: ${CLIENTS} buyers on the page at once, each ${DWELL_SECONDS} s (a rate of ${CLIENTS} / ` +
      `${DWELL_SECONDS} a second, for ${OPEN_SECONDS} s), each on its own connections: the page timed from the ` +
      "buyer's scheduled arrival, the rest from its own send; spin ready: arrival to the last small frame",
  );
  log(`\ngoal: p99 under 50 ms for the page and its assets at ${CLIENTS} concurrent buyers`);
  log(`${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average now ${load()}`);
} catch (error) {
  log(`\nFAILED: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  agent.destroy();
  await cleanUp();
}
