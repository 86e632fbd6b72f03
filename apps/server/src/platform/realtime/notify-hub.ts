import pg from 'pg';

export type NotifyListener = (payload: string) => void;

/**
 * PostgreSQL LISTEN on one dedicated connection per node, fanned out to the node's listeners (its WebSockets).
 * A change committed on any node reaches every node this way, so live progress works behind a load balancer
 * without a broker. The connection is re-opened (with back-off) when it drops; notifications sent while it was
 * down are lost, which is why a client reloads the state it shows when its socket (re)connects.
 */
export interface NotifyHub {
  /** Listens to `channel` (LISTEN is issued once per channel); the returned function stops listening. */
  subscribe(channel: string, listener: NotifyListener): () => void;
  /** Resolves once the connection is up and LISTENs on every subscribed channel (tests, start-up). */
  ready(): Promise<void>;
  /**
   * Resolves once every notification committed before the call has been handed to the listeners, with the number
   * of the connection that heard them; undefined when no connection listens now (notifications may be lost). A
   * cache invalidated by notifications may answer from what it kept under that same number, and under no other:
   * a reconnection loses what was sent while it was down. Callers at once share one round trip.
   */
  caughtUp(): Promise<number | undefined>;
  close(): Promise<void>;
}

export interface NotifyHubOptions {
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  /** First reconnect delay; doubled on each failure up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

const quote = (channel: string) => `"${channel}"`;

/** A notice to each of its channel's listeners; one that throws is logged and does not stop the others. */
function dispatchTo(
  set: Set<NotifyListener> | undefined,
  message: pg.Notification,
  log: NonNullable<NotifyHubOptions['log']>,
): void {
  if (!set || message.payload === undefined) return;
  for (const listener of set) {
    try {
      listener(message.payload);
    } catch (error) {
      log('Notify listener failed', { channel: message.channel, error: String(error) });
    }
  }
}

/** LISTEN on every subscribed channel the connection does not listen to yet. */
async function listenOn(
  on: pg.Client,
  channels: Iterable<string>,
  listening: WeakMap<pg.Client, Set<string>>,
): Promise<void> {
  const done = listening.get(on) ?? new Set<string>();
  listening.set(on, done);
  for (const channel of channels) {
    if (done.has(channel)) continue;
    done.add(channel);
    await on.query(`LISTEN ${quote(channel)}`);
  }
}

export function createNotifyHub(connectionString: string, options: NotifyHubOptions = {}): NotifyHub {
  const log = options.log ?? (() => undefined);
  const firstDelay = options.reconnectMs ?? 250;
  const maxDelay = options.maxReconnectMs ?? 10_000;
  const listeners = new Map<string, Set<NotifyListener>>();
  let client: pg.Client | undefined;
  // The number of the connection in `client`: a new one after every reconnection.
  let connectionNumber = 0;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let delay = firstDelay;
  let timer: NodeJS.Timeout | undefined;

  const listening = new WeakMap<pg.Client, Set<string>>();
  const listenAll = (on: pg.Client) => listenOn(on, listeners.keys(), listening);
  let pendingListen: Promise<void> | undefined;

  const dispatch = (message: pg.Notification) => dispatchTo(listeners.get(message.channel), message, log);

  function scheduleReconnect(): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connecting = connect().catch(() => undefined);
    }, delay);
    delay = Math.min(delay * 2, maxDelay);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, keepAlive: true, application_name: 'spinyard-realtime' });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!closed) {
        log('Realtime connection lost; reconnecting', { error: error ? String(error) : 'ended' });
        scheduleReconnect();
      }
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', dispatch);
    try {
      await next.connect();
      await listenAll(next);
    } catch (error) {
      drop(error as Error);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    connectionNumber++;
    delay = firstDelay;
    // Channels subscribed while this connection was opening.
    await listenAll(next).catch((error: unknown) => drop(error as Error));
  }

  connecting = connect().catch(() => undefined);

  /**
   * A round trip on the listening connection. PostgreSQL signals the listeners while it commits, before the
   * committing client hears of it, and a listening backend sends what it was signalled before it reads its next
   * query: so every notification committed before this call arrives (and is dispatched) before the answer.
   */
  async function roundTrip(): Promise<number | undefined> {
    const live = client;
    if (!live) return undefined;
    const number = connectionNumber;
    try {
      await listenAll(live);
      await live.query('');
    } catch {
      return undefined;
    }
    return client === live ? number : undefined;
  }
  // At most one round trip in flight, and one more asked for by everyone who came while it was (it must be sent
  // after they came), sent once the event loop has read what came with them (setImmediate: the requests parsed in
  // one turn share it). Many requests at once cost a round trip per turn of the loop, not one each.
  let inFlight: Promise<number | undefined> | undefined;
  let next: Promise<number | undefined> | undefined;
  const afterThisTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  return {
    subscribe(channel, listener) {
      if (!CHANNEL.test(channel)) throw new Error(`Channel "${channel}" must be a lower-case identifier`);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        // A connection already up needs the LISTEN now; one still opening issues it for every channel. ready()
        // waits for it: a notice sent before the LISTEN is done would not be heard.
        const live = client;
        if (live) {
          pendingListen = listenAll(live).catch((error: unknown) =>
            log('LISTEN failed', { channel, error: String(error) }),
          );
        }
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },

    async ready() {
      for (;;) {
        await connecting;
        // The last LISTEN asked for: the connection runs its queries in order, so the earlier ones are done too.
        await pendingListen;
        if (client || closed) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    caughtUp() {
      if (next) return next;
      next = (inFlight ?? Promise.resolve(undefined)).then(afterThisTurn).then(() => {
        next = undefined;
        const sent = roundTrip().finally(() => {
          if (inFlight === sent) inFlight = undefined;
        });
        inFlight = sent;
        return sent;
      });
      return next;
    },

    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await connecting;
      const last = client;
      client = undefined;
      if (last) {
        last.removeAllListeners('notification');
        await last.end().catch(() => undefined);
      }
    },
  };
}
