import { ERRORS } from '@tus/server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgLocker, type PgLocker } from '../../src/modules/uploads/pg-locker.ts';
import { createTestDatabase } from '../helpers/database.ts';

/**
 * Two lockers on one database, as two `serve` nodes behind a load balancer would have: a lock held by one is waited
 * for by the other and refused when its time is up, the holder is asked to let go (tus's requestRelease) across
 * nodes, the lock lives in PostgreSQL (a third session sees it), and a session that drops releases its holders.
 */

let database: { url: string; drop(): Promise<void> };
let nodeA: PgLocker;
let nodeB: PgLocker;
const lockers: PgLocker[] = [];

const locker = (acquireLockTimeoutMs = 5000) => {
  const made = createPgLocker({ connectionString: database.url, acquireLockTimeoutMs, retryMs: 20 });
  lockers.push(made);
  return made;
};
const never = () => new AbortController().signal;
const noRelease = () => undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  nodeA = locker();
  nodeB = locker();
});

afterAll(async () => {
  for (const made of lockers) await made.close();
  await database?.drop();
});

/** Whether a plain session of its own can take the upload's advisory lock now (and gives it back at once). */
async function freeInDatabase(id: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const key = "hashtextextended('tus:' || $1::text, 0)";
    const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${key}) AS ok`, [id]);
    if (rows[0]?.ok) await client.query(`SELECT pg_advisory_unlock(${key})`, [id]);
    return rows[0]?.ok === true;
  } finally {
    await client.end();
  }
}

describe('the PostgreSQL tus locker', () => {
  it('holds the lock in the database, and gives it back on unlock', async () => {
    const lock = nodeA.newLock('upload-db');
    await lock.lock(never(), noRelease);
    expect(await freeInDatabase('upload-db')).toBe(false);
    await lock.unlock();
    expect(await freeInDatabase('upload-db')).toBe(true);
  });

  it("makes another node wait for the holder's unlock", async () => {
    const held = nodeA.newLock('upload-wait');
    await held.lock(never(), noRelease);
    const events: string[] = [];
    const waiting = nodeB
      .newLock('upload-wait')
      .lock(never(), noRelease)
      .then(() => events.push('B locked'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual([]);
    events.push('A unlocks');
    await held.unlock();
    await waiting;
    expect(events).toEqual(['A unlocks', 'B locked']);
    expect(await freeInDatabase('upload-wait')).toBe(false);
  });

  it('refuses another node once its time is up, asking the holder to let go meanwhile', async () => {
    let asked = 0;
    const held = nodeA.newLock('upload-refused');
    await held.lock(never(), () => {
      asked += 1;
    });
    const impatient = locker(400);
    const startedAt = Date.now();
    await expect(impatient.newLock('upload-refused').lock(never(), noRelease)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(350);
    // The request reached the holder on the other node (NOTIFY), though it chose not to let go.
    expect(asked).toBeGreaterThanOrEqual(1);
    await held.unlock();
    await impatient.newLock('upload-refused').lock(never(), noRelease);
  });

  it("gets the lock at once when the holder lets go on request (tus's requestRelease)", async () => {
    const held = nodeA.newLock('upload-release');
    await held.lock(never(), () => held.unlock());
    const startedAt = Date.now();
    const taken = nodeB.newLock('upload-release');
    await taken.lock(never(), noRelease);
    // Well before its 5 s timeout: the holder was told and unlocked.
    expect(Date.now() - startedAt).toBeLessThan(2500);
    await taken.unlock();
  });

  it('keeps two requests of the same node apart, and asks the first to let go', async () => {
    let asked = 0;
    const first = nodeA.newLock('upload-same-node');
    await first.lock(never(), () => {
      asked += 1;
    });
    let second = false;
    const waiting = nodeA
      .newLock('upload-same-node')
      .lock(never(), noRelease)
      .then(() => {
        second = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second).toBe(false);
    expect(asked).toBeGreaterThanOrEqual(1);
    await first.unlock();
    await waiting;
    expect(second).toBe(true);
  });

  it('does not make different uploads wait for each other', async () => {
    const one = nodeA.newLock('upload-one');
    await one.lock(never(), noRelease);
    const other = nodeB.newLock('upload-other');
    const startedAt = Date.now();
    await other.lock(never(), noRelease);
    expect(Date.now() - startedAt).toBeLessThan(1000);
    await Promise.all([one.unlock(), other.unlock()]);
  });

  it('stops waiting when the request is aborted', async () => {
    const held = nodeA.newLock('upload-aborted');
    await held.lock(never(), noRelease);
    const controller = new AbortController();
    const waiting = nodeB.newLock('upload-aborted').lock(controller.signal, noRelease);
    setTimeout(() => controller.abort(), 100);
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });

  it('asks its holders to stop when its session drops, and the lock is free for the other node', async () => {
    const fragile = locker();
    let asked = false;
    const held = fragile.newLock('upload-dropped');
    await held.lock(never(), () => {
      asked = true;
    });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // Only the session holding this upload's lock in this file's database: the cluster is shared with the other
      // test files, whose lockers' sessions must not drop. A bigint advisory key shows as classid (high) and objid.
      const { rows } = await admin.query<{ stopped: boolean }>(
        `SELECT pg_terminate_backend(l.pid) AS stopped FROM pg_locks l
          JOIN pg_database d ON d.oid = l.database AND d.datname = current_database()
          WHERE l.locktype = 'advisory' AND l.granted
            AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended('tus:' || $1::text, 0)`,
        ['upload-dropped'],
      );
      expect(rows.map((row) => row.stopped)).toEqual([true]);
    } finally {
      await admin.end();
    }
    await nodeB.newLock('upload-dropped').lock(never(), noRelease);
    expect(asked).toBe(true);
    // Unlocking a lock lost with its session is quiet: PostgreSQL released it already.
    await held.unlock();
  });
});
