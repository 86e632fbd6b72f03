import pg from 'pg';
import type PgBoss from 'pg-boss';

/**
 * Which worker holds which job, told by PostgreSQL itself: a worker takes a session-level advisory lock per job it
 * runs, on a connection of its own, and a worker that dies (SIGKILL, OOM, a lost machine) loses its connection and
 * with it every lock at once. A job pg-boss still counts active whose lock nobody holds has lost its worker: it is
 * failed for pg-boss to retry now (its retry rules and attempts as for any failure), rather than after its expiry
 * (15 to 45 minutes).
 */
export interface JobLeases {
  hold(jobId: string): Promise<void>;
  release(jobId: string): Promise<void>;
  /** Fails the active jobs whose worker is gone; answers their ids. */
  sweep(boss: PgBoss): Promise<string[]>;
  close(): Promise<void>;
}

/** A job fetched a moment ago may not hold its lock yet: only jobs started longer ago than this are judged. */
const GRACE_SECONDS = 5;
/** The lock's key: the job id hashed into PostgreSQL's 64-bit advisory key space, with a seed of our own. */
const KEY = 'hashtextextended($1::text, 1804)';

export function createJobLeases(connectionString: string, log: (msg: string, fields: Record<string, unknown>) => void) {
  const held = new Set<string>();
  let session: Promise<pg.Client> | undefined;
  // The one connection's work, one piece at a time: lanes hold and release leases at once, and pg refuses (pg 9)
  // or warns of (pg 8: "client.query() when the client is already executing a query") a query sent on a client
  // whose previous query is still in flight.
  let turn: Promise<unknown> = Promise.resolve();
  function serial<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const next = turn.then(async () => work(await connection()));
    turn = next.catch(() => undefined);
    return next;
  }

  /** The lease connection; opened again (with every held lock taken again) after it was lost. */
  function connection(): Promise<pg.Client> {
    session ??= (async () => {
      const client = new pg.Client({ connectionString, application_name: 'spinyard-job-leases' });
      const lost = () => {
        session = undefined;
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      for (const id of held) await client.query(`SELECT pg_advisory_lock(${KEY})`, [id]);
      return client;
    })().catch((error: unknown) => {
      session = undefined;
      throw error;
    });
    return session;
  }

  async function sweepOn(client: pg.Client, boss: PgBoss): Promise<string[]> {
    const { rows } = await client.query<{ id: string; name: string }>(
      `SELECT id, name FROM pgboss.job WHERE state = 'active' AND started_on < now() - interval '${GRACE_SECONDS} seconds'`,
    );
    const lost: string[] = [];
    for (const { id, name } of rows) {
      if (held.has(id)) continue;
      const free = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${KEY}) AS ok`, [id]);
      if (!free.rows[0]?.ok) continue;
      await client.query(`SELECT pg_advisory_unlock(${KEY})`, [id]);
      await boss.fail(name, id, { message: 'worker_lost: the worker running this job stopped' });
      lost.push(id);
    }
    if (lost.length > 0) log('Jobs of a stopped worker handed back', { jobs: lost });
    return lost;
  }

  const leases: JobLeases = {
    async hold(jobId) {
      await serial(async (client) => {
        await client.query(`SELECT pg_advisory_lock(${KEY})`, [jobId]);
        // Only once taken: a connection opened again takes the held locks again, and a lock is counted per take.
        held.add(jobId);
      });
    },
    async release(jobId) {
      held.delete(jobId);
      await serial((client) => client.query(`SELECT pg_advisory_unlock(${KEY})`, [jobId]));
    },
    sweep: (boss) => serial((client) => sweepOn(client, boss)),
    async close() {
      const open = session;
      session = undefined;
      held.clear();
      if (open) await (await open.catch(() => undefined))?.end().catch(() => undefined);
    },
  };
  return leases;
}
