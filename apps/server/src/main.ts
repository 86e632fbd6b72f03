import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { accountsService } from './modules/accounts/service.ts';
import type { JobsContext } from './modules/context.ts';
import { PIPELINE_JOB_NAMES } from './modules/exterior/jobs.ts';
import { serverJobs } from './modules/jobs.ts';
import { DEFAULT_LISTING_PARALLEL } from './modules/listing/deps.ts';
import { linkJob } from './modules/listing/jobs-definitions.ts';
import { loadMediaKeys } from './modules/vehicle-media/media-urls.ts';
import { meetingRooms } from './modules/web-negotiation/index.ts';
import { systemClock } from './platform/clock/clock.ts';
import { createBoss } from './platform/jobs/boss.ts';
import { createJobLeases } from './platform/jobs/leases.ts';
import { createJobRunner, enqueueAll, type JobRunner } from './platform/jobs/queue-registry.ts';
import { removeOwnTempSpace } from './platform/jobs/temp-space.ts';
import { createListingService } from './platform/listing/index.ts';
import { createMailer } from './platform/mail/index.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { createMedia, reapMediaChildren, recordMediaChildrenIn, stopMediaChildren } from './platform/media/index.ts';
import { createMeshMedia } from './platform/meeting-media/mesh.ts';
import { createPaymentGateway } from './platform/payments/index.ts';
import { createNotifyHub, type NotifyHub } from './platform/realtime/notify-hub.ts';
import { createSmsSender } from './platform/sms/index.ts';
import type { BlobStore } from './platform/storage/blob-store.ts';
import { ensureDefaultAssets } from './platform/storage/default-assets.ts';
import { createBlobStore } from './platform/storage/index.ts';
import { createVideoSharing } from './platform/video-sharing/index.ts';
import { consoleLog, type DatabaseRuntime, type Log, openDatabase } from './runtime.ts';

const USAGE = `Usage: spinyard <command>

Commands:
  serve [--no-workers]  HTTP API, console, media and (unless --no-workers) the background workers
  worker                background workers only
  migrate               apply pending database migrations and exit
  seed                  create the master account if none exists, print it, and exit
`;

async function seedMaster(config: Config, runtime: DatabaseRuntime, log: Log): Promise<void> {
  const created = await accountsService({ db: runtime.db }).ensureMaster({
    email: config.adminEmail,
    password: config.adminPassword,
    productHost: config.productHost,
  });
  if (!created) return;
  const password = created.password ?? '(the value of SPINYARD_ADMIN_PASSWORD)';
  const banner = [
    '',
    '  Master account created',
    `    e-mail:   ${created.email}`,
    `    password: ${password}`,
    created.password ? '  This password is shown once. Change it after signing in (/account/conf).' : '',
    '',
  ];
  for (const line of banner) log(line);
}

/**
 * Every node can enqueue (the runner always starts); only nodes with workers take jobs off the queues. The mail
 * queue's job is the platform's; every other job comes from its module's `jobs` slot, as routes do.
 */
async function startJobs(
  runtime: DatabaseRuntime,
  mailer: Mailer,
  store: BlobStore,
  work: boolean,
  mediaJobs: number,
  log: Log,
  wakeups: NotifyHub,
  billing: Pick<
    JobsContext,
    'payments' | 'invoiceIssuer' | 'publicUrl' | 'videoSharing' | 'sms' | 'listing' | 'listingParallel'
  >,
): Promise<JobRunner> {
  // Handlers that enqueue (the contents reaper) reach the runner they are registered with once it exists.
  let late: JobRunner | undefined;
  const enqueue: JobRunner['enqueue'] = (definition, payload, options) => {
    if (!late) throw new Error(`Cannot enqueue "${definition.name}" before the job runner exists`);
    return late.enqueue(definition, payload, options);
  };
  const enqueueMany: JobRunner['enqueueMany'] = (definition, payloads, options) =>
    enqueueAll(late ?? { enqueue }, definition, payloads, options);
  const runner = createJobRunner({
    boss: createBoss(runtime.url),
    // Only a working node holds jobs; every one of them hands back those of a worker that died.
    ...(work ? { leases: createJobLeases(runtime.url, log) } : {}),
    // Renewals and dunning charge through the same gateway as the app, on the billing calendar's clock.
    ...serverJobs({
      db: runtime.db,
      store,
      media: createMedia(),
      log,
      mailer,
      enqueue,
      enqueueMany,
      clock: systemClock,
      ...billing,
    }),
    log,
    lanes: [
      { names: PIPELINE_JOB_NAMES, count: mediaJobs },
      // Link jobs wait on the partner, not the CPU: as many at once as the partner may be called.
      { names: [linkJob.name], count: billing.listingParallel ?? DEFAULT_LISTING_PARALLEL },
    ],
    // Enqueues wake the workers through the node's LISTEN connection; the poll only catches what that missed
    // (a dropped connection, a retry's delay ending, a cron time), and an idle node costs a fifth of what it did.
    wakeups,
    pollMs: JOB_FALLBACK_POLL_MS,
  });
  late = runner;
  await runner.start({ work });
  return runner;
}

/** How often an idle worker asks for a job that no notice announced. */
const JOB_FALLBACK_POLL_MS = 5_000;

const SLOW_SHUTDOWN_STEP_MS = 1_000;
/**
 * How long requests under way may take to finish once a stop began; then those still unanswered get 503 in the
 * error shape (`answerUnfinished`, http/error-handler.ts) and the connections are cut.
 */
const HTTP_GRACE_MS = 10_000;

/**
 * Stops taking requests and lets those under way finish. Fastify closes the keep-alive connections that are idle
 * when the close begins, but a browser also holds connections that become idle later or carry no request yet (its
 * spare connections): each would hold the close open until its keep-alive timeout, over a minute. They are
 * closed as they become idle, and whatever is left after the grace period is cut.
 */
async function closeHttp(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  const idle = setInterval(() => app.server.closeIdleConnections(), 200);
  const cut = setTimeout(() => {
    void app.answerUnfinished().then(() => app.server.closeAllConnections());
  }, HTTP_GRACE_MS);
  try {
    await closing;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}

/**
 * One stop asked once may arrive more than once: `kill -TERM -PGID` (a process manager, Ctrl-C in a terminal)
 * reaches this process and the wrappers above it (npm, a shell, tsx), which forward the same signal again within
 * milliseconds. Signals this close to the first are that one send; a later one is someone asking again.
 */
const SAME_SEND_MS = 1_000;

/**
 * Stops in dependency order: stop taking requests and let in-flight ones finish, then stop the workers,
 * then the mailer, then the database (the embedded server last, with a clean checkpoint). A second signal sent
 * on its own (not the echo of the first, SAME_SEND_MS) exits at once.
 */
function onShutdown(log: Log, steps: [string, () => Promise<void>][]): void {
  let firstAt: number | undefined;
  const stop = (signal: string) => {
    if (firstAt !== undefined) {
      if (Date.now() - firstAt < SAME_SEND_MS) {
        log(`${signal} again with the first: one stop, still draining`);
        return;
      }
      log(`Second ${signal}: exiting now`);
      process.exit(1);
    }
    firstAt = Date.now();
    log(`${signal} received: shutting down`);
    void (async () => {
      for (const [name, step] of steps) {
        const started = Date.now();
        try {
          await step();
        } catch (error) {
          log('Shutdown step failed', { step: name, error: String(error) });
        }
        // A slow step is what an operator must see when a stop takes long.
        const ms = Date.now() - started;
        if (ms >= SLOW_SHUTDOWN_STEP_MS) log('Shutdown step was slow', { step: name, ms });
      }
      log('Stopped');
      process.exit(0);
    })();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/**
 * ffmpeg runs in process groups of its own (platform/media/ffmpeg.ts), so the group's stop does not end it: once
 * the jobs had their time to finish, whatever still runs is killed here, and no program outlives the server.
 */
function stopLeftMedia(log: Log): () => Promise<void> {
  return async () => {
    const killed = stopMediaChildren();
    if (killed > 0) log('Media programs of unfinished jobs killed', { count: killed });
  };
}

/**
 * The media programs a server killed with SIGKILL left running (their own process groups outlive it) are killed
 * now, and this process's own are recorded from here on (platform/media/media-children.ts).
 */
function reapLeftMedia(config: Config, log: Log): void {
  const dir = path.join(config.dataDir, 'media-children');
  const killed = reapMediaChildren(dir);
  if (killed.length > 0) log('Media programs left by a killed server stopped', { pids: killed });
  recordMediaChildrenIn(dir);
}

async function serve(config: Config, withWorkers: boolean, log: Log): Promise<void> {
  await mkdir(config.dataDir, { recursive: true });
  reapLeftMedia(config, log);
  const runtime = await openDatabase(config, log);
  await seedMaster(config, runtime, log);
  const store = createBlobStore(config.storage);
  await ensureDefaultAssets(store);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, outboxDir: config.mailDir }, log);
  const sms = createSmsSender({ smsUrl: config.smsUrl, smsApiKey: config.smsApiKey, outboxDir: config.smsDir }, log);
  // One LISTEN connection per node carries every node's process changes to its sockets, and enqueues to its workers.
  const realtime = createNotifyHub(runtime.url, { log });
  const payments = await createPaymentGateway(config, runtime.db);
  const videoSharing = createVideoSharing(config.videoSharing, { store, publicUrl: config.publicUrl });
  const listing = createListingService(config.listing);
  const runner = await startJobs(runtime, mailer, store, withWorkers, config.mediaJobs, log, realtime, {
    sms,
    payments,
    videoSharing,
    listing,
    listingParallel: config.listingParallel,
    invoiceIssuer: config.invoiceIssuer,
    publicUrl: config.publicUrl,
  });
  const app: FastifyInstance = await buildApp({
    db: runtime.db,
    store,
    mailer,
    sms,
    jobs: runner,
    realtime,
    publicUrl: config.publicUrl,
    operatorEmail: config.operatorEmail,
    meetingDocuments: config.meetingDocuments,
    productHost: config.productHost,
    invoiceIssuer: config.invoiceIssuer,
    accessTokenTtlHours: config.accessTokenTtlHours,
    consoleDist: config.consoleDist,
    viewerDist: config.viewerDist,
    // Unchecked uploads stay on this node's disk, outside the media store, until the pipeline takes them.
    uploadDir: path.join(config.dataDir, 'uploads'),
    databaseUrl: runtime.url,
    // A disk store is one machine's, whose workers read the uploads folder itself (docs/decisions.md).
    keepUploadsInStore: config.storage.kind === 's3',
    trustProxy: config.trustProxy,
    logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel,
    clock: systemClock,
    payments,
    videoSharing,
    videoSharingRedirectUrl: config.videoSharing.site === 'youtube' ? config.videoSharing.redirectUrl : undefined,
    listing,
    listingParallel: config.listingParallel,
    // The call admits the links the meetings module stored (a worker-only node serves no socket and needs none).
    meetingRooms: meetingRooms(runtime.db),
    meetingMedia: createMeshMedia(config.meetingMedia),
  });
  onShutdown(log, [
    ['http', () => closeHttp(app)],
    ['realtime', () => realtime.close()],
    ['jobs', () => runner.stop()],
    ['media', stopLeftMedia(log)],
    ['temp', () => removeOwnTempSpace()],
    ['mail', () => mailer.close()],
    ['database', () => runtime.close()],
  ]);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log(`Spinyard listening on http://localhost:${port}`);
}

async function worker(config: Config, log: Log): Promise<void> {
  reapLeftMedia(config, log);
  const runtime = await openDatabase(config, log);
  // Any job code that answers a media URL signs it with the same shared secret as the serving nodes.
  await loadMediaKeys(runtime.db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, outboxDir: config.mailDir }, log);
  const wakeups = createNotifyHub(runtime.url, { log });
  // Workers purge deleted domains and make media, so they reach the same store as the serving nodes.
  const store = createBlobStore(config.storage);
  const payments = await createPaymentGateway(config, runtime.db);
  const runner = await startJobs(runtime, mailer, store, true, config.mediaJobs, log, wakeups, {
    sms: createSmsSender({ smsUrl: config.smsUrl, smsApiKey: config.smsApiKey, outboxDir: config.smsDir }, log),
    payments,
    videoSharing: createVideoSharing(config.videoSharing, { store, publicUrl: config.publicUrl }),
    listing: createListingService(config.listing),
    listingParallel: config.listingParallel,
    invoiceIssuer: config.invoiceIssuer,
    publicUrl: config.publicUrl,
  });
  onShutdown(log, [
    ['jobs', () => runner.stop()],
    ['wakeups', () => wakeups.close()],
    ['media', stopLeftMedia(log)],
    ['temp', () => removeOwnTempSpace()],
    ['mail', () => mailer.close()],
    ['database', () => runtime.close()],
  ]);
  log('Spinyard workers running');
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...flags] = argv;
  const log = consoleLog;
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  switch (command) {
    case 'serve':
      return serve(config, config.workers && !flags.includes('--no-workers'), log);
    case 'worker':
      return worker(config, log);
    case 'migrate': {
      const runtime = await openDatabase(config, log);
      await runtime.close();
      log('Database is up to date');
      return;
    }
    case 'seed': {
      const runtime = await openDatabase(config, log);
      await seedMaster(config, runtime, log);
      await runtime.close();
      return;
    }
    default:
      process.stdout.write(USAGE);
      process.exit(command ? 2 : 0);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `Spinyard failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
