import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss } from '../../src/platform/jobs/boss.ts';
import { createJobRunner, defineJob, type JobRunner } from '../../src/platform/jobs/queue-registry.ts';
import { createNotifyHub, type NotifyHub } from '../../src/platform/realtime/notify-hub.ts';
import { createTestDatabase } from '../helpers/database.ts';

/**
 * A working node hears each enqueue on its LISTEN connection and runs the job at once; the poll (here a minute, far
 * past the test's own time-out) is only a fallback. Two runners on one database stand for a serving node that
 * enqueues and a separate worker process that runs: the notice crosses processes as it crosses nodes. An enqueue
 * inside a transaction is heard only once it is committed, when the job can be fetched.
 */

const POLL_MS = 60_000;
const plainJob = defineJob<{ n: number }>('test.wake-plain');
const laneJob = defineJob<{ n: number }>('test.wake-lane');
// Fired by both runners' cron tickers at the same minute (their clocks fixed there): one job must be kept.
const cronJob = defineJob<{ n: number }>('test.wake-cron', {
  schedule: { cron: '* * * * *', tz: 'UTC', payload: { n: 0 } },
});
const CRON_MINUTE = Date.parse('2026-11-30T03:30:20Z');

describe('jobs woken by their enqueue', () => {
  let database: { url: string; drop(): Promise<void> };
  const hubs: NotifyHub[] = [];
  let enqueuer: JobRunner;
  let worker: JobRunner;
  const ran: string[] = [];
  const waiting = new Map<string, () => void>();
  const ranJob = (label: string) =>
    new Promise<void>((resolve) => {
      if (ran.includes(label)) resolve();
      else waiting.set(label, resolve);
    });

  function runner(work: boolean): JobRunner {
    const hub = createNotifyHub(database.url);
    hubs.push(hub);
    const record = async (payload: { n: number }, name: string) => {
      const label = `${name}:${payload.n}`;
      ran.push(label);
      waiting.get(label)?.();
      return 'success' as const;
    };
    return createJobRunner({
      boss: createBoss(database.url),
      definitions: [plainJob, laneJob, cronJob],
      handlers: {
        [plainJob.name]: (payload: { n: number }) => record(payload, 'plain'),
        [laneJob.name]: (payload: { n: number }) => record(payload, 'lane'),
        [cronJob.name]: (payload: { n: number }) => record(payload, 'cron'),
      },
      now: () => CRON_MINUTE,
      log: () => undefined,
      lanes: { names: [laneJob.name], count: 1 },
      ...(work ? { wakeups: hub } : {}),
      pollMs: POLL_MS,
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    enqueuer = runner(false);
    worker = runner(true);
    await enqueuer.start({ work: false });
    await worker.start();
    await Promise.all(hubs.map((hub) => hub.ready()));
  });

  afterAll(async () => {
    await worker?.stop();
    await enqueuer?.stop();
    await Promise.all(hubs.map((hub) => hub.close()));
    await database?.drop();
  });

  it('runs a job of a plain worker and one of the shared lanes at once, enqueued by another node', async () => {
    // Both workers have polled once at their start and now sleep a minute: only the notice can wake them.
    await enqueuer.enqueue(plainJob, { n: 1 });
    await enqueuer.enqueue(laneJob, { n: 1 });
    await Promise.all([ranJob('plain:1'), ranJob('lane:1')]);
    expect(ran).toEqual(expect.arrayContaining(['plain:1', 'lane:1']));
  }, 20_000);

  it('hears an enqueue made inside a transaction once it is committed', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
      await enqueuer.enqueue(plainJob, { n: 2 }, { db });
      expect(ran).not.toContain('plain:2');
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    await ranJob('plain:2');
  }, 20_000);

  it('keeps one job of a scheduled minute that every node fires, and runs it at once', async () => {
    await ranJob('cron:0');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.wake-cron'");
      expect(rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
    expect(ran.filter((label) => label === 'cron:0')).toHaveLength(1);
  }, 20_000);
});
