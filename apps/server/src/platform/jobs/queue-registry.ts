import type PgBoss from 'pg-boss';
import { startCronTicker } from './cron.ts';
import { JOB_WAKE_CHANNEL, jobOptions, notifyEnqueued, sendMany } from './job-send.ts';
import { whileWanted } from './job-signal.ts';
import type { JobLeases } from './leases.ts';
import { registryProblems } from './registry-problems.ts';
import { type LanesHandle, type SharedLanes, startSharedLanes } from './shared-lanes.ts';
import { reclaimTempSpace, withJobTempSpace } from './temp-space.ts';

export { enqueueAll, JOB_WAKE_CHANNEL, jobIdFor } from './job-send.ts';

/** What a handler reports: `skipped` when there was nothing to do (e.g. the row it was about is gone). */
export type JobResult = 'success' | 'skipped';

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

/** Throwing marks the attempt failed; pg-boss retries it up to the definition's retry limit. */
export type JobHandler<Payload> = (payload: Payload, job: JobContext) => Promise<JobResult>;

export interface JobDefinition<Payload extends object = object> {
  readonly name: string;
  readonly retryLimit: number;
  readonly expireInSeconds: number;
  readonly singletonKey?: (payload: Payload) => string;
  /** Typed against the payload in `defineJob`; kept as a plain object here so definitions stay assignable. */
  readonly schedule?: JobSchedule<object>;
}

/** A recurring job: the runner's cron ticker (cron.ts) enqueues `payload` at each cron time (one job per time across all nodes). */
export interface JobSchedule<Payload> {
  /** Five-field cron (minute hour day month weekday). */
  cron: string;
  /** IANA zone the cron is read in, e.g. `Asia/Tokyo`; the business runs on local midnight, not UTC. */
  tz: string;
  payload: Payload;
}

export interface JobOptions<Payload> {
  /** Attempts after the first one; 3 unless set. */
  retryLimit?: number;
  /** How long one attempt may run before pg-boss counts it failed; 15 minutes unless set. */
  expireInSeconds?: number;
  /**
   * Identifies the work, like immich's `${id}-${name}`: a second enqueue with the same key is dropped while the
   * first job is still held by pg-boss (queued, running, failed, or completed less than 12 hours ago). Put a
   * version or upload id in the key when new input should run again.
   */
  singletonKey?: (payload: Payload) => string;
  /** Run on a cron schedule as well as (or instead of) when enqueued. */
  schedule?: JobSchedule<Payload>;
}

/** How often an idle worker asks for a job when nothing wakes it (a runner without wakeups: tests, scripts). */
const DEFAULT_POLL_MS = 1000;

/** Where a working node hears of enqueued jobs: the node's LISTEN connection (platform/realtime/notify-hub.ts). */
export interface JobWakeups {
  subscribe(channel: string, listener: (payload: string) => void): () => void;
}

const JOB_NAME = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$/;

/** Payloads are JSON objects kept by pg-boss; prefer ids to reload over copies of rows, so a retry sees current state. */
export function defineJob<Payload extends object>(
  name: string,
  options: JobOptions<Payload> = {},
): JobDefinition<Payload> {
  if (!JOB_NAME.test(name)) throw new Error(`Job name "${name}" must be lower-case words joined by dots`);
  return {
    name,
    retryLimit: options.retryLimit ?? 3,
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.schedule ? { schedule: options.schedule } : {}),
  };
}

/** Structured log line, the same shape as the mailer's, so one logger serves both. */
export type JobLog = (msg: string, fields: Record<string, unknown>) => void;

/**
 * Handlers keyed by job name. Typed `never` so a handler for any payload fits; `mailJob.handlerFor` and the like
 * keep each one tied to its definition's payload type.
 */
export type JobHandlers = Readonly<Record<string, JobHandler<never>>>;

export interface JobRunnerConfig {
  boss: PgBoss;
  definitions: readonly JobDefinition<never>[];
  handlers: JobHandlers;
  log: JobLog;
  /**
   * Jobs that share lanes in this process (the media jobs: SPINYARD_MEDIA_JOBS of them at once, shared-lanes.ts;
   * the listing links: SPINYARD_LISTING_PARALLEL), one group or several; every other job runs one at a time per
   * process.
   */
  lanes?: SharedLanes | readonly SharedLanes[];
  /** Who holds which job (leases.ts): a job whose worker died is taken up again within LEASE_SWEEP_MS. */
  leases?: JobLeases;
  /** Enqueues heard at once; without them the workers only find jobs at pg-boss's polling interval. */
  wakeups?: JobWakeups;
  /** How often an idle worker asks for a job when nothing woke it: pg-boss's interval (boss.ts), in ms. */
  pollMs?: number;
  /** The cron ticker's clock (cron.ts), for tests that fire a chosen minute; the wall clock otherwise. */
  now?: () => number;
}

/** How often a working node looks for jobs whose worker died (and once at its start). */
const LEASE_SWEEP_MS = 10_000;

export interface EnqueueOptions {
  /** Run the insert on this connection, e.g. inside the transaction that records the work. */
  db?: PgBoss.Db;
}

export interface JobRunner {
  /** Starts pg-boss and creates the queues; with `work: false` (a `serve --no-workers` node) it only enqueues. */
  start(options?: { work?: boolean }): Promise<void>;
  /** The job's id, or null when a job with the same singleton key already exists. */
  enqueue<Payload extends object>(
    definition: JobDefinition<Payload>,
    payload: Payload,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /**
   * Many jobs of one definition in one statement (pg-boss's `insert`), each keyed as `enqueue` keys it, so a job
   * already kept is left alone. Optional: a test's stand-in runner may lack it (`enqueueAll` then sends one by one).
   */
  enqueueMany?<Payload extends object>(
    definition: JobDefinition<Payload>,
    payloads: readonly Payload[],
    options?: EnqueueOptions,
  ): Promise<void>;
  /** Lets running jobs finish (up to pg-boss's 30 s), then closes pg-boss's connections. */
  stop(): Promise<void>;
}

export class JobRegistryError extends Error {
  override readonly name = 'JobRegistryError';
}

/** One attempt of a job: its lease held, its temporary folder, stopped when pg-boss no longer counts it active. */
async function runJob(
  { boss, handlers, leases, log }: JobRunnerConfig,
  definition: JobDefinition<never>,
  job: PgBoss.JobWithMetadata<never>,
): Promise<JobResult> {
  const handler = handlers[definition.name]!;
  const fields = { job: definition.name, id: job.id, retryCount: job.retryCount };
  const startedAt = Date.now();
  await leases?.hold(job.id);
  // Still this attempt's: pg-boss has not expired, failed or cancelled it (nor handed it to another attempt).
  const stillActive = async () => {
    const now = await boss.getJobById(definition.name, job.id);
    return now?.state === 'active' && now.retryCount === job.retryCount;
  };
  let signal: AbortSignal | undefined;
  try {
    const result = await whileWanted(stillActive, (watched) => {
      signal = watched;
      return withJobTempSpace(job.id, () => handler(job.data, { id: job.id, retryCount: job.retryCount }));
    });
    if (signal?.aborted) log('Job stopped: no longer active', { ...fields, ms: Date.now() - startedAt });
    else log(`Job ${result}`, { ...fields, ms: Date.now() - startedAt });
    return result;
  } catch (error) {
    if (signal?.aborted) {
      // pg-boss has moved on (a retry, a failure or a cancel of its own): failing it here would undo that.
      log('Job stopped: no longer active', { ...fields, ms: Date.now() - startedAt, error: String(error) });
      return 'skipped';
    }
    log('Job failed', { ...fields, ms: Date.now() - startedAt, error: String(error) });
    throw error;
  } finally {
    await leases?.release(job.id).catch(() => undefined);
  }
}

type Send = (definition: JobDefinition<never>, payload: never, key: string | undefined) => Promise<string | null>;

/** The runner's cron ticker over the scheduled definitions: each cron time enqueues the job's payload once. */
function startSchedules({ definitions, log, now }: JobRunnerConfig, send: Send) {
  const scheduled = definitions.filter((d) => d.schedule !== undefined);
  return startCronTicker(
    scheduled.map((definition) => ({
      name: definition.name,
      cron: definition.schedule!.cron,
      tz: definition.schedule!.tz,
      // The minute names the job: every node fires it, one is kept.
      fire: (minute) => send(definition, definition.schedule!.payload as never, `cron:${minute}`),
    })),
    (schedule, error) => log('Scheduled job not enqueued', { job: schedule.name, error: String(error) }),
    now,
  );
}

export function createJobRunner(config: JobRunnerConfig): JobRunner {
  const { boss, definitions, handlers, log, leases, wakeups } = config;
  const groups: readonly SharedLanes[] = config.lanes === undefined ? [] : [config.lanes].flat();
  const problems = registryProblems(definitions, handlers);
  for (const lanes of groups) {
    for (const name of lanes.names) {
      if (!definitions.some((d) => d.name === name)) problems.push(`lanes for "${name}", which is no job`);
    }
    if (!Number.isInteger(lanes.count) || lanes.count < 1) problems.push('lanes must be a whole number from 1');
  }
  const inLanes = (name: string) => groups.some((g) => g.names.includes(name));
  if (problems.length > 0) throw new JobRegistryError(`Job registry refused: ${problems.join('; ')}`);

  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  // Two flags: pg-boss may be running (and need stopping) before the queues exist to accept jobs.
  let running = false;
  let ready = false;
  let shared: { lanes: SharedLanes; handle: LanesHandle }[] = [];
  let sweeping: NodeJS.Timeout | undefined;
  /** pg-boss's worker id per job name, for notifyWorker. */
  const workerIds = new Map<string, string>();
  let unsubscribe: (() => void) | undefined;
  let ticker: ReturnType<typeof startCronTicker> | undefined;
  const wake = (name: string) => {
    for (const group of shared) if (group.lanes.names.includes(name)) group.handle.wake();
    const id = workerIds.get(name);
    if (id) boss.notifyWorker(id);
  };
  const onError = (error: Error) => log('Job queue error', { error: String(error) });

  const runOne = (definition: JobDefinition<never>, job: PgBoss.JobWithMetadata<never>) =>
    runJob(config, definition, job);

  async function sweepLost(): Promise<void> {
    await leases?.sweep(boss).catch((error: unknown) => log('Job lease sweep failed', { error: String(error) }));
  }

  async function send(
    definition: JobDefinition<never>,
    payload: never,
    key: string | undefined,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const id = await boss.send(definition.name, payload, {
      ...jobOptions(definition, key),
      ...(options.db ? { db: options.db } : {}),
    });
    if (id !== null) await notifyEnqueued(boss, definition.name, options);
    return id;
  }

  return {
    async start({ work = true } = {}) {
      if (running) return;
      boss.on('error', onError);
      await boss.start();
      running = true;
      for (const definition of definitions) {
        const queue = {
          name: definition.name,
          retryLimit: definition.retryLimit,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds,
        };
        await onDeadlockAgain(() => boss.createQueue(definition.name, queue));
        // Schedules are fired by this runner's cron ticker (cron.ts), not by pg-boss's: one left in pg-boss's table
        // by an earlier version is removed, so it is not sent twice.
        await boss.unschedule(definition.name);
      }
      if (work) {
        // What jobs of a killed process left on this machine's disk.
        const reclaimed = await reclaimTempSpace();
        if (reclaimed.length > 0) log('Temporary folders of stopped processes removed', { folders: reclaimed });
        for (const definition of definitions) {
          if (inLanes(definition.name)) continue;
          const poll = { pollingIntervalSeconds: (config.pollMs ?? DEFAULT_POLL_MS) / 1000 };
          const id = await boss.work<never>(
            definition.name,
            { batchSize: 1, includeMetadata: true, ...poll },
            async (jobs) => {
              const results: JobResult[] = [];
              for (const job of jobs) results.push(await runOne(definition, job));
              // Kept as the job's output, so `skipped` stays visible in pg-boss's tables.
              return { results };
            },
          );
          workerIds.set(definition.name, id);
        }
        shared = groups
          .filter((lanes) => lanes.names.length > 0)
          .map((lanes) => ({
            lanes,
            handle: startSharedLanes(
              boss,
              lanes,
              async (name, job) => ({ results: [await runOne(byName.get(name)!, job)] }),
              { pollMs: config.pollMs ?? DEFAULT_POLL_MS, log },
            ),
          }));
        unsubscribe = wakeups?.subscribe(JOB_WAKE_CHANNEL, wake);
        if (leases) {
          await sweepLost();
          sweeping = setInterval(() => void sweepLost(), LEASE_SWEEP_MS);
          sweeping.unref();
        }
      }
      ready = true;
      ticker = startSchedules(config, send);
      await ticker.started;
    },

    async enqueue<Payload extends object>(
      definition: JobDefinition<Payload>,
      payload: Payload,
      options: EnqueueOptions = {},
    ) {
      if (byName.get(definition.name) !== (definition as JobDefinition<never>)) {
        throw new JobRegistryError(`Job "${definition.name}" is not registered with this runner`);
      }
      if (!ready) throw new JobRegistryError(`Cannot enqueue "${definition.name}": the job runner is not started`);
      return send(definition as JobDefinition<never>, payload as never, definition.singletonKey?.(payload), options);
    },

    async enqueueMany(definition, payloads, options = {}) {
      if (!ready) throw new JobRegistryError(`Cannot enqueue "${definition.name}": the job runner is not started`);
      await sendMany(boss, definition, payloads, options);
    },

    async stop() {
      if (!running) return;
      running = false;
      ready = false;
      clearInterval(sweeping);
      ticker?.stop();
      ticker = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
      workerIds.clear();
      // As long as pg-boss waits for its own workers; a job still running after is retried elsewhere.
      await Promise.all(shared.map((group) => group.handle.stop(30_000)));
      shared = [];
      await boss.stop({ graceful: true, wait: true });
      await leases?.close();
      // The listener stays: pg-boss may still hold idle connections that report "terminating connection due to
      // administrator command" when the database stops next, and an unheard 'error' event would crash shutdown.
    },
  };
}

/**
 * Nodes started in the same instant create the same queues at once, and pg-boss's queue creation can deadlock with
 * itself there (PostgreSQL gives one side up with 40P01): that side tries again, as the database asks.
 */
export async function onDeadlockAgain<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== '40P01' || attempt >= attempts) throw error;
    }
  }
}
