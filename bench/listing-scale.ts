import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.ts';
import {
  type EmbeddedPostgres,
  ensureDatabase,
  startEmbeddedPostgres,
} from '../apps/server/src/db/embedded-postgres.ts';
import { autojoinJob, linkJob, reconcileJob } from '../apps/server/src/modules/listing/jobs.ts';
import { listingSessions } from '../apps/server/src/modules/listing/sessions.ts';
import { tenancyRepo } from '../apps/server/src/modules/tenancy/repo.ts';
import { createBoss } from '../apps/server/src/platform/jobs/boss.ts';
import { createJobRunner } from '../apps/server/src/platform/jobs/queue-registry.ts';
import { createHttpListing } from '../apps/server/src/platform/listing/http.ts';
import { startFakeListing } from '../apps/server/test/helpers/fake-listing.ts';

/**
 * The listing link at scale (issue 22, "Scale"): one company's 10,000 vehicles queued for the automatic link (the
 * request enqueues one `listing.autojoin` job; a worker queues the link jobs in pages with pg-boss's bulk insert) and
 * linked through the fake partner over HTTP by two `spinyard worker` processes, at most N partner calls at once
 * across both (SPINYARD_LISTING_PARALLEL). Then checks that every vehicle is linked, none twice on the partner, and
 * that the partner never saw more than N calls at once.
 *
 *   node --import tsx bench/listing-scale.ts
 *   BENCH_VEHICLES=10000   vehicles of the company
 *   BENCH_PARALLEL=4       N: partner calls at once (and link jobs per worker)
 *   BENCH_LATENCY_MS=20    the fake partner's answer time per call (a network's round trip)
 *
 * A figure, not a test: nothing fails on time; the checks do fail the run.
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const DATABASE = 'spinyard_listing_scale';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LISTING_OPTIONS = { listing_link: true, listing_key_type: 'property_code' };
const BENCH_DOMAIN = { host: 'listing.bench', companyCode: '0008', serviceName: 'Bench', options: LISTING_OPTIONS };

/** The bench's database on the cluster, migrated to the latest schema. */
async function benchDatabase(cluster: EmbeddedPostgres): Promise<string> {
  await ensureDatabase(cluster.adminUrl, DATABASE);
  const migrated = createDatabase(cluster.urlFor(DATABASE), 1);
  await migrateToLatest(migrated.db).finally(() => migrated.db.destroy());
  return cluster.urlFor(DATABASE);
}

async function seed(url: string, count: number): Promise<string> {
  const { db } = createDatabase(url, 2);
  try {
    const domain = await tenancyRepo(db).insertDomain(BENCH_DOMAIN);
    const company = await tenancyRepo(db).insertCompany({ domainId: domain.id, name: 'ベンチ自動車株式会社' });
    const user = await db
      .insertInto('users')
      .values({
        domain_id: domain.id,
        company_id: company.id,
        email: 'dealer@listing.bench',
        password_hash: 'x',
        name: '販売店',
        privilege_type: 'super',
        image_system: JSON.stringify({ cs_join: true, cs_autojoin: true }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The vehicles in one statement: registering 10,000 through the API would measure the API.
    await sql`insert into contents (domain_id, company_id, owner_user_id, creator_user_id, management_id, listing_id,
        has_exterior)
      select ${domain.id}, ${company.id}, ${user.id}, ${user.id}, 'BENCH-' || n, 'BK' || n, true
      from generate_series(1, ${count}) n`.execute(db);
    return user.id;
  } finally {
    await db.destroy();
  }
}

function startWorker(url: string, partnerUrl: string, parallel: number, dataDir: string) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/bin/spinyard.mjs'), 'worker'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      SPINYARD_DATA_DIR: dataDir,
      SPINYARD_LISTING: 'http',
      SPINYARD_LISTING_URL: partnerUrl,
      SPINYARD_LISTING_PARALLEL: String(parallel),
      LOG_LEVEL: 'warn',
    },
  });
  return child;
}

async function main(): Promise<void> {
  const count = Number(process.env.BENCH_VEHICLES ?? '10000');
  const parallel = Number(process.env.BENCH_PARALLEL ?? '4');
  const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? '20');
  const root = await mkdtemp(path.join(tmpdir(), 'spinyard-listing-scale-'));
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'postgres');
  const cluster = await startEmbeddedPostgres({ dataDir, preferredPort: 0, log: () => undefined });
  const fake = await startFakeListing({ latencyMs });
  const workers: ReturnType<typeof spawn>[] = [];
  try {
    const url = await benchDatabase(cluster);
    const userId = await seed(url, count);
    fake.partner.addClient({ loginId: 'bench', password: 'bench-pass' });
    for (let n = 1; n <= count; n += 1) {
      fake.partner.addProperty({ propertyCode: `BK${n}`, vin: '', title: `Car ${n}`, owner: 'bench' });
    }
    const { db } = createDatabase(url, 4);
    const partner = createHttpListing({ url: fake.url, timeoutMs: 15_000 });
    await listingSessions({ db, partner, parallel }).signIn(userId, {
      login_id: 'bench',
      password: 'bench-pass',
      corporation_code: '',
      contact_code: '',
    });
    // This process only enqueues, as a `serve --no-workers` node would.
    const skip = async () => 'skipped' as const;
    const runner = createJobRunner({
      boss: createBoss(url),
      definitions: [linkJob, autojoinJob, reconcileJob],
      handlers: { [linkJob.name]: skip, [autojoinJob.name]: skip, [reconcileJob.name]: skip },
      log: () => undefined,
    });
    await runner.start({ work: false });
    log(
      `${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}; N = ${parallel}, latency ${latencyMs} ms`,
    );
    const started = performance.now();
    // What the request that turns the automatic link on does (link-service.ts `autojoin` through deps.ts).
    await runner.enqueue(autojoinJob, { userId, at: new Date().toISOString() });
    const answeredMs = performance.now() - started;
    // The second worker starts once the first is working: two nodes creating pg-boss's queues at the same instant
    // can deadlock in pg-boss's createQueue (seen here), and a node is rarely started in the same second as another.
    workers.push(startWorker(url, fake.url, parallel, path.join(root, 'worker-0')));
    const countOf = async (state?: 'linked') => {
      let q = db.selectFrom('listing_links').select((eb) => eb.fn.countAll<string>().as('n'));
      if (state) q = q.where('state', '=', state);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const linkedCount = () => countOf('linked');
    while ((await linkedCount()) === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    workers.push(startWorker(url, fake.url, parallel, path.join(root, 'worker-1')));
    while ((await countOf()) < count) await new Promise((resolve) => setTimeout(resolve, 200));
    const queuedS = (performance.now() - started) / 1000;
    // The job's own time, as pg-boss recorded it (the figure above includes the first worker's start).
    const { rows: ran } = await sql<{ s: number | null }>`
      select extract(epoch from completed_on - started_on)::float as s from pgboss.job
      where name = ${autojoinJob.name}`.execute(db);
    log(
      `The request answered in ${answeredMs.toFixed(0)} ms; ${count.toLocaleString('en')} link jobs queued by the ` +
        `automatic link's job ${queuedS.toFixed(1)} s after it (a worker's start included; the job itself ` +
        `${ran[0]?.s == null ? 'still running' : `${ran[0].s.toFixed(1)} s`})`,
    );
    for (;;) {
      const rows = await db
        .selectFrom('listing_links')
        .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('state')
        .execute();
      const by = Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
      const open = (by.waiting ?? 0) + (by.linking ?? 0);
      log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(by)}`);
      if (open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    const seconds = (performance.now() - started) / 1000;
    const linked = await linkedCount();
    const twice = fake.partner.linkedTwice();
    log(
      `Linked ${linked.toLocaleString('en')} of ${count.toLocaleString('en')} in ${seconds.toFixed(0)} s ` +
        `(${(linked / seconds).toFixed(1)} a second), 2 workers; partner calls at once at most ${fake.maxInFlight()} ` +
        `(N = ${parallel}); register calls ${fake.calls('contents')}, searches ${fake.calls('bukken')}, linked twice ${twice.length}`,
    );
    await runner.stop();
    await db.destroy();
    if (linked !== count || twice.length > 0 || fake.maxInFlight() > parallel)
      throw new Error('Listing scale check failed');
    log('Check passed: every vehicle linked once, never more than N partner calls at once');
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await fake.close();
    await cluster.stop();
    await rm(root, { recursive: true, force: true });
  }
}

await main();
