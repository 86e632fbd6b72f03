import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts';
import { authRepo } from '../apps/server/src/modules/auth/repo.ts';
import { newToken } from '../apps/server/src/modules/auth/tokens.ts';
import { startServer } from '../e2e/harness/server.ts';
import { csvCase, listCases, reportCases } from './contents-list-cases.ts';
import { FULL_PLAN, type Seeded, type SeedPlan, scaledPlan, seed } from './contents-seed.ts';
import { migratedDatabase } from './migrated-database.ts';
import { childPidOf, type MemoryWatch, watchMemory } from './process-memory.ts';

/**
 * The vehicle list at a million vehicles: seeds 1,000,000 vehicles over 1,000 domains (one holding 100,000) in an
 * embedded PostgreSQL, starts the real `spinyard serve` on it as a child process, and measures
 * `GET /api/browser/v0/contents` through HTTP as the super user of the largest domain: each case `BENCH_RUNS`
 * times (30) after 3 warm-up requests, one at a time, printing p50 and p95, and the fastest and slowest run (on a
 * shared machine the fastest shows the cost without contention). Then the CSV download of a month holding about
 * 10,000 vehicles, timed, with the server process's resident memory sampled while it streams, and the
 * monthly report (GET /contents_report) of last month, detail and summary, the same way.
 *
 *   node --import tsx bench/contents-list.ts
 *   BENCH_SCALE=0.01        a hundredth of the data (a quick check of the harness)
 *   BENCH_DATA_DIR=/path    keep the seeded cluster there and reuse it on the next run (pending migrations still
 *                           run; a migration edited in place is not re-run, so start afresh after one)
 *   BENCH_RUNS=30           measured requests per case
 *   BENCH_ONLY=search       only the cases whose name contains this text
 *
 * A figure, not a test: nothing fails on time.
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const scale = Number(process.env.BENCH_SCALE ?? '1');
const plan: SeedPlan = Number.isFinite(scale) && scale > 0 ? scaledPlan(scale) : FULL_PLAN;
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? '30'));
const WARM_UP = 3;
const DATABASE = 'spinyard_bench';

async function dataRoot(): Promise<{ root: string; keep: boolean }> {
  const kept = process.env.BENCH_DATA_DIR;
  const root = kept ? path.resolve(kept) : await mkdtemp(path.join(tmpdir(), 'spinyard-bench-'));
  await mkdir(root, { recursive: true });
  // As root the embedded PostgreSQL runs as the `postgres` system user, which must be able to enter the folder.
  await chmod(root, 0o755);
  return { root, keep: kept !== undefined };
}

/** The seed once per data folder: its plan and result are written beside the cluster. */
async function seededDatabase(url: string, root: string): Promise<Seeded> {
  const marker = path.join(root, 'seeded.json');
  const previous = await readFile(marker, 'utf8').then(
    (text) => JSON.parse(text) as { plan: SeedPlan; seeded: Seeded },
    () => undefined,
  );
  if (previous && JSON.stringify(previous.plan) === JSON.stringify(plan)) {
    log(`Reusing the seeded database in ${root}`);
    return previous.seeded;
  }
  if (previous) throw new Error(`${root} holds another plan's data; remove it or choose another BENCH_DATA_DIR`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const half = await client.query("SELECT 1 FROM domains WHERE host LIKE 'bench-%' LIMIT 1");
    if (half.rowCount !== 0) throw new Error(`${root} holds an unfinished seed; remove it and run again`);
    const started = Date.now();
    log(`Seeding ${plan.vehicles.toLocaleString('en')} vehicles over ${plan.domains} domains`);
    const seeded = await seed(client, plan, (m) => log(`  ${m}`));
    log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await writeFile(marker, JSON.stringify({ plan, seeded }, null, 2));
    return seeded;
  } finally {
    await client.end();
  }
}

/** A signed-in session of the measured user, stored as the token endpoint stores one (no password check). */
async function contentToken(url: string, userId: string): Promise<string> {
  const { db } = createDatabase(url, 1);
  try {
    const content = newToken();
    const access = newToken();
    const sessionId = crypto.randomUUID();
    const device = { device: 'bench', application: 'spinyard-console', ip: '127.0.0.1' };
    const expiresAt = new Date(Date.now() + 24 * 3600_000);
    await authRepo(db).insertTokens([
      { userId, sessionId, kind: 'access', hash: access.hash, expiresAt, ...device },
      { userId, sessionId, kind: 'content', hash: content.hash, expiresAt, ...device },
    ]);
    return content.token;
  } finally {
    await db.destroy();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** The machine and how busy it is: other work on a shared machine moves the figures. */
const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timedGet(url: string, token: string): Promise<{ ms: number; status: number; body: Buffer }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: '*/*' } });
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, body };
}

interface CaseResult {
  name: string;
  total: number | string;
  min: number;
  p50: number;
  p95: number;
  max: number;
}

async function measureCase(base: string, token: string, name: string, query: string): Promise<CaseResult> {
  const url = `${base}/api/browser/v0/contents?${query}`;
  const first = await timedGet(url, token);
  if (first.status !== 200) {
    return {
      name,
      total: `HTTP ${first.status}: ${first.body.toString('utf8').slice(0, 160)}`,
      min: NaN,
      p50: NaN,
      p95: NaN,
      max: NaN,
    };
  }
  const answer = JSON.parse(first.body.toString('utf8')) as { total?: number; items?: unknown[] };
  for (let i = 1; i < WARM_UP; i += 1) await timedGet(url, token);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push((await timedGet(url, token)).ms);
  times.sort((a, b) => a - b);
  const total = `${answer.total ?? '?'} (${answer.items?.length ?? 0} on the page)`;
  return {
    name,
    total,
    min: times[0] ?? NaN,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? NaN,
  };
}

/** A file download timed `times` times, with the server's resident memory before and at its peak while sending. */
async function measureFile(
  base: string,
  token: string,
  memory: MemoryWatch | undefined,
  file: { name: string; path: string; times: number; unit: string },
): Promise<void> {
  log(`\n${file.name}\n  GET ${file.path}`);
  for (let i = 0; i < file.times; i += 1) {
    memory?.reset();
    const result = await timedGet(`${base}${file.path}`, token);
    const peak = memory?.peak();
    if (result.status !== 200) {
      log(`  HTTP ${result.status}: ${result.body.toString('utf8').slice(0, 200)}`);
      return;
    }
    const lines =
      result.body
        .toString('utf8')
        .split('\r\n')
        .filter((line) => line !== '').length - 1;
    const size = `${(result.body.length / 1024 / 1024).toFixed(1)} MB`;
    const rss = peak ? `, server RSS ${peak.startMb} MB before, peak ${peak.peakMb} MB while streaming` : '';
    log(`  run ${i + 1}: ${lines} ${file.unit}, ${size}, ${ms(result.ms)}${rss}`);
  }
}

async function measureFiles(base: string, token: string, memory: MemoryWatch | undefined): Promise<void> {
  const csv = csvCase();
  const list = `/api/browser/v0/contents?${csv.query}`;
  await measureFile(base, token, memory, { name: csv.name, path: list, times: 5, unit: 'vehicles' });
  for (const report of reportCases()) {
    const address = `/api/browser/v0/contents_report?${report.query}`;
    await measureFile(base, token, memory, { name: report.name, path: address, times: 3, unit: 'lines' });
  }
}

const { root, keep } = await dataRoot();
const cluster = await startEmbeddedPostgres({
  dataDir: path.join(root, 'postgres'),
  preferredPort: 0,
  log: () => undefined,
  // A throwaway cluster: durability buys nothing here and would slow the seed; reads are unaffected.
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_wal_size: '4GB' },
});
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  const url = await migratedDatabase(cluster, DATABASE);
  const seeded = await seededDatabase(url, root);
  const token = await contentToken(url, seeded.superUserId);

  // The server serves no console here; the harness only needs a folder with an index.html.
  const consoleDist = path.join(root, 'console');
  await mkdir(consoleDist, { recursive: true });
  await writeFile(path.join(consoleDist, 'index.html'), '<!doctype html><title>bench</title>');
  server = await startServer({
    env: { DATABASE_URL: url, SPINYARD_CONSOLE_DIST: consoleDist, SPINYARD_WORKERS: 'false', LOG_LEVEL: 'warn' },
  });
  const serverPid = await childPidOf(process.pid, 'main.ts');
  const memory = serverPid === undefined ? undefined : watchMemory(serverPid);

  log(
    `\nGET /api/browser/v0/contents as the super user of the largest domain (${plan.largest.toLocaleString('en')} vehicles)`,
  );
  log(`${runs} measured requests per case after ${WARM_UP} warm-up requests, one at a time`);
  log(`${machine()}\n`);
  log(
    `${'case'.padEnd(44)} ${'min'.padStart(9)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}  total`,
  );
  const only = process.env.BENCH_ONLY;
  for (const c of listCases(seeded.ownerUserId).filter((c) => !only || c.name.includes(only))) {
    const r = await measureCase(server.baseUrl, token, c.name, c.query);
    const miss = r.p95 >= 50 ? '  > 50 ms' : '';
    log(
      `${r.name.padEnd(44)} ${ms(r.min).padStart(9)} ${ms(r.p50).padStart(9)} ${ms(r.p95).padStart(9)} ${ms(r.max).padStart(9)}  ${r.total}${miss}`,
    );
  }
  if (!only || 'csv'.includes(only)) await measureFiles(server.baseUrl, token, memory);
  log(`\n${machine()}`);
  if (memory) log(`Server process (pid ${serverPid}): peak RSS over its whole life ${memory.highWaterMb()} MB`);
  memory?.stop();
} finally {
  await server?.stop();
  await cluster.stop();
  if (!keep) await rm(root, { recursive: true, force: true });
}
