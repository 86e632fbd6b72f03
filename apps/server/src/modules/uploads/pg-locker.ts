import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';

/**
 * tus's Locker over PostgreSQL advisory locks, so two nodes behind a load balancer never write one upload at once
 * (tus's default MemoryLocker only knows its own process). Each node keeps ONE connection (a session) that holds the
 * advisory locks of every upload a request of this node is busy with; a map in memory keeps two requests of the same
 * node apart, since a session may take its own advisory lock twice. When the lock is held elsewhere the waiter asks
 * the holder to let go, as tus wants (`requestRelease`): on this node directly, on another one by NOTIFY on a channel
 * every locker listens to, and it retries until the holder unlocks or its time is up.
 *
 * If the session's connection drops, PostgreSQL has released its locks: every request that held one is asked to
 * stop (its guarantee is gone) and the next lock opens a new session.
 */

/** NOTIFY channel naming an upload whose lock someone waits for. */
export const RELEASE_CHANNEL = 'spinyard_tus_release';

/** The advisory lock key of an upload, in PostgreSQL's 64-bit key space like the other advisory locks of the app. */
const KEY_SQL = "hashtextextended('tus:' || $1::text, 0)";

export interface PgLockerOptions {
  connectionString: string;
  /** How long a request waits for a lock before tus answers it 500 (MemoryLocker's default, 30 s). */
  acquireLockTimeoutMs?: number;
  /** Between two attempts at a lock held elsewhere. */
  retryMs?: number;
  log?: (msg: string, fields: Record<string, unknown>) => void;
}

export interface PgLocker extends Locker {
  /** Ends the session (its locks go with it); further locks are refused. */
  close(): Promise<void>;
}

interface Entry {
  requestRelease: RequestRelease;
  /** Set once PostgreSQL granted the lock on this session; until then the entry only reserves the id locally. */
  client: pg.Client | undefined;
  locked: boolean;
}

/** How often a waiter repeats its request to the holder (a NOTIFY sent while a node reconnected is lost). */
const ASK_AGAIN_MS = 1000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export function createPgLocker(options: PgLockerOptions): PgLocker {
  const timeoutMs = options.acquireLockTimeoutMs ?? 30_000;
  const retryMs = options.retryMs ?? 100;
  const log = options.log ?? (() => undefined);
  const entries = new Map<string, Entry>();
  let session: Promise<pg.Client> | undefined;
  let closed = false;

  function ask(entry: Entry | undefined): void {
    if (!entry?.locked) return;
    Promise.resolve(entry.requestRelease()).catch((error: unknown) => log('tus lock release failed', { error }));
  }

  /** The session is gone and PostgreSQL released its locks: their holders must stop. */
  function lost(client: pg.Client, error?: Error): void {
    if (!closed) log('tus lock session lost', { error: error ? String(error) : 'ended' });
    for (const [id, entry] of entries) {
      if (entry.client !== client) continue;
      entries.delete(id);
      ask(entry);
    }
  }

  function connect(): Promise<pg.Client> {
    if (session) return session;
    const client = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'spinyard-tus-locks',
    });
    const opened = (async () => {
      await client.connect();
      await client.query(`LISTEN ${RELEASE_CHANNEL}`);
      return client;
    })();
    const forget = (error?: Error) => {
      if (session === opened) session = undefined;
      lost(client, error);
    };
    client.on('error', forget);
    client.on('end', () => forget());
    client.on('notification', (message) => {
      if (message.channel === RELEASE_CHANNEL && message.payload) ask(entries.get(message.payload));
    });
    opened.catch(() => {
      forget();
      client.end().catch(() => undefined);
    });
    session = opened;
    return opened;
  }

  /** One attempt: true when this node now holds the lock (entry recorded), false when another request holds it. */
  async function tryLock(id: string, requestRelease: RequestRelease): Promise<Entry | undefined> {
    if (entries.has(id)) return undefined;
    const entry: Entry = { requestRelease, client: undefined, locked: false };
    // Reserved before the query, so a second request of this node waits here rather than asking PostgreSQL.
    entries.set(id, entry);
    try {
      const client = await connect();
      entry.client = client;
      const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${KEY_SQL}) AS ok`, [id]);
      // The entry may have gone meanwhile with a lost session: then the lock went with it.
      if (rows[0]?.ok && entries.get(id) === entry) {
        entry.locked = true;
        return entry;
      }
    } catch (error) {
      if (entries.get(id) === entry) entries.delete(id);
      throw error;
    }
    if (entries.get(id) === entry) entries.delete(id);
    return undefined;
  }

  /** Asks whoever holds the lock to let go: a request of this node directly, any other node by NOTIFY. */
  async function askHolder(id: string): Promise<void> {
    const local = entries.get(id);
    if (local) return ask(local);
    const client = await connect();
    await client.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
  }

  function newLock(id: string): Lock {
    let mine: Entry | undefined;
    return {
      async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
        const deadline = Date.now() + timeoutMs;
        let askedAt = Number.NEGATIVE_INFINITY;
        for (;;) {
          if (closed || signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
          mine = await tryLock(id, requestRelease);
          if (mine) return;
          if (Date.now() - askedAt >= ASK_AGAIN_MS) {
            askedAt = Date.now();
            await askHolder(id);
          }
          if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
          await sleep(Math.min(retryMs, Math.max(0, deadline - Date.now())), signal);
        }
      },

      async unlock(): Promise<void> {
        const entry = mine;
        if (!entry) throw new Error('Releasing an unlocked lock!');
        mine = undefined;
        // Lost with its session: PostgreSQL has released it already.
        if (entries.get(id) !== entry || !entry.client) return;
        // Queued on the session before the entry goes, so a waiter's next attempt comes after the unlock.
        const unlocked = entry.client.query(`SELECT pg_advisory_unlock(${KEY_SQL})`, [id]);
        entries.delete(id);
        try {
          await unlocked;
        } catch (error) {
          // A failed query means a broken session, whose locks PostgreSQL has released.
          log('tus unlock failed', { id, error: String(error) });
        }
      },
    };
  }

  return {
    newLock,
    async close() {
      closed = true;
      const current = session;
      session = undefined;
      if (!current) return;
      const client = await current.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
