import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts';
import { invoicePaidCharges } from '../apps/server/src/modules/invoices/month-end.ts';
import { tenancyRepo } from '../apps/server/src/modules/tenancy/repo.ts';
import { billingFactory } from '../apps/server/test/helpers/factory-billing.ts';
import { migratedDatabase } from './migrated-database.ts';
import { checkRenewals, RENEWAL_SEED_AT, renewalWorker, seedCards } from './month-end-renewals.ts';

/**
 * The month-end run: 10,000 subscriptions due renewed (charged on the local gateway, off session, as the
 * `billing.subscription-step` job does) and invoiced in the charge's transaction, each invoice's PDF rendered (Noto
 * Sans JP, Japanese), by two worker processes at once started from both ends of the due subscriptions, as two
 * nodes' jobs would run. Then checks that every subscription was charged exactly once (our charges and the
 * gateway's), that every charge has exactly one invoice and that the numbers run 1..N with none twice and none
 * missing. `BENCH_MODE=invoices` runs the month-end catch-up alone instead (`invoicePaidCharges` over charges seeded
 * as paid).
 *
 *   node --import tsx bench/month-end.ts
 *   BENCH_SUBSCRIPTIONS=10000   how many subscriptions
 *   BENCH_WORKERS=2             worker processes at once (1 or 2)
 *   BENCH_MODE=renewals         renewals (default) or invoices
 *
 * Each worker prints its time, its peak resident memory and its memory every 1,000 invoices (flat or not). A
 * figure, not a test: nothing fails on time; the uniqueness checks do fail the run.
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const machine = () =>
  `${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`;
const cpuSecondsOf = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const ISSUER = {
  name: '株式会社スピンヤード',
  address: '東京都千代田区丸の内1-1-1',
  registrationNumber: 'T1234567890123',
};
const ISSUED_AT = new Date('2026-12-01T00:00:00+09:00');
const DATABASE = 'spinyard_month_end';

interface WorkerResult {
  order: string;
  made: number;
  found: number;
  issueMs: number;
  pdfMs: number;
  seconds: number;
  /** CPU time of the worker process (user + system): on a shared machine, what the work itself cost. */
  cpuSeconds: number;
  peakRssMb: number;
  rssEvery1000: number[];
  pdfBytes: number;
}

const RENEWALS = (process.env.BENCH_MODE ?? 'renewals') !== 'invoices';

/** One worker process: renews or invoices what is left from its end and prints its figures as JSON. */
async function worker(url: string, order: 'asc' | 'desc'): Promise<void> {
  const { db } = createDatabase(url, 2);
  const started = performance.now();
  const rss: number[] = [];
  let pdfBytes = 0;
  let made = 0;
  const onInvoice = (invoice: { pdfBytes: number }) => {
    made += 1;
    pdfBytes += invoice.pdfBytes;
    if (made % 1000 === 0) rss.push(rssMb());
  };
  const result = RENEWALS
    ? await renewalWorker(db, { issuer: ISSUER, order, onInvoice })
    : await invoicePaidCharges(db, {
        issuer: ISSUER,
        issuedAt: ISSUED_AT,
        order,
        pdfLocale: 'ja',
        onInvoice,
      });
  await db.destroy();
  const peak = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  const out: WorkerResult = {
    order,
    ...result,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: cpuSecondsOf(process.cpuUsage()),
    peakRssMb: Math.round(peak / 1024),
    rssEvery1000: rss,
    pdfBytes,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

async function seed(url: string, count: number): Promise<void> {
  const { db } = createDatabase(url, 8);
  try {
    const tenancy = tenancyRepo(db);
    const domain = await tenancy.insertDomain({
      host: 'month-end.bench',
      companyCode: '0006',
      serviceName: 'Bench',
      options: {},
    });
    const company = await tenancy.insertCompany({ domainId: domain.id, name: 'ベンチ自動車株式会社' });
    // The dealers, in one statement: 10,000 sign-ups through the API would measure password hashing.
    await sql`insert into users (domain_id, company_id, email, password_hash, name, privilege_type, is_pay_by_credit)
      select ${domain.id}, ${company.id}, 'dealer' || n || '@month-end.bench', 'x', '販売店 ' || n, 'admin', true
      from generate_series(1, ${count}) n`.execute(db);
    const users = await db.selectFrom('users').select('id').where('domain_id', '=', domain.id).execute();
    const billing = billingFactory(db);
    await billing.plan({ id: 'standard' });
    const started = performance.now();
    if (RENEWALS) await seedCards(db, users);
    for (let i = 0; i < users.length; i += 8) {
      await Promise.all(
        users.slice(i, i + 8).map(async (u) => {
          if (!RENEWALS) {
            const subscriptionId = await billing.subscription({ userId: u.id, planId: 'standard' });
            await billing.charge({ userId: u.id, subscriptionId });
            return;
          }
          // A month paid from 1 November, due at midnight on 1 December in Tokyo.
          const periodStart = new Date(RENEWAL_SEED_AT);
          const periodEnd = new Date('2026-12-01T00:00:00+09:00');
          await billing.subscription({ userId: u.id, planId: 'standard', periodStart, periodEnd });
        }),
      );
    }
    // The contract's anchor is its start (renewals count from it).
    if (RENEWALS) await sql`update subscriptions set created_at = current_period_start`.execute(db);
    log(
      `Seeded ${count.toLocaleString('en')} subscriptions ${RENEWALS ? 'due, each with a card on the local gateway,' : 'with their paid renewal'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await db.destroy();
  }
}

function runWorker(url: string, order: 'asc' | 'desc'): Promise<WorkerResult> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    // The URL holds the cluster's password: passed in the environment, not on a command line `ps` shows.
    const child = spawn(process.execPath, ['--import', 'tsx', self, '--worker', order], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, MONTH_END_DATABASE_URL: url },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0) resolve(JSON.parse(line) as WorkerResult);
      else reject(new Error(`worker ${order} exited with ${code}: ${out}`));
    });
  });
}

async function check(url: string, count: number): Promise<void> {
  const { db } = createDatabase(url, 1);
  try {
    const { rows } = await sql<Record<string, string>>`
      select count(*) as invoices, count(distinct number) as numbers, count(distinct charge_id) as charges,
             min(number) as first, max(number) as last,
             (select last_number from invoice_numbers where name = 'invoice') as counter,
             (select count(*) from charges c where c.status = 'succeeded'
                and not exists (select 1 from invoices i where i.charge_id = c.id)) as uninvoiced
      from invoices`.execute(db);
    const r = rows[0] ?? {};
    log(
      `Invoices ${r.invoices}, distinct numbers ${r.numbers}, distinct charges ${r.charges}, numbers ${r.first}..${r.last}, counter ${r.counter}, paid charges without invoice ${r.uninvoiced}`,
    );
    const expected = String(count);
    const ok =
      r.invoices === expected &&
      r.numbers === expected &&
      r.charges === expected &&
      r.first === '1' &&
      r.last === expected &&
      r.counter === expected &&
      r.uninvoiced === '0';
    if (!ok)
      throw new Error('Month-end check failed: a number given twice, a gap, or a charge invoiced twice or not at all');
    log('Check passed: one invoice per charge, numbers 1..N without a gap or a repeat');
    if (RENEWALS) await checkRenewals(db, count, log);
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const count = Number(process.env.BENCH_SUBSCRIPTIONS ?? '10000');
  const workers = Number(process.env.BENCH_WORKERS ?? '2') >= 2 ? 2 : 1;
  const root = await mkdtemp(path.join(tmpdir(), 'spinyard-month-end-'));
  await chmod(root, 0o755);
  // A cluster with PostgreSQL's durable defaults: each invoice's commit waits for its WAL flush, as in production.
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(root, 'postgres'),
    preferredPort: 0,
    log: () => undefined,
  });
  try {
    const url = await migratedDatabase(cluster, DATABASE);
    await seed(url, count);
    log(
      `\n${RENEWALS ? 'Renewing and invoicing' : 'Invoicing'} ${count.toLocaleString('en')} ${RENEWALS ? 'subscriptions' : 'paid charges'} with their PDFs, ${workers} worker process(es) at once`,
    );
    log(machine());
    const started = performance.now();
    const results = await Promise.all(
      (workers === 2 ? (['asc', 'desc'] as const) : (['asc'] as const)).map((order) => runWorker(url, order)),
    );
    const seconds = (performance.now() - started) / 1000;
    for (const r of results) {
      log(
        `  worker ${r.order}: ${r.made} invoices made, ${r.found} found already made by the other, ${r.seconds.toFixed(1)} s (CPU ${r.cpuSeconds.toFixed(1)} s), ` +
          `(issuing ${(r.issueMs / Math.max(1, r.made + r.found)).toFixed(1)} ms, PDF ${(r.pdfMs / Math.max(1, r.made)).toFixed(1)} ms each), ` +
          `peak RSS ${r.peakRssMb} MB, RSS every 1,000 invoices ${r.rssEvery1000.join(' ')} MB, PDFs ${(r.pdfBytes / 1e6).toFixed(0)} MB`,
      );
    }
    log(
      `Wall time ${seconds.toFixed(1)} s, ${((seconds * 1000) / count).toFixed(1)} ms per invoice (wall), ${machine()}`,
    );
    await check(url, count);
  } finally {
    await cluster.stop();
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--worker') {
  await worker(process.env.MONTH_END_DATABASE_URL ?? '', process.argv[3] === 'desc' ? 'desc' : 'asc');
} else await main();
